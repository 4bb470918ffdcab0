import type { SimulationLoader, Token, WorldBuilder, WorldBuildQueue } from '@simplane/core';

function token<T>(name: string): Token<T> {
  return Symbol.for(`@simplane/composition/${name}`) as Token<T>;
}

/**
 * Tokens of what only this composition root shares between its bindings; core's own are
 * core's `TOKENS`. Each is named for the package that owns it (docs/architecture.md).
 */
export const COMPOSITION_TOKENS = {
  /** The loader the Simulation service and the data plane share. */
  simulationLoader: token<SimulationLoader>('simulationLoader'),
  /** The World builder and its queue, for the World service. */
  worldBuilder: token<WorldBuilder>('worldBuilder'),
  worldBuildQueue: token<WorldBuildQueue>('worldBuildQueue'),
} as const;
