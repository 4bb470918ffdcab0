/** @simplane/core/testing: conformance suites every adapter of a port runs. */
export * from './credential-repository.conformance.js';
export * from './key-store.conformance.js';
