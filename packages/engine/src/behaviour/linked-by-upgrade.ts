import type { Artifact, ArtifactOperation } from '../artifact/artifact.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView } from '../runtime/schemas/schema-view.js';
import { squash } from '../infer/naming.js';

/**
 * An artifact built before lists kept the fields their links are found by
 * (ArtifactOperation.linkedBy), given them as its engine matched them on every request: for
 * each link parameter, the item field of the same name compared squashed (`postId` for
 * `postId`, the first such field where two spell it), holding one id compared as text. Lists
 * that have the field keep theirs; the artifact is returned as it is when none lacks it.
 */
export function linkedByAsMatched(artifact: Artifact): Artifact {
  if (!artifact.operations.some(lacksLinkedBy)) return artifact;
  const registry = new SchemaRegistry(artifact);
  const resources = new Map(artifact.resources.map((r) => [r.name, r]));
  const operations = artifact.operations.map((op): ArtifactOperation => {
    if (!lacksLinkedBy(op)) return op;
    const names = new Map<string, string>();
    const resource = op.resource === null ? undefined : resources.get(op.resource);
    for (const name of Object.keys(objectView(registry, resource?.itemSchema ?? null).properties)) if (!names.has(squash(name))) names.set(squash(name), name);
    return { ...op, linkedBy: (op.links ?? []).flatMap((parameter) => { const field = names.get(squash(parameter)); return field === undefined ? [] : [{ parameter, field, many: false }]; }) };
  });
  return { ...artifact, operations };
}

function lacksLinkedBy(op: ArtifactOperation): boolean {
  return op.behaviour === 'list' && op.links !== undefined && op.links.length > 0 && op.linkedBy === undefined;
}
