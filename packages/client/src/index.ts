/** @simplane/client: the Simplane control plane, typed, over fetch (Node 20+, browsers and other runtimes). */
export { SimplaneClient, type SimplaneClientOptions } from './simplane-client.js';
export { SimplaneApiError, SimplaneConnectionError, describeIssue, type Issue, type Problem } from './errors.js';
export { MAX_DOCUMENT_BYTES, isSettled, type BuildDocument, type BuildOptions, type BuildProgress, type WaitOptions } from './build.js';
export { pages, items, type Page } from './paging.js';
export type { TransportLimits, Fetch, Wait } from './transport.js';
export type { Simulators } from './simulators.js';
export type { Simulations } from './simulations.js';
export type { Worlds } from './worlds.js';
export type { Credentials } from './credentials.js';
export type * from './types.js';
export type { paths, components, operations } from './generated/control-plane.js';
