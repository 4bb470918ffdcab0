import 'reflect-metadata';
import { Container } from 'inversify';
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  AdvanceRecovery,
  CachedSimulationRepository,
  AesGcmSecretCipher,
  AuthService,
  BuildAllowance,
  BuildProbing,
  BuildScheduler,
  PROBE_LIMITS,
  CredentialService,
  installCatalog,
  QuotaService,
  SimulationLoader,
  SimulationPool,
  SimulationClock,
  SimulationService,
  SimulationTraffic,
  SimulatorService,
  WorldBuilder,
  WorldClock,
  WorldBuildQueue,
  WorldService,
  CursorCodec,
  SessionSealer,
  TOKENS,
  UlidIdGenerator,
  systemClock,
  type Clock,
  type IdGenerator,
  type KeyStore,
  type Logger,
  type BuildProvider,
  type RealSystemClient,
  type Runtime,
  type SimulationRepository,
  type StepLog,
  type SimulatorRepository,
  type Quotas,
  type WorldRepository,
} from '@simplane/core';
import type { MemoryBlobStore } from '@simplane/adapter-memory';
import { EngineRuntime, filterProblem, InlineBuildProvider, WorkerBuildProvider } from '@simplane/engine';
import { UndiciRealSystemClient } from '@simplane/adapter-undici';
import { shippedCatalog } from './catalog-documents.js';
import { controlPlaneRoutes, createHandler, DEFAULT_HANDLER_OPTIONS, type ControlPlaneServices, type Handler, type Route } from '@simplane/http';
import type { Config } from './config.schema.js';
import { createConsoleLogger } from './console-logger.js';
import { planTenants, type Tenants } from './tenants.js';
import { loadMemoryTenants, memoryStores, type Stores } from './storage/stores.js';

/** Catalog builds run beside every workspace's, two at a time. */
const CATALOG_BUILD_CONCURRENCY = 2;

/** A clock advance still running after this long on a shared store is taken as abandoned by its process. */
const ABANDONED_ADVANCE_MS = 5 * 60_000;

/** Steps between state snapshots: a fork or restore replays at most this many minus one. */
const SNAPSHOT_EVERY = 64;

/** Records serialised per turn of the event loop when a large state is snapshotted (a few ms). */
const SNAPSHOT_SLICE_RECORDS = 1024;

/** Replacements a caller (a test, the harness) may put in place of the defaults. */
export interface ComposeOverrides {
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  /** Wraps the configured key store, e.g. to simulate an authentication outage. */
  keyStore?: (configured: KeyStore) => KeyStore;
  /** Replaces the engine, e.g. to simulate an unavailable build service. */
  buildProvider?: BuildProvider;
  /** Wraps the client builds ask real systems through, e.g. to see what a build sends. */
  realSystemClient?: (configured: RealSystemClient) => RealSystemClient;
  /** Wraps the blob store, e.g. to simulate a storage outage. */
  blobStore?: (configured: MemoryBlobStore) => import('@simplane/core').BlobStore;
  /**
   * The stores, opened (`openStores`), with the configured tenants loaded; every port in memory
   * when absent. The control plane closes them when it closes.
   */
  stores?: Stores;
  /** Records per slice when a large state is snapshotted; small values exercise slicing in tests. */
  snapshotSliceRecords?: number;
  /** Wraps the step log, e.g. to simulate a storage failure while recording a step. */
  stepLog?: (configured: StepLog) => StepLog;
  /** Wraps the engine's runtime, e.g. to make loading fail or hang. */
  runtime?: (configured: Runtime) => Runtime;
}

export interface ControlPlane {
  handle: Handler;
  /** The route table behind `handle`; the OpenAPI document is generated from it. */
  routes: Route[];
  services: ControlPlaneServices;
  /** Runs the builds; `idle()` resolves when none is running or waiting. */
  scheduler: BuildScheduler;
  /** Runs the World builds; `idle()` resolves when none is running or waiting. */
  worldBuilds: WorldBuildQueue;
  /** The data plane and Simulation housekeeping (idle unloading, expiry). */
  traffic: SimulationTraffic;
  /** Settles when start-up work (installing the catalog) is done; builds may still run. */
  ready: Promise<void>;
  /** Stops background work: running builds are aborted and worker threads end. */
  close(): Promise<void>;
  tenants: Tenants;
  container: Container;
}

/**
 * The composition root: binds every port to its adapter and every service to its ports, then
 * builds the neutral handler. The only place, with the hosts' entry points, that knows inversify.
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
  const keyStore = stores.keyStore;
  // Without a configured key, values are sealed with a key that lives as long as the process,
  // which is exactly as long as the in-memory credentials it protects.
  const secretKey = config.secret_key === undefined ? randomBytes(32) : Buffer.from(config.secret_key, 'base64');

  container.bind(TOKENS.clock).toConstantValue(overrides.clock ?? systemClock);
  container.bind(TOKENS.ids).toConstantValue(overrides.ids ?? new UlidIdGenerator());
  container.bind(TOKENS.logger).toConstantValue(overrides.logger ?? createConsoleLogger(config.log_level));
  container.bind(TOKENS.secretCipher).toConstantValue(new AesGcmSecretCipher(secretKey));
  container.bind(TOKENS.cursors).toConstantValue(new CursorCodec(derive(secretKey, 'cursor')));
  // Other processes write a Postgres store too; the embedded and memory stores are this process's alone.
  const shared = stores.kind === 'postgres';
  // Both build queues lease their running builds under one name for this process.
  const lease = { owner: processOwner(), leaseMs: config.build_lease_seconds * 1000 };
  container.bind(TOKENS.keyStore).toConstantValue(overrides.keyStore?.(keyStore) ?? keyStore);
  container.bind(TOKENS.credentialRepository).toConstantValue(stores.credentials);
  const quotas: Quotas = {
    activeSimulations: config.quotas.active_simulations,
    buildsPerDay: config.quotas.builds_per_day,
    concurrentBuilds: config.quotas.concurrent_builds,
    concurrentWorldBuilds: config.quotas.concurrent_world_builds,
  };
  container.bind(TOKENS.quotas).toConstantValue(quotas);
  container.bind(TOKENS.blobStore).toConstantValue(stores.blobs);
  container.bind(TOKENS.usageLedger).toConstantValue(stores.usage);
  container.bind(TOKENS.simulatorRepository).toConstantValue(stores.simulators);
  container
    .bind(TOKENS.buildProvider)
    .toConstantValue(overrides.buildProvider ?? (config.build_workers === 0 ? new InlineBuildProvider() : new WorkerBuildProvider({ workers: config.build_workers })));
  const realSystems = new UndiciRealSystemClient();
  container.bind(TOKENS.realSystemClient).toConstantValue(overrides.realSystemClient?.(realSystems) ?? realSystems);
  container
    .bind(TOKENS.buildScheduler)
    .toDynamicValue(
      (c) =>
        new BuildScheduler(
          c.get(TOKENS.simulatorRepository),
          c.get(TOKENS.blobStore),
          c.get(TOKENS.buildProvider),
          c.get(TOKENS.clock),
          c.get(TOKENS.logger),
          (workspaceId) => (workspaceId === null ? CATALOG_BUILD_CONCURRENCY : quotas.concurrentBuilds),
          lease,
          new BuildProbing(
            c.get(TOKENS.credentialService),
            c.get(TOKENS.realSystemClient),
            { allowLoopback: config.allow_http_loopback_credentials, allowPrivate: config.allow_private_credentials },
            { timeoutMs: config.probe_timeout_ms, maxBodyBytes: PROBE_LIMITS.maxBodyBytes },
          ),
        ),
    );
  container.bind(TOKENS.buildAllowance).toDynamicValue((c) => new BuildAllowance(c.get(TOKENS.usageLedger), c.get(TOKENS.clock), quotas));
  container
    .bind(TOKENS.simulatorService)
    .toDynamicValue(
      (c) =>
        new SimulatorService(
          c.get(TOKENS.simulatorRepository),
          c.get(TOKENS.blobStore),
          c.get(TOKENS.buildScheduler),
          c.get(TOKENS.buildAllowance),
          c.get(TOKENS.credentialService),
          c.get(TOKENS.keyStore),
          c.get(TOKENS.clock),
          c.get(TOKENS.ids),
          c.get(TOKENS.cursors),
          c.get(TOKENS.runtime),
          // Simulations and Worlds that use the Simulator (a failed World has no member but still names it).
          async (simulatorId) =>
            (await c.get<SimulationRepository>(TOKENS.simulationRepository).countBySimulator(simulatorId)) +
            (await c.get<WorldRepository>(TOKENS.worldRepository).listBySimulator(simulatorId)).length,
          // The engine's own rule for filters, asked before the build is accepted.
          filterProblem,
        ),
    );
  // The embedded default's store is this process's alone: its Simulation records can be read
  // from memory (every data-plane request reads one).
  container.bind(TOKENS.simulationRepository).toConstantValue(stores.kind === 'embedded' ? new CachedSimulationRepository(stores.simulations) : stores.simulations);
  container.bind(TOKENS.stepLog).toConstantValue(overrides.stepLog?.(stores.steps) ?? stores.steps);
  container.bind(TOKENS.advanceLog).toConstantValue(stores.advances);
  const engineRuntime: Runtime = new EngineRuntime();
  container.bind(TOKENS.runtime).toConstantValue(overrides.runtime?.(engineRuntime) ?? engineRuntime);
  const pool = new SimulationPool(config.max_simulations);
  container.bind(SIMULATION_LOADER).toDynamicValue(
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
          loader: c.get(SIMULATION_LOADER),
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
          c.get(SIMULATION_LOADER),
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
  container.bind(TOKENS.worldRepository).toConstantValue(stores.worlds);
  container.bind(WORLD_BUILDER).toDynamicValue(
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
    .bind(WORLD_BUILD_QUEUE)
    .toDynamicValue(
      (c) => new WorldBuildQueue(c.get(TOKENS.worldRepository), c.get<WorldBuilder>(WORLD_BUILDER).run, c.get(TOKENS.clock), c.get(TOKENS.logger), () => quotas.concurrentWorldBuilds, lease),
    );
  container
    .bind(TOKENS.worldService)
    .toDynamicValue(
      (c) =>
        new WorldService(
          c.get(TOKENS.worldRepository),
          c.get(TOKENS.simulationService),
          c.get(WORLD_BUILD_QUEUE),
          c.get(WORLD_BUILDER),
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
  container.bind(TOKENS.quotaService).toDynamicValue((c) => {
    const simulators = c.get<SimulatorRepository>(TOKENS.simulatorRepository);
    const simulations = c.get<SimulationRepository>(TOKENS.simulationRepository);
    return new QuotaService(quotas, c.get(TOKENS.buildAllowance), {
      activeSimulations: (workspaceId) => simulations.countActive(workspaceId),
      concurrentBuilds: (workspaceId) => simulators.countBuilding(workspaceId),
      concurrentWorldBuilds: (workspaceId) => c.get<WorldRepository>(TOKENS.worldRepository).countBuilding(workspaceId),
    });
  });
  container
    .bind(TOKENS.authService)
    .toDynamicValue(
      (c) =>
        new AuthService(
          c.get(TOKENS.keyStore),
          c.get(TOKENS.clock),
          c.get(TOKENS.logger),
          config.session_secret === undefined ? null : new SessionSealer(config.session_secret),
        ),
    );
  container
    .bind(TOKENS.credentialService)
    .toDynamicValue(
      (c) =>
        new CredentialService(
          c.get(TOKENS.credentialRepository),
          c.get(TOKENS.secretCipher),
          c.get(TOKENS.clock),
          c.get(TOKENS.ids),
          c.get(TOKENS.cursors),
          { allowHttpLoopback: config.allow_http_loopback_credentials },
        ),
    );

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
  const handle = createHandler(routes, services, { ...DEFAULT_HANDLER_OPTIONS, bodyTimeoutMs: config.body_timeout_ms });
  const scheduler = container.get<BuildScheduler>(TOKENS.buildScheduler);
  const worldBuilds = container.get<WorldBuildQueue>(WORLD_BUILD_QUEUE);
  const advances = new AdvanceRecovery(
    container.get(TOKENS.advanceLog),
    container.get(TOKENS.simulationRepository),
    container.get(TOKENS.stepLog),
    container.get(TOKENS.worldRepository),
    services.clock,
    services.worldClock,
    container.get(TOKENS.clock),
    container.get(TOKENS.logger),
    ABANDONED_ADVANCE_MS,
  );
  // What a previous run left unfinished is taken over first: a store no other process shares
  // (the embedded default) takes all of it at once, a shared one what has been left too long.
  const ready = Promise.all([scheduler.recover({ all: !shared }), worldBuilds.recover({ all: !shared }), advances.recover({ all: !shared })]).then(() =>
    config.catalog
      ? installCatalog(shippedCatalog(), {
          repository: container.get(TOKENS.simulatorRepository),
          blobs: container.get(TOKENS.blobStore),
          scheduler,
          clock: container.get(TOKENS.clock),
          ids: container.get(TOKENS.ids),
        })
      : undefined,
  );
  const provider = container.get<BuildProvider & { close?: () => Promise<void> }>(TOKENS.buildProvider);
  const traffic = container.get<SimulationTraffic>(TOKENS.simulationTraffic);
  const logger = container.get<Logger>(TOKENS.logger);
  const sweeper =
    config.simulation_sweep_interval_ms === 0
      ? undefined
      : setInterval(() => {
          void Promise.all([traffic.sweepExpired(), traffic.sweepIdle(), scheduler.recover(), worldBuilds.recover(), advances.recover()]).catch((error: unknown) =>
            logger.error('simulation sweep failed', { cause: error instanceof Error ? error.message : String(error) }),
          );
        }, config.simulation_sweep_interval_ms);
  sweeper?.unref();
  const close = async () => {
    clearInterval(sweeper);
    await ready.catch(() => undefined);
    await scheduler.close();
    await worldBuilds.close();
    await provider.close?.();
    await stores.close();
  };
  return { handle, routes, services, tenants, container, scheduler, worldBuilds, traffic, ready, close };
}

/** Internal to this root: the loader is shared by the Simulation service and the data plane. */
const SIMULATION_LOADER = Symbol.for('simplane.cli.simulationLoader');

/** Internal to this root: the World builder and its queue are shared by the World service only. */
const WORLD_BUILDER = Symbol.for('simplane.cli.worldBuilder');
const WORLD_BUILD_QUEUE = Symbol.for('simplane.cli.worldBuildQueue');


/** A name for this process in the leases it holds: unique across processes and machines. */
function processOwner(): string {
  return `${hostname().slice(0, 64)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** A purpose-bound subkey, so the cursor key never equals the secret-sealing key. */
function derive(key: Uint8Array, purpose: string): Buffer {
  return createHash('sha256').update(key).update(`simplane ${purpose} v1`).digest();
}
