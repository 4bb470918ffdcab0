/** @simplane/core/testing: conformance suites every adapter of a port runs. */
export * from './credential-repository.conformance.js';
export * from './key-store.conformance.js';
export * from './blob-store.conformance.js';
export * from './usage-ledger.conformance.js';
export * from './simulator-repository.conformance.js';
export * from './build-provider.conformance.js';
export * from './simulation-repository.conformance.js';
export * from './step-log.conformance.js';
export * from './advance-log.conformance.js';
export * from './world-repository.conformance.js';
export * from './simulation-leases.conformance.js';
