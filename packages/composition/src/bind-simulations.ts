import type { Container } from 'inversify';
import {
  SimulationClock,
  SimulationLoader,
  SimulationOwnership,
  SimulationService,
  SimulationTraffic,
  TOKENS,
  WorldBuilder,
  WorldBuildQueue,
  WorldClock,
  WorldService,
  type SimulatorService,
} from '@simplane/core';
import type { CompositionContext } from './composition-context.js';
import { COMPOSITION_TOKENS } from './composition-tokens.js';

/** Steps between state snapshots: a fork or restore replays at most this many minus one. */
const SNAPSHOT_EVERY = 64;

/** Records serialised per turn of the event loop when a large state is snapshotted (a few ms). */
const SNAPSHOT_SLICE_RECORDS = 1024;

/** Binds the services of Simulations, their clock and Worlds to their ports. */
export function bindSimulations(container: Container, { config, overrides, quotas, lease, shared, pool, leases }: CompositionContext): void {
  const leaseMs = config.storage?.kind === 'postgres' ? config.storage.simulation_lease_ms : 0;
  container
    .bind(COMPOSITION_TOKENS.simulationOwnership)
    .toDynamicValue((c) => (shared && leases !== undefined && leaseMs > 0 ? new SimulationOwnership(leases, pool, c.get(TOKENS.logger), { owner: lease.owner, leaseMs }) : null));
  container.bind(COMPOSITION_TOKENS.simulationLoader).toDynamicValue(
    (c) => new SimulationLoader(c.get(TOKENS.blobStore), c.get(TOKENS.runtime), c.get(TOKENS.stepLog), config.simulation_start_timeout_ms),
  );
  container
    .bind(TOKENS.simulationService)
    .toDynamicValue(
      (c) =>
        new SimulationService({
          repository: c.get(TOKENS.simulationRepository),
          steps: c.get(TOKENS.stepLog),
          advances: c.get(TOKENS.advanceLog),
          resolveSimulator: (principal, reference) => c.get<SimulatorService>(TOKENS.simulatorService).resolve(principal, reference),
          loader: c.get(COMPOSITION_TOKENS.simulationLoader),
          pool,
          quotas,
          clock: c.get(TOKENS.clock),
          ids: c.get(TOKENS.ids),
          cursors: c.get(TOKENS.cursors),
          options: {
            tokenTtlSeconds: config.simulation_token_ttl_seconds,
            publicBaseUrl: config.public_base_url ?? null,
            shared,
            owner: lease.owner,
            exclusive: !shared,
          },
        }),
    );
  container
    .bind(TOKENS.simulationTraffic)
    .toDynamicValue(
      (c) =>
        new SimulationTraffic(
          c.get(TOKENS.simulationRepository),
          c.get(TOKENS.stepLog),
          c.get(COMPOSITION_TOKENS.simulationLoader),
          pool,
          c.get<SimulationService>(TOKENS.simulationService).records,
          c.get(TOKENS.clock),
          c.get(TOKENS.logger),
          {
            snapshotEvery: SNAPSHOT_EVERY,
            idleMs: config.simulation_idle_seconds * 1000,
            snapshotSliceRecords: overrides.snapshotSliceRecords ?? SNAPSHOT_SLICE_RECORDS,
            shared,
            publicBaseUrl: config.public_base_url ?? null,
          },
          c.get<SimulationOwnership | null>(COMPOSITION_TOKENS.simulationOwnership) ?? undefined,
        ),
    );
  container
    .bind(TOKENS.simulationClock)
    .toDynamicValue(
      (c) =>
        new SimulationClock(
          c.get(TOKENS.simulationRepository),
          c.get(TOKENS.advanceLog),
          c.get(TOKENS.simulationService),
          c.get(TOKENS.simulationTraffic),
          pool,
          c.get(TOKENS.clock),
          c.get(TOKENS.ids),
          c.get(TOKENS.cursors),
          c.get(TOKENS.logger),
        ),
    );
  container.bind(COMPOSITION_TOKENS.worldBuilder).toDynamicValue(
    (c) =>
      new WorldBuilder(
        c.get(TOKENS.worldRepository),
        c.get(TOKENS.simulationService),
        (principal, reference) => c.get<SimulatorService>(TOKENS.simulatorService).resolve(principal, reference),
        quotas,
        c.get(TOKENS.clock),
        c.get(TOKENS.logger),
      ),
  );
  container
    .bind(COMPOSITION_TOKENS.worldBuildQueue)
    .toDynamicValue(
      (c) => new WorldBuildQueue(c.get(TOKENS.worldRepository), c.get<WorldBuilder>(COMPOSITION_TOKENS.worldBuilder).run, c.get(TOKENS.clock), c.get(TOKENS.logger), () => quotas.concurrentWorldBuilds, lease),
    );
  container
    .bind(TOKENS.worldService)
    .toDynamicValue(
      (c) =>
        new WorldService(
          c.get(TOKENS.worldRepository),
          c.get(TOKENS.simulationService),
          c.get(COMPOSITION_TOKENS.worldBuildQueue),
          c.get(COMPOSITION_TOKENS.worldBuilder),
          (principal, reference) => c.get<SimulatorService>(TOKENS.simulatorService).resolve(principal, reference),
          quotas,
          c.get(TOKENS.clock),
          c.get(TOKENS.ids),
          c.get(TOKENS.cursors),
          c.get(TOKENS.advanceLog),
          { publicBaseUrl: config.public_base_url ?? null, owner: lease.owner, exclusive: !shared },
        ),
    );
  container
    .bind(TOKENS.worldClock)
    .toDynamicValue(
      (c) =>
        new WorldClock(
          c.get(TOKENS.worldRepository),
          c.get(TOKENS.simulationRepository),
          c.get(TOKENS.simulationClock),
          c.get(TOKENS.advanceLog),
          c.get(TOKENS.clock),
          c.get(TOKENS.ids),
          c.get(TOKENS.cursors),
          c.get(TOKENS.logger),
        ),
    );
}
