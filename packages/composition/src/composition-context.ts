import type { Quotas, BuildLeaseOptions, SimulationLeases, SimulationPool } from '@simplane/core';
import type { Config } from './config.schema.js';
import type { ComposeOverrides } from './control-plane.js';

/** What the service bindings share besides the container: the configuration and this process's settings. */
export interface CompositionContext {
  config: Config;
  overrides: ComposeOverrides;
  quotas: Quotas;
  /** Both build queues lease their running builds under one name for this process. */
  lease: BuildLeaseOptions;
  /** Other processes write a Postgres store too; the embedded and memory stores are this process's alone. */
  shared: boolean;
  /** The Simulations this process holds, shared by the Simulation service, the data plane and the clock. */
  pool: SimulationPool;
  /** The store's Simulation leases, where several processes share it. */
  leases?: SimulationLeases;
}
