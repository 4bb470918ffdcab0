import type { Artifact, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { withEntities } from '../entities/entity.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { propertySchema, schemaExtension } from '../lifecycle/resource-rules.js';
import type { OperationOverride } from '../normalise/model.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { BEHAVIOUR_EXTENSION, OverrideChecks, type RecordFacts } from './override-checks.js';
import { overrideOperation } from './override-operation.js';
import { overrideResource } from './override-resource.js';

/**
 * Applies `x-simplane-behaviour` overrides (docs/behaviour.md) to the decisions the compiler
 * made: on an item schema, to its resources'; on an operation (`declared`, read from the
 * document), to its own. A part that cannot be used is a warning and is left out; the build
 * goes on with the rest. Decisions made from one an override changes are not made again,
 * but for the shared entity, which follows the id field.
 */
export function withBehaviourOverrides(artifact: Artifact, diagnostics: Diagnostics, declared: readonly OperationOverride[]): Artifact {
  const lookup = new SchemaLookup(artifact.schemas);
  let registry: SchemaRegistry | null = null;
  const factsOf = (item: JsonSchema | null): RecordFacts => ({
    properties: lookup.properties(item),
    fits: (field, value) => (registry ??= new SchemaRegistry(artifact)).validate((propertySchema(item, field, lookup) ?? true) as JsonSchema, value).ok,
  });
  const components = artifact.spec.version.startsWith('2') ? 'definitions' : 'components.schemas';
  const reached = new Set<string>();
  const resources = artifact.resources.map((resource) => {
    const found = schemaExtension(resource.itemSchema, BEHAVIOUR_EXTENSION, lookup);
    if (found === null) return resource;
    if (found.component !== null) reached.add(found.component);
    const location = `${found.component === null ? `the item schema of ${resource.name}` : `${components}.${found.component}`}.${BEHAVIOUR_EXTENSION}`;
    const operations = artifact.operations.filter((op) => op.resource === resource.name);
    return overrideResource(resource, found.extension, { checks: new OverrideChecks(diagnostics, location), facts: factsOf(resource.itemSchema), operations, lookup });
  });
  warnUnreached(artifact, reached, components, diagnostics);
  const byId = new Map(declared.map((override) => [override.operation, override]));
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const operations = artifact.operations.map((op) => {
    const override = byId.get(op.id);
    if (override === undefined) return op;
    const resource = op.resource === null ? null : (byName.get(op.resource) ?? null);
    const checks = new OverrideChecks(diagnostics, override.location, op.id);
    return overrideOperation(op, override.value, { checks, resource, facts: factsOf(resource?.itemSchema ?? null), operations: artifact.operations, lookup });
  });
  if (byId.size === 0 && resources.every((resource, i) => resource === artifact.resources[i])) return artifact;
  const out = { ...artifact, resources, operations };
  return resources.some((resource, i) => resource.idField !== artifact.resources[i]?.idField) ? { ...out, resources: withEntities(out) } : out;
}

/** A component that carries the extension but holds no resource's records: nothing it says is used. */
function warnUnreached(artifact: Artifact, reached: ReadonlySet<string>, components: string, diagnostics: Diagnostics): void {
  for (const [name, schema] of Object.entries(artifact.schemas)) {
    if (reached.has(name) || typeof schema !== 'object' || !Object.hasOwn(schema, BEHAVIOUR_EXTENSION)) continue;
    const checks = new OverrideChecks(diagnostics, `${components}.${name}.${BEHAVIOUR_EXTENSION}`);
    checks.invalid([], `is on \`${name}\`, which is the item schema of no resource (${resourceNames(artifact.resources)}), so it changes nothing`);
  }
}

function resourceNames(resources: readonly ArtifactResource[]): string {
  const named = resources.slice(0, 8).map((resource) => resource.name);
  return named.length === 0 ? 'the document has none' : `its resources are ${named.join(', ')}${resources.length > 8 ? ', ...' : ''}`;
}
