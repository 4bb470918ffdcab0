import 'reflect-metadata';
import { Container } from 'inversify';
import { randomBytes } from 'node:crypto';
import { SimulationPool, TOKENS, type SimulationOwnership, type BuildScheduler, type Quotas, type SimulationTraffic, type WorldBuildQueue } from '@simplane/core';
import { controlPlaneRoutes, createHandler, DEFAULT_HANDLER_OPTIONS, type ControlPlaneServices } from '@simplane/http';
import { startBackgroundWork } from './background-work.js';
import { bindPorts, portsOf } from './bind-ports.js';
import { bindServices } from './bind-services.js';
import { bindSimulations } from './bind-simulations.js';
import { consoleBundle } from './console-bundle.js';
import type { CompositionContext } from './composition-context.js';
import { COMPOSITION_TOKENS } from './composition-tokens.js';
import type { Config } from './config.schema.js';
import type { ComposeOverrides, ControlPlane } from './control-plane.js';
import { processOwner } from './process-identity.js';
import { planTenants } from './tenants.js';
import { loadMemoryTenants, memoryStores, type Stores } from './storage/stores.js';

export type { ComposeOverrides, ControlPlane, ControlPlanePorts } from './control-plane.js';

/**
 * The composition root: binds every port to its adapter (bind-ports.ts) and every service to
 * its ports (bind-services.ts, bind-simulations.ts), builds the neutral handler and starts the
 * background work (background-work.ts). The only place, with the hosts' entry points, that
 * knows inversify.
 */
export function composeControlPlane(config: Config, overrides: ComposeOverrides = {}): ControlPlane {
  const container = new Container({ defaultScope: 'Singleton' });
  const { tenants, plan } = planTenants(config);
  let stores: Stores;
  if (overrides.stores === undefined) {
    const memory = memoryStores();
    loadMemoryTenants(memory.keyStore, plan);
    stores = { ...memory, blobs: overrides.blobStore?.(memory.blobs) ?? memory.blobs };
  } else {
    stores = overrides.stores;
  }
  // Without a configured key, values are sealed with a key that lives as long as the process,
  // which is exactly as long as the in-memory credentials it protects.
  const secretKey = config.secret_key === undefined ? randomBytes(32) : Buffer.from(config.secret_key, 'base64');
  // Other processes write a Postgres store too; the embedded and memory stores are this process's alone.
  const shared = stores.kind === 'postgres';
  const quotas: Quotas = {
    activeSimulations: config.quotas.active_simulations,
    buildsPerDay: config.quotas.builds_per_day,
    concurrentBuilds: config.quotas.concurrent_builds,
    concurrentWorldBuilds: config.quotas.concurrent_world_builds,
  };
  const context: CompositionContext = {
    config,
    overrides,
    quotas,
    lease: { owner: processOwner(), leaseMs: config.build_lease_seconds * 1000 },
    shared,
    pool: new SimulationPool(config.max_simulations),
    ...(stores.leases === undefined ? {} : { leases: stores.leases }),
  };
  bindPorts(container, config, stores, overrides, secretKey);
  bindServices(container, context);
  bindSimulations(container, context);

  const services: ControlPlaneServices = {
    auth: container.get(TOKENS.authService),
    credentials: container.get(TOKENS.credentialService),
    simulators: container.get(TOKENS.simulatorService),
    quotas: container.get(TOKENS.quotaService),
    simulations: container.get(TOKENS.simulationService),
    clock: container.get(TOKENS.simulationClock),
    dataPlane: container.get(TOKENS.simulationTraffic),
    worlds: container.get(TOKENS.worldService),
    worldClock: container.get(TOKENS.worldClock),
    ids: container.get(TOKENS.ids),
    logger: container.get(TOKENS.logger),
  };
  const routes = controlPlaneRoutes(services);
  const consoleAssets = consoleBundle(overrides.consoleAssetsDir);
  const handle = createHandler(routes, services, { ...DEFAULT_HANDLER_OPTIONS, bodyTimeoutMs: config.body_timeout_ms, ...(consoleAssets === null ? {} : { console: consoleAssets }) });
  const scheduler = container.get<BuildScheduler>(TOKENS.buildScheduler);
  const worldBuilds = container.get<WorldBuildQueue>(COMPOSITION_TOKENS.worldBuildQueue);
  const traffic = container.get<SimulationTraffic>(TOKENS.simulationTraffic);
  const ports = portsOf(container);
  const ownership = container.get<SimulationOwnership | null>(COMPOSITION_TOKENS.simulationOwnership);
  const { ready, close } = startBackgroundWork(ports, config, { services, scheduler, worldBuilds, traffic, stores, shared, ownership });
  return { handle, routes, services, ports, tenants, scheduler, worldBuilds, traffic, ready, close, console: consoleAssets };
}
