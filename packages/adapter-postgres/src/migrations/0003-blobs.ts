import type { Migration } from './migration.js';

/**
 * The BlobStore in the database, for a deployment without S3: each object in chunks of at most
 * 1 MiB, so neither side of the connection encodes a large document as one value.
 */
export const blobs: Migration = {
  version: 3,
  name: 'blobs',
  sql: `
    CREATE TABLE blobs (
      key text PRIMARY KEY,
      size bigint NOT NULL,
      chunks integer NOT NULL
    );
    CREATE TABLE blob_chunks (
      key text NOT NULL,
      seq integer NOT NULL,
      bytes bytea NOT NULL,
      PRIMARY KEY (key, seq)
    );
  `,
};
