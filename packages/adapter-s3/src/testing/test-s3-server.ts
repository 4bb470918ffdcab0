import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3ConnectionConfig } from '../s3-client.js';

/** The bucket every test server has. */
export const TEST_BUCKET = 'simplane-test';

export interface TestS3Server {
  /** How to reach it: loopback, path-style, s3rver's fixed access key. */
  connection: S3ConnectionConfig;
  /** A client for it that tries once, so a failure shows at once. */
  client(): S3Client;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) in this process, on a free loopback port, storing in a
 * temporary folder: the suites never reach a real network.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'simplane-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const connection: S3ConnectionConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const clients: S3Client[] = [];
  return {
    connection,
    client() {
      const client = loopbackClient(connection);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A client for a loopback endpoint that tries each request once and waits at most 2 s to connect. */
export function loopbackClient(connection: S3ConnectionConfig): S3Client {
  return new S3Client({
    ...connection,
    maxAttempts: 1,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 2_000, socketTimeout: 10_000 },
  });
}
