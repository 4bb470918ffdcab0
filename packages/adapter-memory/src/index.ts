/** @simplane/adapter-memory: every port in memory, the embedded default. */
export * from './memory-credential-repository.js';
export * from './memory-key-store.js';
export * from './memory-blob-store.js';
export * from './memory-usage-ledger.js';
export * from './memory-simulator-repository.js';
export * from './memory-simulation-repository.js';
export * from './memory-step-log.js';
export * from './memory-advance-log.js';
export * from './memory-world-repository.js';
export * from './memory-simulation-leases.js';
