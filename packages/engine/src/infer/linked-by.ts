import type { ArtifactLink, ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import type { JsonObject } from '../json.js';
import { PARENT_ID_SUFFIXES, RECORD_ONLY_FIELDS } from '../vocabulary/identifiers.js';
import { singular, squash } from './naming.js';
import type { SchemaLookup } from './schema-lookup.js';

/**
 * The item fields by which a list on a nested route finds the records of the parent its path
 * names, one per path parameter that has one (ArtifactOperation.linkedBy). Records created
 * elsewhere name their parent in a field: JSONPlaceholder's comment `postId` for
 * `/posts/{postId}/comments`, Todoist's task `project_id`, Asana's task `projects` (a list of
 * `{gid, name}`) for `/projects/{project_gid}/tasks`. A field named as the parameter is taken
 * first, then one named after the parent (`project`, `projectId`, `project_gid`), then a list
 * named after it (`projects`, `project_ids`). A field holding objects is matched by their id
 * field: the parent's own (`gid`), else an identifying one.
 */
export function linkedFields(parameters: readonly string[], parent: ArtifactResource | null, records: ArtifactResource, lookup: SchemaLookup): ArtifactLink[] {
  const fields = lookup.properties(records.itemSchema ?? undefined);
  // A record's own id never names its parent (GitLab's `/projects/{id}/hooks`: the hook's `id` is its own).
  if (records.idField !== null) fields.delete(records.idField);
  const out: ArtifactLink[] = [];
  for (const parameter of parameters) {
    const found = linkedField(parameter, parent, fields, lookup);
    if (found !== null) out.push(found);
  }
  return out;
}

function linkedField(parameter: string, parent: ArtifactResource | null, fields: Map<string, JsonObject>, lookup: SchemaLookup): ArtifactLink | null {
  const squashed = squash(parameter);
  const stems = new Set<string>();
  for (const suffix of PARENT_ID_SUFFIXES) if (squashed.endsWith(suffix) && squashed.length > suffix.length) stems.add(squashed.slice(0, -suffix.length));
  // The parent's own word where the parameter gives none (`project` for `/projects/{id}/tasks`, `issue` for `{issue_number}`).
  const word = parent?.collectionPath?.split('/').filter((s) => s !== '' && !s.startsWith('{')).at(-1);
  if (word !== undefined && stems.size === 0) stems.add(squash(singular(word)));
  const one = [squashed, ...[...stems].flatMap((stem) => [stem, ...PARENT_ID_SUFFIXES.map((s) => stem + s)])];
  const many = [...stems].flatMap((stem) => [`${stem}s`, ...PARENT_ID_SUFFIXES.map((s) => `${stem + s}s`)]);
  for (const wanted of [...one, ...many]) {
    for (const [field, schema] of fields) {
      if (squash(field) !== wanted) continue;
      const link = holding(parameter, field, schema, parent, lookup);
      if (link !== null) return link;
    }
  }
  return null;
}

/** How a field holds a parent's id: itself, an object's id field, or a list of either; null when it holds none. */
function holding(parameter: string, field: string, schema: JsonObject, parent: ArtifactResource | null, lookup: SchemaLookup): ArtifactLink | null {
  const many = schema['type'] === 'array';
  const held = many ? (lookup.deref(schema['items']) ?? {}) : schema;
  const key = objectKey(held, parent, lookup);
  if (key === undefined) return null;
  return key === null ? { parameter, field, many } : { parameter, field, many, key };
}

/** Null for a text or number, the id field of an object, undefined for what holds no id. */
function objectKey(schema: JsonObject, parent: ArtifactResource | null, lookup: SchemaLookup): string | null | undefined {
  const type = schema['type'];
  const properties = lookup.properties(schema);
  if (type === 'string' || type === 'integer' || type === 'number') return null;
  if (type !== 'object' && properties.size === 0) return type === undefined ? null : undefined;
  const preferred = parent?.idField ?? null;
  if (preferred !== null && properties.has(preferred)) return preferred;
  return RECORD_ONLY_FIELDS.find((name) => properties.has(name));
}

/** A list with links, with the fields its links are found by kept as data; any other operation as it is. */
export function withLinkedBy(op: ArtifactOperation, parent: ArtifactResource | null, records: ArtifactResource, lookup: SchemaLookup): ArtifactOperation {
  if (op.behaviour !== 'list' || op.links === undefined) return op;
  return { ...op, linkedBy: linkedFields(op.links, parent, records, lookup) };
}
