/** @simplane/adapter-filesystem: the BlobStore port as files in a local folder. */
export { FileBlobStore } from './file-blob-store.js';
