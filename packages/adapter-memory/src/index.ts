/** @simplane/adapter-memory: every port in memory, the embedded default. */
export * from './memory-credential-repository.js';
export * from './memory-key-store.js';
