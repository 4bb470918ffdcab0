/** @simplane/engine/testing: generated documents, and an in-memory Simulation for runtime tests and benchmarks. */
export * from './generate-document.js';
export { MapState } from './map-state.js';
export { SimClient, type SimAnswer, type SimCall } from './sim-client.js';
