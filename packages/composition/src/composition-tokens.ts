import { defineToken, type SimulationLoader, type SimulationOwnership, type WorldBuilder, type WorldBuildQueue } from '@simplane/core';

/**
 * Tokens of what only this composition root shares between its bindings; core's own are
 * core's `TOKENS`. Each is named for the package that owns it (docs/architecture.md).
 */
export const COMPOSITION_TOKENS = {
  /** The loader the Simulation service and the data plane share. */
  simulationLoader: defineToken<SimulationLoader>('composition', 'simulationLoader'),
  /** The World builder and its queue, for the World service. */
  worldBuilder: defineToken<WorldBuilder>('composition', 'worldBuilder'),
  worldBuildQueue: defineToken<WorldBuildQueue>('composition', 'worldBuildQueue'),
  /** Which Simulations this process owns on a shared store; null where it owns them all (memory, embedded) or leases are off. */
  simulationOwnership: defineToken<SimulationOwnership | null>('composition', 'simulationOwnership'),
} as const;
