/** @simplane/engine/testing: generated documents for tests and benchmarks. */
export * from './generate-document.js';
