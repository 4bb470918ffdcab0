import { S3Client } from '@aws-sdk/client-s3';

/** Where and as whom to reach S3, for a store that makes its own client. */
export interface S3ConnectionConfig {
  /** An S3-compatible service's URL (MinIO, R2, a local test server); AWS S3 itself when absent. */
  endpoint?: string;
  region: string;
  /** `host/bucket/key` addressing instead of `bucket.host/key`; most S3-compatible services need it. */
  forcePathStyle?: boolean;
  /** An access key; when absent, the SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/**
 * A client for the store. A connection attempt gives up after 5 s and an idle socket after 30 s,
 * so an unreachable service answers `internal_unavailable` instead of holding a request open.
 * Checksums are sent only where S3 requires them when an endpoint is given: several
 * S3-compatible services reject the SDK's default streamed checksums.
 */
export function createS3Client(config: S3ConnectionConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint === undefined
      ? {}
      : { endpoint: config.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
    forcePathStyle: config.forcePathStyle ?? false,
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
}
