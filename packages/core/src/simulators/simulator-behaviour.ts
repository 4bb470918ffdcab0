/**
 * What a ready Simulator's artifact decided about its resources and operations
 * (`GET /v1/simulators/{id}/behaviour`), read through the same Runtime that Simulations run on:
 * the artifact is loaded once per digest and the loaded Simulator is shared with them.
 */
import type { BlobStore } from '../blobs/blob-store.port.js';
import { SimplaneError } from '../errors/simplane-error.js';
import type { LoadedSimulator, Runtime, SimulatorBehaviour } from '../runtime/runtime.port.js';
import { blobKeys } from './simulator.js';

/** A runtime that keeps no decisions answers none, rather than failing a read that has nothing wrong with it. */
const NO_DECISIONS: SimulatorBehaviour = { artifact_version: 0, resources: [], operations: [] };

/**
 * The behaviour held by the artifact with `digest`. A missing artifact (the Simulator deleted
 * meanwhile), an unreadable store or a runtime that cannot load answer `internal_unavailable`:
 * a retry reads it, or finds the Simulator gone.
 */
export async function readBehaviour(blobs: BlobStore, runtime: Runtime, digest: string): Promise<SimulatorBehaviour> {
  const unavailable = (cause?: unknown) =>
    new SimplaneError('internal_unavailable', "The Simulator's behaviour is not available right now; retry.", { retryAfterSeconds: 5, cause });
  let artifact: Uint8Array | null;
  try {
    artifact = await blobs.get(blobKeys.artifact(digest));
  } catch (cause) {
    throw unavailable(cause);
  }
  if (artifact === null) throw unavailable();
  let loaded: LoadedSimulator;
  try {
    loaded = await runtime.load(artifact, digest);
  } catch (cause) {
    throw unavailable(cause);
  }
  const { artifact_version, resources, operations } = loaded.behaviour?.() ?? NO_DECISIONS;
  // Only the three documented fields: whatever else a runtime returns stays inside it.
  return { artifact_version, resources, operations };
}
