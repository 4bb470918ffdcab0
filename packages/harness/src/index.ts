/** @simplane/harness: Simplane in memory, for other projects' test suites. No sockets. */
export * from './harness.js';
export * from './harness-fetch.js';
export * from './multipart.js';
export * from './simulate.js';
