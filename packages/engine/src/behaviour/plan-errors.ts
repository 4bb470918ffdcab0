import type { Artifact } from '../artifact/artifact.js';
import { answersRefusals, ERROR_ROLE, refusalKey, type ErrorRole } from '../artifact/error-role.js';
import type { JsonSchema } from '../artifact/json-schema.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { formatLocation } from '../diagnostics/location.js';
import { stableStringify } from '../artifact/serialise.js';
import { isTextName } from '../infer/error-example-plan.js';
import { words } from '../infer/naming.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../json.js';
import { REST_REFUSALS } from '../runtime/answers/refusal-codes.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { itemsOf } from '../runtime/schemas/schema-view.js';
import {
  CLIENT_ERROR_WORDS, ERROR_ENTRY_FIELDS, ERROR_KIND_FIELDS, ERROR_NESTING_FIELDS, ERROR_PARAMETER_FIELDS, ERROR_STATUS_FIELDS, ERROR_STATUS_WORDS, ERROR_TITLE_FIELDS,
} from '../vocabulary/errors.js';


/**
 * What a refusal writes into each field of the schemas it may be answered with (the document's
 * error formats, and the error responses of the operations REST answers), decided from the
 * fields' names and kept on each field's schema (ErrorRole), so the runtime reads no name.
 * Envelopes nested in a field and the items of an entries array are marked too.
 */
export function markErrorRoles(artifact: Artifact, registry: SchemaRegistry, diagnostics?: Diagnostics): void {
  const marker = new ErrorMarker(registry, diagnostics);
  for (const format of Object.values(artifact.errorFormats)) marker.envelope(format.schema);
  for (const op of artifact.operations) {
    if ((op.protocol ?? 'rest') !== 'rest') continue;
    for (const [key, response] of Object.entries(op.responses)) {
      if (answersRefusals(key)) for (const media of Object.values(response.content)) marker.envelope(media.schema);
    }
  }
}

class ErrorMarker {
  readonly #registry: SchemaRegistry;
  /** Error objects already marked: shared components are reached from many answers, and may refer to themselves. */
  readonly #seen = new Set<object>();
  /** The role this build gave each field schema, as text (`''` for none). */
  readonly #given = new WeakMap<object, string>();
  /** The roles the document wrote itself (an Overlay's correction), read before any is marked. */
  readonly #written = new WeakMap<object, ErrorRole | undefined>();
  readonly #diagnostics: Diagnostics | undefined;

  constructor(registry: SchemaRegistry, diagnostics?: Diagnostics) {
    this.#registry = registry;
    this.#diagnostics = diagnostics;
  }

  /** The document's own role for a field, where well formed; a malformed one is a warning and the compiler's stands. */
  #own(name: string, schema: JsonObject): ErrorRole | undefined {
    if (this.#written.has(schema)) return this.#written.get(schema);
    if (this.#given.has(schema) || !Object.hasOwn(schema, ERROR_ROLE)) return undefined;
    const written = schema[ERROR_ROLE];
    const role = wellFormed(written);
    if (role === undefined) {
      const at = { location: formatLocation(['properties', name, ERROR_ROLE]) };
      this.#diagnostics?.warn('behaviour_override_invalid', at, `The error role ${JSON.stringify(written).slice(0, 200)} names a part or a value a refusal does not know; the compiler's role stands.`);
    }
    this.#written.set(schema, role);
    return role;
  }

  envelope(schema: JsonSchema | null): void {
    const resolved = this.#registry.resolve(schema);
    if (!isObject(resolved) || this.#seen.has(resolved)) return;
    this.#seen.add(resolved);
    for (const properties of propertyMaps(this.#registry, resolved)) {
      for (const name of Object.keys(properties)) {
        const role = this.#mark(properties, name);
        if (role?.nested === true) this.envelope(properties[name] as JsonSchema);
        if (role?.fill === 'entries') this.envelope(itemsOf(this.#registry, properties[name] as JsonSchema));
      }
    }
  }

  /** Marks the field `name` of a properties map with its role, and answers the role it has. */
  #mark(properties: JsonObject, name: string): ErrorRole | undefined {
    let schema = properties[name];
    // A field of any value (`true`) holds no mark; the generator fills it.
    if (!isObject(schema)) return undefined;
    const given = this.#given.get(schema);
    const role = this.#own(name, schema) ?? this.#role(name, schema);
    const text = role === undefined ? '' : stableStringify(role);
    if (given !== undefined && given !== text) {
      // One schema object under two names (a YAML anchor): this field gets a copy of its own.
      const copy = copyOwn(schema);
      delete copy[ERROR_ROLE];
      setOwn(properties, name, copy);
      schema = copy;
    }
    if (role !== undefined) setOwn(schema, ERROR_ROLE, role as JsonObject);
    this.#given.set(schema, text);
    return role;
  }

  #role(name: string, schema: JsonSchema): ErrorRole | undefined {
    const fill = fillOf(name);
    const nested = ERROR_NESTING_FIELDS.includes(name.toLowerCase());
    if (fill === undefined && !nested) return undefined;
    const resolved = this.#registry.resolve(schema);
    const kinds = fill === 'kind' && isObject(resolved) && Array.isArray(resolved.enum) ? closestKinds(resolved.enum) : {};
    return { ...(fill === undefined ? {} : { fill }), ...(nested ? { nested: true as const } : {}), ...(Object.keys(kinds).length === 0 ? {} : { kinds }) };
  }
}

const FILLS: ReadonlySet<unknown> = new Set(['message', 'title', 'code', 'kind', 'field', 'entries']);

/** A role as ErrorRole has it, or undefined. */
function wellFormed(value: unknown): ErrorRole | undefined {
  if (!isObject(value)) return undefined;
  const ok = Object.entries(value).every(([key, part]) => {
    if (key === 'fill') return FILLS.has(part);
    if (key === 'nested') return part === true;
    if (key === 'kinds') return isObject(part) && Object.values(part).every((kind) => typeof kind === 'string');
    return false;
  });
  return ok ? (value as ErrorRole) : undefined;
}

/** What a refusal writes into a field of this name; names compare in lower case, status ones without `_` and `-` too. */
function fillOf(name: string): ErrorRole['fill'] {
  const lower = name.toLowerCase();
  if (isTextName(name)) return 'message';
  if (ERROR_TITLE_FIELDS.includes(lower)) return 'title';
  if (ERROR_STATUS_FIELDS.includes(lower.replace(/[_-]/g, ''))) return 'code';
  if (ERROR_KIND_FIELDS.includes(lower)) return 'kind';
  if (ERROR_PARAMETER_FIELDS.includes(lower)) return 'field';
  if (ERROR_ENTRY_FIELDS.includes(lower)) return 'entries';
  return undefined;
}

/** The properties maps an object view of the schema is read from (schema-view.ts): its own, its `allOf` parts', its `anyOf` and `oneOf` branches'. */
function propertyMaps(registry: SchemaRegistry, schema: JsonSchema, depth = 0): JsonObject[] {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved) || depth > 8) return [];
  const maps = isObject(resolved.properties) ? [resolved.properties] : [];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const parts = resolved[key];
    if (Array.isArray(parts)) for (const part of parts) maps.push(...propertyMaps(registry, part as JsonSchema, depth + 1));
  }
  return maps;
}

/** For an enumerated kind: the value naming each refusal REST makes, where one does. */
function closestKinds(values: Json[]): Record<string, string> {
  const kinds: Record<string, string> = {};
  for (const [code, statuses] of Object.entries(REST_REFUSALS)) {
    for (const status of statuses) {
      const kind = closestKind(values, status, code);
      if (kind !== undefined) setOwn(kinds, refusalKey(status, code), kind);
    }
  }
  return kinds;
}

/**
 * The value of an enumerated error kind (Stripe's `api_error`, `card_error`,
 * `invalid_request_error`) that best names a refusal: one sharing words with its code or its
 * status, else one naming a bad request in general; none when nothing does.
 */
function closestKind(values: Json[], status: number, code: string): string | undefined {
  const named = new Set([...words(code), ...(ERROR_STATUS_WORDS[status] ?? [])]);
  let best: string | undefined;
  let bestScore = 0;
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const score = words(value).reduce((sum, word) => sum + (named.has(word) ? 2 : CLIENT_ERROR_WORDS.includes(word) && status < 500 ? 1 : 0), 0);
    if (score > bestScore) [best, bestScore] = [value, score];
  }
  return best;
}
