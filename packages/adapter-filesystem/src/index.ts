/** @simplane/adapter-filesystem: the BlobStore and StepLog ports as files in a local folder. */
export { FileBlobStore } from './file-blob-store.js';
export { FileStepLog, type FileStepLogOptions, type MovedRecord, type Recovery } from './step-log/file-step-log.js';
