import type {
  AdvanceLog,
  BlobStore,
  BuildProvider,
  BuildScheduler,
  Clock,
  CredentialRepository,
  IdGenerator,
  KeyStore,
  Logger,
  RealSystemClient,
  Runtime,
  SimulationRepository,
  SimulationTraffic,
  SimulatorRepository,
  StepLog,
  UsageLedger,
  WorldBuildQueue,
  WorldRepository,
} from '@simplane/core';
import type { MemoryBlobStore } from '@simplane/adapter-memory';
import type { ConsoleAssets, ControlPlaneServices, Handler, Route } from '@simplane/http';
import type { Tenants } from './tenants.js';
import type { Stores } from './storage/stores.js';

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
  blobStore?: (configured: MemoryBlobStore) => BlobStore;
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
  /**
   * The folder of the web console's bundle served at `/console`; by default @simplane/console's
   * build. Null: no console (`/console` answers 404).
   */
  consoleAssetsDir?: string | null;
}

/** The ports the control plane was composed with, as bound (overrides applied): what a test may look into. */
export interface ControlPlanePorts {
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  keyStore: KeyStore;
  credentialRepository: CredentialRepository;
  blobStore: BlobStore;
  usageLedger: UsageLedger;
  simulatorRepository: SimulatorRepository;
  simulationRepository: SimulationRepository;
  stepLog: StepLog;
  advanceLog: AdvanceLog;
  worldRepository: WorldRepository;
  buildProvider: BuildProvider;
  realSystemClient: RealSystemClient;
  runtime: Runtime;
}

export interface ControlPlane {
  handle: Handler;
  /** The route table behind `handle`; the OpenAPI document is generated from it. */
  routes: Route[];
  services: ControlPlaneServices;
  /** The ports behind the services, typed; tests read and change stored state through them. */
  ports: ControlPlanePorts;
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
  /** The web console `handle` serves at `/console`; null when there is none (not built, or left out). */
  console: ConsoleAssets | null;
}
