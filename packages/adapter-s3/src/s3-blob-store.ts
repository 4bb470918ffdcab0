import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { watchSource, type BlobStore } from '@simplane/core';
import { createS3Client, type S3ConnectionConfig } from './s3-client.js';
import { isMissing, unavailable } from './s3-errors.js';

/** Parts of a multipart upload: S3's minimum is 5 MiB; 8 MiB keeps a 64 MiB document to 8 parts. */
const PART_BYTES = 8 * 1024 * 1024;

/** Parts uploaded at once: a stream then holds about 24 MiB, two parts sent and one gathering. */
const PARTS_IN_FLIGHT = 2;

export interface S3Location {
  bucket: string;
  /** Put before every key, so stores can share a bucket; a `/` is added if it lacks one. */
  prefix?: string;
}

/** A bucket with a client the caller made (and closes), or with what to make one from. */
export type S3BlobStoreOptions = S3Location & ({ client: S3Client } | S3ConnectionConfig);

/**
 * Blobs as objects in an S3 bucket. Every write goes through lib-storage's `Upload`: one
 * PutObject for an object of one part, a multipart upload beyond that. Either way S3 shows the
 * object only once complete, so a reader sees the old bytes or the new. A process that dies
 * mid-upload leaves its parts in the bucket, unseen, until a lifecycle rule
 * (AbortIncompleteMultipartUpload) removes them.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly ownsClient: boolean;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = normalisePrefix(options.prefix);
    this.ownsClient = !('client' in options);
    this.client = 'client' in options ? options.client : createS3Client(options);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    try {
      await this.upload(key, bytes);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return answer.Body === undefined ? new Uint8Array() : await answer.Body.transformToByteArray();
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error);
    }
  }

  /** S3 answers a delete of a missing key as a success. */
  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
    } catch (error) {
      if (!isMissing(error)) throw unavailable(error);
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw unavailable(error);
    }
  }

  /**
   * Stores what `source` yields under `key`, in parts of 8 MiB, so a large document is never
   * held whole. Atomic as `put`; if the source throws, the old object stays and the source's
   * error is rethrown as it is.
   */
  async putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const watched = watchSource(source);
    const body = Readable.from(watched.chunks);
    try {
      await this.upload(key, body);
    } catch (error) {
      const failure = watched.failure();
      throw failure === undefined ? unavailable(error) : failure.error;
    } finally {
      body.destroy();
    }
  }

  /**
   * The object's bytes in chunks as they arrive, or null for a missing key. Iterate to the end or
   * break out of the loop: either gives the connection back.
   */
  async getStream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return readChunks((answer.Body ?? Readable.from([])) as AsyncIterable<Uint8Array>);
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error);
    }
  }

  /** Closes the client's connections if this store made the client. */
  close(): void {
    if (this.ownsClient) this.client.destroy();
  }

  private async upload(key: string, body: Uint8Array | Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.prefix + key, Body: body },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    await upload.done();
  }
}

async function* readChunks(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk;
  } catch (error) {
    throw unavailable(error);
  }
}

function normalisePrefix(prefix: string | undefined): string {
  if (prefix === undefined || prefix === '') return '';
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}
