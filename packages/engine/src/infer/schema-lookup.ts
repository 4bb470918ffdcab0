import type { ArtifactOperation, JsonSchema, MediaTypeEntry } from '../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import type { NormalisedOperation } from '../normalise/model.js';
import { resolvePointer } from '../normalise/pointer.js';

const MAX_HOPS = 16;

/** Reads artifact schemas for inference: follows `#/schemas/...` refs and merges `allOf`. */
export class SchemaLookup {
  private readonly root: Json;

  constructor(schemas: Record<string, JsonSchema>) {
    this.root = { schemas } as JsonObject;
  }

  deref(schema: Json | undefined): JsonObject | null {
    let node = schema;
    for (let hop = 0; hop < MAX_HOPS && isObject(node) && typeof node['$ref'] === 'string'; hop++) {
      node = resolvePointer(this.root, node['$ref']);
    }
    return isObject(node) ? node : null;
  }

  /** Properties of an object schema, including those its composition members contribute. */
  properties(schema: Json | undefined, depth = 0, seen = new Set<JsonObject>()): Map<string, JsonObject> {
    const out = new Map<string, JsonObject>();
    const node = this.deref(schema);
    if (!node || seen.has(node) || depth > 8) return out;
    seen.add(node);
    // allOf members all apply; for oneOf/anyOf any may, so their fields are possible fields too.
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const members = node[key];
      if (Array.isArray(members)) for (const member of members) for (const [k, v] of this.properties(member, depth + 1, seen)) if (!out.has(k)) out.set(k, v);
    }
    const props = node['properties'];
    if (isObject(props)) for (const [k, v] of Object.entries(props)) if (isObject(v)) out.set(k, this.deref(v) ?? v);
    return out;
  }

  /** The item schema of an array schema, or null when the schema is not an array. */
  arrayItems(schema: Json | undefined): JsonSchema | null {
    const node = this.deref(schema);
    if (!node) return null;
    const type = node['type'];
    const isArray = type === 'array' || (Array.isArray(type) && type.includes('array')) || (type === undefined && node['items'] !== undefined);
    if (!isArray) return null;
    const items = node['items'];
    return isObject(items) || typeof items === 'boolean' ? items : {};
  }
}

/** The JSON media type entry inference reads: one with a schema where any has one (Zuora gives `application/json` only examples, `application/json; charset=utf-8` the schema). */
function jsonEntry(content: Record<string, MediaTypeEntry>): MediaTypeEntry | undefined {
  const all = Object.keys(content);
  const withSchema = all.filter((t) => content[t]?.schema !== undefined && content[t]?.schema !== null);
  const types = withSchema.length > 0 ? withSchema : all;
  const best = types.find((t) => t === 'application/json') ?? types.find((t) => /[/+]json\b/.test(t)) ?? types[0];
  return best === undefined ? undefined : content[best];
}

/** The schema of the first success answer (2xx, then default), preferring JSON. */
export function successSchema(op: NormalisedOperation | ArtifactOperation): JsonSchema | null {
  const statuses = Object.keys(op.responses).sort();
  const status = statuses.find((s) => /^2/.test(s)) ?? (op.responses['default'] ? 'default' : undefined);
  if (status === undefined) return null;
  return jsonEntry(op.responses[status]?.content ?? {})?.schema ?? null;
}

export function requestSchema(op: NormalisedOperation | ArtifactOperation): JsonSchema | null {
  return op.requestBody ? (jsonEntry(op.requestBody.content)?.schema ?? null) : null;
}
