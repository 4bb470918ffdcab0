import { AdvanceRecovery, installCatalog, type BuildProvider, type BuildScheduler, type SimulationOwnership, type SimulationTraffic, type WorldBuildQueue } from '@simplane/core';
import type { ControlPlaneServices } from '@simplane/http';
import { shippedCatalog } from './catalog-documents.js';
import type { Config } from './config.schema.js';
import type { ControlPlanePorts } from './control-plane.js';
import type { Stores } from './storage/stores.js';

/** A clock advance still running after this long on a shared store is taken as abandoned by its process. */
const ABANDONED_ADVANCE_MS = 5 * 60_000;

export interface BackgroundWork {
  /** Settles when start-up work (recovery, installing the catalog) is done. */
  ready: Promise<void>;
  /** Stops the sweeper and the build queues, ends the build provider's workers and closes the stores. */
  close(): Promise<void>;
}

/**
 * What runs beside the requests: taking over what a previous run left unfinished, installing
 * the catalog, the periodic sweep (expiry, idle unloading, lapsed leases and advances), and
 * shutting all of it down.
 */
export function startBackgroundWork(
  ports: ControlPlanePorts,
  config: Config,
  parts: {
    services: ControlPlaneServices;
    scheduler: BuildScheduler;
    worldBuilds: WorldBuildQueue;
    traffic: SimulationTraffic;
    stores: Stores;
    shared: boolean;
    ownership: SimulationOwnership | null;
  },
): BackgroundWork {
  const { services, scheduler, worldBuilds, traffic, stores, shared, ownership } = parts;
  const advances = new AdvanceRecovery(
    ports.advanceLog,
    ports.simulationRepository,
    ports.stepLog,
    ports.worldRepository,
    services.clock,
    services.worldClock,
    ports.clock,
    ports.logger,
    ABANDONED_ADVANCE_MS,
  );
  // What a previous run left unfinished is taken over first: a store no other process shares
  // (the embedded default) takes all of it at once, a shared one what has been left too long.
  const ready = Promise.all([scheduler.recover({ all: !shared }), worldBuilds.recover({ all: !shared }), advances.recover({ all: !shared }), ownership?.start()]).then(() =>
    config.catalog
      ? installCatalog(shippedCatalog(), {
          repository: ports.simulatorRepository,
          blobs: ports.blobStore,
          scheduler,
          clock: ports.clock,
          ids: ports.ids,
        })
      : undefined,
  );
  const provider: BuildProvider & { close?: () => Promise<void> } = ports.buildProvider;
  const logger = ports.logger;
  const sweeper =
    config.simulation_sweep_interval_ms === 0
      ? undefined
      : setInterval(() => {
          void Promise.all([traffic.sweepExpired(), traffic.sweepIdle(), scheduler.recover(), worldBuilds.recover(), advances.recover()]).catch((error: unknown) =>
            logger.error('simulation sweep failed', { cause: error instanceof Error ? error.message : String(error) }),
          );
        }, config.simulation_sweep_interval_ms);
  sweeper?.unref();
  // Leases of the Simulations this process owns are renewed three times per lease length.
  const leaseMs = config.storage?.kind === 'postgres' ? config.storage.simulation_lease_ms : 0;
  const renewer =
    ownership === null
      ? undefined
      : setInterval(() => {
          ownership.renew().catch((error: unknown) => logger.warn('simulation leases could not be renewed', { cause: error instanceof Error ? error.message : String(error) }));
        }, leaseMs / 3);
  renewer?.unref();
  const close = async () => {
    clearInterval(sweeper);
    clearInterval(renewer);
    await ready.catch(() => undefined);
    await scheduler.close();
    await worldBuilds.close();
    await provider.close?.();
    await ownership?.close();
    await stores.close();
  };
  return { ready, close };
}
