import type { Artifact, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { isObject, type Json } from '../json.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { applyDeclared, LIFECYCLE_EXTENSION } from './declared-rules.js';

/**
 * The artifact's resources with their declared lifecycle rules applied to the inferred ones
 * (declared-rules.ts). The extension is read from the item schema, the component it refers to,
 * or an `allOf` member of either: where an Overlay adds it to the document, it is found the same
 * way.
 */
export function withDeclaredRules(artifact: Artifact, specVersion: string, diagnostics: Diagnostics): ArtifactResource[] {
  const lookup = new SchemaLookup(artifact.schemas);
  let registry: SchemaRegistry | null = null;
  const components = specVersion.startsWith('2') ? 'definitions' : 'components.schemas';
  return artifact.resources.map((resource) => {
    const found = schemaExtension(resource.itemSchema, LIFECYCLE_EXTENSION, lookup);
    if (found === null) return resource;
    const properties = lookup.properties(resource.itemSchema);
    registry ??= new SchemaRegistry(artifact);
    const fits = (field: string, value: Json) => (registry as SchemaRegistry).validate((propertySchema(resource.itemSchema, field, lookup) ?? true) as JsonSchema, value).ok;
    const location = `${found.component === null ? `the item schema of ${resource.name}` : `${components}.${found.component}`}.${LIFECYCLE_EXTENSION}`;
    return { ...resource, lifecycle: applyDeclared(resource.lifecycle, found.extension, { location, properties, fits, diagnostics }) };
  });
}

/**
 * An extension (`x-simplane-lifecycle`, `x-simplane-behaviour`) on a schema, the component it
 * refers to, or an `allOf` member of either, and the component that holds it (null for an
 * inline schema).
 */
export function schemaExtension(schema: Json | undefined, name: string, lookup: SchemaLookup, depth = 0): { extension: Json; component: string | null } | null {
  if (!isObject(schema) || depth > 8) return null;
  const ref = schema['$ref'];
  if (Object.hasOwn(schema, name)) return { extension: schema[name] as Json, component: null };
  if (typeof ref === 'string') {
    const found = schemaExtension(lookup.deref(schema) ?? undefined, name, lookup, depth + 1);
    return found === null ? null : { ...found, component: found.component ?? ref.replace(/^#\/schemas\//, '') };
  }
  const members = schema['allOf'];
  if (Array.isArray(members)) for (const member of members) {
    const found = schemaExtension(member, name, lookup, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A property's schema as written (references kept, so the registry checks a value against it). */
export function propertySchema(item: Json | undefined, field: string, lookup: SchemaLookup, depth = 0): Json | undefined {
  const node = lookup.deref(item);
  if (node === null || depth > 8) return undefined;
  const properties = node['properties'];
  if (isObject(properties) && Object.hasOwn(properties, field)) return properties[field];
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const members = node[key];
    if (Array.isArray(members)) for (const member of members) {
      const found = propertySchema(member, field, lookup, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
