import { CachedSimulationRepository, hashApiKey } from '@simplane/core';
import {
  describeAdvanceLogConformance,
  describeBlobStoreConformance,
  describeCredentialRepositoryConformance,
  describeKeyStoreConformance,
  describeSimulationLeasesConformance,
  describeSimulationRepositoryConformance,
  describeSimulatorRepositoryConformance,
  describeStepLogConformance,
  describeUsageLedgerConformance,
  describeWorldRepositoryConformance,
} from '@simplane/core/testing';
import { MemoryAdvanceLog } from './memory-advance-log.js';
import { MemoryBlobStore } from './memory-blob-store.js';
import { MemorySimulatorRepository } from './memory-simulator-repository.js';
import { MemorySimulationRepository } from './memory-simulation-repository.js';
import { MemoryStepLog } from './memory-step-log.js';
import { MemoryUsageLedger } from './memory-usage-ledger.js';
import { MemoryCredentialRepository } from './memory-credential-repository.js';
import { MemoryKeyStore } from './memory-key-store.js';
import { MemoryWorldRepository } from './memory-world-repository.js';
import { MemorySimulationLeases } from './memory-simulation-leases.js';

describeCredentialRepositoryConformance('memory', () => new MemoryCredentialRepository());

describeKeyStoreConformance('memory', () => {
  const store = new MemoryKeyStore();
  const workspace = { id: 'wsp_01J00000000000000000000000', organizationId: 'org_01J00000000000000000000000', name: 'dev' };
  store.addOrganization({ id: workspace.organizationId, name: 'acme' });
  store.addWorkspace(workspace);
  store.addKeyHash(hashApiKey('dev-key-1'), workspace.id);
  return { store, workspace, apiKey: 'dev-key-1' };
});

describeBlobStoreConformance('memory', () => new MemoryBlobStore());
describeUsageLedgerConformance('memory', () => new MemoryUsageLedger());
describeSimulatorRepositoryConformance('memory', () => new MemorySimulatorRepository());
describeSimulationRepositoryConformance('memory', () => new MemorySimulationRepository());
// The cache an exclusive store is read through keeps the same contract.
describeSimulationRepositoryConformance('memory, cached', () => new CachedSimulationRepository(new MemorySimulationRepository()));
describeStepLogConformance('memory', () => new MemoryStepLog());
describeAdvanceLogConformance('memory', () => new MemoryAdvanceLog());
describeWorldRepositoryConformance('memory', () => new MemoryWorldRepository());

describeSimulationLeasesConformance('memory', () => {
  const leases = new MemorySimulationLeases();
  return [leases, leases];
});
