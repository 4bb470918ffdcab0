/** @simplane/engine/testing: generated documents, and an in-memory Simulation for runtime tests and benchmarks. */
export * from './generate-document.js';
export { generateConnectedDocument } from './generate-connected.js';
export { MapState } from './map-state.js';
export { SimClient, type SimAnswer, type SimCall } from './sim-client.js';
export { ResponseChecker } from './response-check.js';
/** The runtime's own value generator and seeded randomness, for property tests that make valid requests. */
export { generateValue, type GenerateContext } from '../runtime/values/generate-value.js';
export { randomFor, type Random } from '../runtime/values/random.js';
export { credentialsFor } from './credentials.js';
export { requestParts, type RequestParts } from './request-parts.js';
export { resourceDocument } from './resource-document.js';
