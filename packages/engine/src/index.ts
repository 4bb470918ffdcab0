/**
 * @simplane/engine: the OpenAPI compiler behind core's BuildProvider port, and the Runtime that
 * runs data-plane requests against its artifacts. Pure logic: parses and checks a document (2.0,
 * 3.0, 3.1; JSON or YAML; optionally with an Overlay), infers its resources and behaviours, and
 * answers a versioned, deterministic artifact named by its digest; `EngineRuntime` loads such an
 * artifact and answers requests from it and a Simulation's state.
 */
export * from './artifact/artifact.js';
export { artifactKey, readArtifact, serialiseArtifact } from './artifact/build-artifact.js';
export { matchRequest, matchRoute, type Discriminate, type RouteMatch, type RouteNode, type RoutePattern, type RouteTarget, type RouteVariant } from './artifact/route-index.js';
export { compileDocument, type CompileInput } from './compile/compile-document.js';
export type { CompileHooks } from './compile/checkpoint.js';
export { filterProblem } from './compile/filters.js';
export { RULES, type RuleCode } from './diagnostics/rules.js';
export { lifecycleListing, type LifecycleEntry } from './lifecycle/listing.js';
export { PARSE_LIMITS } from './parse/limits.js';
export { InlineBuildProvider } from './providers/inline-build-provider.js';
export { WorkerBuildProvider, type WorkerBuildProviderOptions } from './providers/worker-build-provider.js';
export { EngineRuntime } from './runtime/engine-runtime.js';
export { learnFrom, type ProbeAnswer, type ProbeFinding } from './probing/learn.js';
export { firstProbes, readProbes, type ProbeRequest } from './probing/probe-plan.js';
export { runProbes, type ProbeRunOptions } from './probing/probe-run.js';
