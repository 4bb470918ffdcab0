import type { ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import type { RecordPlan } from '../artifact/behaviour.js';
import { singular, words } from '../infer/naming.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';

/** The first parent each resource's nested routes name with a parameter (ArtifactOperation.linkedParent), by resource. */
export function linkedParents(operations: readonly ArtifactOperation[]): Map<string, NonNullable<ArtifactOperation['linkedParent']>> {
  const found = new Map<string, NonNullable<ArtifactOperation['linkedParent']>>();
  for (const op of operations) {
    if (op.resource !== null && op.linkedParent !== undefined && op.linkedParent.parameter !== null && !found.has(op.resource)) found.set(op.resource, op.linkedParent);
  }
  return found;
}

/**
 * Where a nested resource's records are counted: the parent's integer field named as a count of
 * them (GitHub's issue `comments`, a post's `comment_count`, `num_comments`, `total_replies`).
 * The parent is the one a nested route to a shallower collection names (GitHub's comments are
 * kept per repository, created under an issue), else the resource's own. Null where the parent
 * counts nothing of them.
 */
export function countedIn(registry: SchemaRegistry, resource: ArtifactResource, resources: ReadonlyMap<string, ArtifactResource>, linkedParents: ReadonlyMap<string, NonNullable<ArtifactOperation['linkedParent']>>): RecordPlan['countedIn'] {
  const linked = linkedParents.get(resource.name);
  const link = linked !== undefined && linked.parameter !== null ? { name: linked.name, parameter: linked.parameter } : resource.parent === null || resource.parentParameter === null ? null : { name: resource.parent, parameter: resource.parentParameter };
  const parent = link === null ? undefined : resources.get(link.name);
  if (link === null || parent === undefined || parent.kind !== 'collection') return null;
  const plural = words(resource.name.split('.').at(-1) ?? '').join('_');
  const one = singular(plural);
  const names = new Set([plural, `${plural}_count`, `${one}_count`, `num_${plural}`, `number_of_${plural}`, `total_${plural}`, `${plural}_total`]);
  const view = objectView(registry, parent.itemSchema);
  const field = Object.keys(view.properties).find((name) => names.has(words(name).join('_')) && (schemaTypes(registry, view.properties[name]) ?? []).includes('integer'));
  return field === undefined ? null : { parent: parent.name, parameter: link.parameter, field };
}
