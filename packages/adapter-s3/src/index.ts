/** @simplane/adapter-s3: the BlobStore port on S3 or any S3-compatible service. */
export { S3BlobStore, type S3BlobStoreOptions, type S3Location } from './s3-blob-store.js';
export { createS3Client, type S3ConnectionConfig } from './s3-client.js';
