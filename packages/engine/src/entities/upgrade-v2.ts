import type { Artifact } from '../artifact/artifact.js';

/**
 * A version 2 artifact as version 3 reads it: no resource is a shared entity, so its records
 * are seeded per collection as they were when it was built. Nothing else changed.
 */
export function upgradeV2(artifact: Omit<Artifact, 'version'> & { version: 2 }): Omit<Artifact, 'version'> & { version: 3 } {
  const resources = (artifact.resources ?? []).map((resource) => ({ ...resource, entity: null }));
  return { ...artifact, version: 3, resources };
}
