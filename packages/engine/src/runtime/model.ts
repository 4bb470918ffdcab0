import type { Artifact, ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import { SchemaRegistry } from './schemas/schema-registry.js';

/** The read-only, shared part of a loaded Simulator: the artifact indexed for lookups. Holds no state. */
export interface RuntimeModel {
  artifact: Artifact;
  registry: SchemaRegistry;
  operations: Map<string, ArtifactOperation>;
  resources: Map<string, ArtifactResource>;
}

export function buildModel(artifact: Artifact): RuntimeModel {
  if (!Array.isArray(artifact.operations) || !Array.isArray(artifact.resources) || typeof artifact.routes !== 'object' || artifact.routes === null) {
    throw new Error('the artifact is incomplete (operations, resources or routes missing)');
  }
  return {
    artifact,
    registry: new SchemaRegistry(artifact),
    operations: new Map(artifact.operations.map((op) => [op.id, op])),
    resources: new Map(artifact.resources.map((r) => [r.name, r])),
  };
}
