import type {
  AdvanceLog,
  BlobStore,
  SimulationLeases,
  CredentialRepository,
  KeyStore,
  SimulationRepository,
  SimulatorRepository,
  StepLog,
  UsageLedger,
  WorldRepository,
} from '@simplane/core';
import {
  MemoryAdvanceLog,
  MemoryBlobStore,
  MemoryCredentialRepository,
  MemoryKeyStore,
  MemorySimulationRepository,
  MemorySimulatorRepository,
  MemoryStepLog,
  MemoryUsageLedger,
  MemoryWorldRepository,
} from '@simplane/adapter-memory';
import type { TenantPlan } from '../tenants.js';

/** Where a control plane keeps its state: which adapter stands behind every storage port. */
export type StorageKind = 'memory' | 'embedded' | 'postgres';

/** Every storage port, bound to one kind of adapter, opened and ready. */
export interface Stores {
  kind: StorageKind;
  /** What the blob store is, for the start-up line: `memory`, `files`, `postgres` or `s3`. */
  blobKind: string;
  keyStore: KeyStore;
  credentials: CredentialRepository;
  blobs: BlobStore;
  usage: UsageLedger;
  simulators: SimulatorRepository;
  simulations: SimulationRepository;
  steps: StepLog;
  advances: AdvanceLog;
  worlds: WorldRepository;
  /** Which process owns each Simulation, on a store several processes share (Postgres). */
  leases?: SimulationLeases;
  /** Makes the configured organizations, workspaces and key hashes the ones stored. */
  loadTenants(plan: TenantPlan): Promise<void>;
  /** Closes connections and releases the data directory. */
  close(): Promise<void>;
}

/** Every port in memory: the harness, `serve --memory` and tests. Nothing outlives the process. */
export function memoryStores(): Stores & { keyStore: MemoryKeyStore; blobs: MemoryBlobStore } {
  const keyStore = new MemoryKeyStore();
  return {
    kind: 'memory',
    blobKind: 'memory',
    keyStore,
    credentials: new MemoryCredentialRepository(),
    blobs: new MemoryBlobStore(),
    usage: new MemoryUsageLedger(),
    simulators: new MemorySimulatorRepository(),
    simulations: new MemorySimulationRepository(),
    steps: new MemoryStepLog(),
    advances: new MemoryAdvanceLog(),
    worlds: new MemoryWorldRepository(),
    async loadTenants(plan) {
      loadMemoryTenants(keyStore, plan);
    },
    async close() {},
  };
}

/** Loads a tenant plan into a memory key store, at once (composition is synchronous for it). */
export function loadMemoryTenants(store: MemoryKeyStore, plan: TenantPlan): void {
  for (const organization of plan.organizations) store.addOrganization(organization);
  for (const workspace of plan.workspaces) store.addWorkspace(workspace);
  for (const key of plan.keyHashes) store.addKeyHash(key.hash, key.workspaceId);
}
