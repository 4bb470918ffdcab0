import { formatTime, type Clock } from '../time/clock.port.js';
import type { IdGenerator } from '../ids/id.js';
import type { BlobStore } from '../blobs/blob-store.port.js';
import type { SpecKind } from '../builds/build-provider.port.js';
import type { BuildScheduler } from './build-scheduler.js';
import { blobKeys, pendingSimulator } from './simulator.js';
import type { SimulatorRepository } from './simulator.repository.port.js';
import { CATALOG_PREFIX, parseReference } from './simulator-reference.js';

/** A document the server ships, to be built into a catalog Simulator at start-up. */
export interface CatalogDocument {
  /** `catalog/<name>:<tag>`. */
  reference: string;
  specKind: SpecKind;
  spec: Uint8Array;
}

/**
 * Installs the catalog: Simulators every workspace can see and none can delete. Each start
 * builds them through the same queue as any other build, outside every workspace's quota.
 */
export async function installCatalog(
  documents: CatalogDocument[],
  deps: { repository: SimulatorRepository; blobs: BlobStore; scheduler: BuildScheduler; clock: Clock; ids: IdGenerator },
): Promise<void> {
  for (const doc of documents) {
    const parsed = parseReference(doc.reference);
    if (parsed === null || !parsed.name.startsWith(CATALOG_PREFIX)) throw new Error(`catalog reference must be catalog/<name>:<tag>: ${doc.reference}`);
    if ((await deps.repository.findByReference(null, doc.reference)) !== null) continue;
    const id = deps.ids.next('simulator');
    const now = formatTime(deps.clock.now());
    await deps.blobs.put(blobKeys.spec(id), doc.spec);
    const record = pendingSimulator({
      id,
      workspaceId: null,
      organizationId: null,
      name: parsed.name,
      source: 'catalog',
      specKind: doc.specKind,
      requestedReferences: [doc.reference],
      timeoutSeconds: 600,
      specBlob: blobKeys.spec(id),
      createdAt: now,
    });
    await deps.repository.insert(record);
  }
  await deps.scheduler.pump(null);
}
