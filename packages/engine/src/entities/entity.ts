import type { Artifact, ArtifactEntity, ArtifactResource, IdForm, JsonSchema } from '../artifact/artifact.js';
import { sha256Digest, stableStringify } from '../artifact/serialise.js';
import type { Json } from '../json.js';

const SCHEMA_REF = '#/schemas/';

/**
 * The entity each resource's records are, where other Simulators may hold it too: a top-level
 * collection with an id field whose item schema is a named component (`Customer`), not one
 * the compiler named for an inline `$ref` target (`_ref.…`). Nested records are kept per
 * parent, so they are not shared.
 */
export function withEntities(artifact: Artifact): ArtifactResource[] {
  return artifact.resources.map((resource) => ({ ...resource, entity: entityOf(artifact, resource) }));
}

function entityOf(artifact: Artifact, resource: ArtifactResource): ArtifactEntity | null {
  if (resource.kind !== 'collection' || resource.parent !== null || resource.idField === null) return null;
  const schema = componentName(resource.itemSchema);
  if (schema === null || schema.startsWith('_ref.') || !Object.hasOwn(artifact.schemas, schema)) return null;
  // The id parameter's schemas shape new ids as much as the id field does (ids.ts idSchemaFor).
  const idParameters = new Set<string>();
  for (const op of artifact.operations) {
    if (op.resource !== resource.name) continue;
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === resource.idParameter);
    if (parameter !== undefined) idParameters.add(stableStringify(parameter.schema));
  }
  const parameters = [...idParameters].sort().map((text) => JSON.parse(text) as JsonSchema);
  const schemas = closure(artifact.schemas, [{ $ref: `${SCHEMA_REF}${pointerToken(schema)}` }, ...parameters]);
  const content = stableStringify({ schema, idField: resource.idField, schemas, idParameters: parameters });
  return { schema, idField: resource.idField, digest: sha256Digest(new TextEncoder().encode(content)) };
}

/**
 * The entity with the id form learned from the document's examples in its digest: those
 * examples are outside the schemas the digest covers, and two Simulators share an entity's
 * sample records only where they mint its ids alike.
 */
export function withIdForm(entity: ArtifactEntity | null, idForm: IdForm | null): ArtifactEntity | null {
  if (entity === null || idForm?.from !== 'examples') return entity;
  return { ...entity, digest: sha256Digest(new TextEncoder().encode(stableStringify({ digest: entity.digest, idForm }))) };
}

/** The name of the artifact schema a `{$ref: '#/schemas/Name'}` (and nothing else) points at. */
function componentName(schema: JsonSchema | null): string | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_REF) || Object.keys(schema).length !== 1) return null;
  const token = ref.slice(SCHEMA_REF.length);
  return token.includes('/') ? null : token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every artifact schema the values refer to, directly or through another, by name. */
function closure(schemas: Record<string, JsonSchema>, roots: Json[]): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  const pending: Json[] = [...roots];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF)) {
          const name = inner.slice(SCHEMA_REF.length).replace(/~1/g, '/').replace(/~0/g, '~');
          if (!Object.hasOwn(found, name) && Object.hasOwn(schemas, name)) {
            found[name] = schemas[name] as JsonSchema;
            pending.push(schemas[name] as Json);
          }
        } else pending.push(inner as Json);
      }
    }
  }
  return found;
}
