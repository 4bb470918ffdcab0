import { createHash } from 'node:crypto';
import { formatTime, type Clock } from '../time/clock.port.js';
import { ID_PREFIX, type IdGenerator } from '../ids/id.js';
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
    const id = catalogId(doc.reference);
    const installed = await deps.repository.get(id);
    // Another process installed it and its build waits or runs; a failed one is tried again.
    if (installed !== null && installed.status !== 'failed' && installed.status !== 'canceled') continue;
    if (installed !== null) await deps.repository.delete(id);
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
    try {
      await deps.repository.insert(record);
    } catch (error) {
      // A process starting at the same time inserted it first: it is installed once.
      if ((await deps.repository.get(id)) === null) throw error;
    }
  }
  await deps.scheduler.pump(null);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The ID of a reference's catalog Simulator, derived from the reference: processes sharing a
 * store that start together (or while another's catalog build still runs, before the reference
 * points anywhere) insert the same record, so it is installed and built once.
 */
function catalogId(reference: string): string {
  const digest = createHash('sha256').update(`catalog\u0000${reference}`).digest();
  let out = CROCKFORD[digest[0]! % 8]!; // a ULID's first character is at most 7
  for (let i = 1; i < 26; i += 1) out += CROCKFORD[digest[i]! % 32]!;
  return `${ID_PREFIX.simulator}_${out}`;
}
