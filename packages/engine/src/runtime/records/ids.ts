import type { ArtifactOperation, ArtifactResource, IdForm, JsonSchema } from '../../artifact/artifact.js';
import { remembered, type StateAccess } from '@simplane/core';
import { isObject } from '../../json.js';
import { idLike } from './example-id.js';
import { recordPlan } from './fill-fields.js';
import { uuidFrom } from '../values/generate-value.js';
import { patternString } from '../values/pattern-string.js';
import { randomFor, type Random } from '../values/random.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const DIGITS = '0123456789';

/**
 * A new record's id, derived from (seed, step, collection, counter) so a fork and its parent,
 * or a replay, mint the same ids (a shared entity's sample ids from its `stream`, named by its
 * schema's `prefix`, not the collection's). The form is the one the compiler decided
 * (RecordPlan.idForm): the next of a closed list, the next integer of the collection's sequence,
 * a UUID, a string matching a pattern, one shaped like an example id (`cus_...` for
 * `cus_NffrFeUfNV2Hib`), a prefix and characters learned from the document's examples, otherwise
 * `<prefix>_<16 base32 chars>` (`order_k3...`). An id that does not satisfy the id schema gives
 * way to the form's pattern, then its example, then the `<prefix>_` form, then bare characters.
 */
export function mintId(
  registry: SchemaRegistry,
  resource: ArtifactResource,
  idSchema: JsonSchema | null,
  state: StateAccess,
  collection: string,
  parts: { seed: string; step: number; counter: number; stream?: string; prefix?: string },
): string | number {
  const form: IdForm = recordPlan(resource).idForm ?? NAMED;
  if (form.kind === 'values' && form.values !== undefined && form.values.length > 0) return nextOf(form.values, state, collection, parts.counter);
  if (form.kind === 'integer') return nextInteger(state, collection);
  if (form.kind === 'digits') {
    const text = String(nextInteger(state, collection));
    if (registry.validate(idSchema, text).ok) return text;
  }
  // A shared entity's sample ids are drawn from its own stream, named by its schema, not the collection.
  const random = randomFor(parts.seed, parts.step, parts.stream ?? collection, parts.counter);
  if (form.kind === 'uuid') return uuidFrom(random);
  if (form.kind === 'prefixed' && form.alphabet !== undefined && form.alphabet !== '') {
    // Drawn again on the rare collision, as an example's shape is.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const drawn = `${form.prefix ?? ''}${drawnPart(form.alphabet, Math.max(1, form.length ?? 16), form.prefix ?? '', random)}`;
      if (state.get(collection, drawn) === undefined && registry.validate(idSchema, drawn).ok) return drawn;
    }
  }
  if (form.pattern !== undefined) {
    // Long runs first, so ids drawn from open-ended parts rarely collide; shorter ones where the
    // schema bounds the length.
    for (const runs of ['long', 'short', 'least'] as const) {
      const fromPattern = patternString(form.pattern, random, runs);
      if (fromPattern !== null && registry.validate(idSchema, fromPattern).ok) return fromPattern;
    }
  }
  if (form.example !== undefined) {
    // Drawn again on the rare collision: an example's shape may leave room for few ids.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const like = idLike(form.example, random);
      if (state.get(collection, like) === undefined && registry.validate(idSchema, like).ok) return like;
    }
  }
  const candidate = `${prefixFor(parts.prefix ?? resource.name)}_${random.chars(16, BASE32)}`;
  if (registry.validate(idSchema, candidate).ok) return candidate;
  return random.chars(form.length ?? 12, BASE32);
}

/** The form where the compiler knew nothing of ids. */
const NAMED: IdForm = { kind: 'named' };

/** Characters drawn from an alphabet; a bare number does not start with 0. */
function drawnPart(alphabet: string, length: number, prefix: string, random: Random): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    const from = i === 0 && prefix === '' && alphabet === DIGITS ? DIGITS.slice(1) : alphabet;
    out += from[random.int(0, from.length - 1)];
  }
  return out;
}

/**
 * An id from a closed list: the first not taken in the collection, else (every one is) the
 * counter's, whose record the new one replaces, as a PUT to that id would.
 */
function nextOf(values: Array<string | number>, state: StateAccess, collection: string, counter: number): string | number {
  return values.find((value) => state.get(collection, String(value)) === undefined) ?? (values[counter % values.length] as string | number);
}

/** What an integer path parameter asks of an id its record's schema keeps as text. */
const DIGITS_TEXT = { pattern: '^[0-9]+$' };

/** `prefixOf`, remembered per resource name. */
const prefixFor = remembered(prefixOf, 4096);

/**
 * The collection the highest integer id minted so far is kept in, per collection. It lives in
 * the Simulation's state, so a replay, a fork or a reload mints the same ids, and a create does
 * not scan the collection (which made creating n records cost n squared).
 */
export const ID_COUNTERS = '_simplane.ids';

/**
 * The next integer id: one past the highest minted (or, the first time, the highest key in the
 * collection), skipping keys a client chose itself. Like a database sequence, an id is not
 * handed out again after its record is deleted.
 */
function nextInteger(state: StateAccess, collection: string): number {
  const kept = state.get(ID_COUNTERS, collection);
  let next = (typeof kept === 'number' ? kept : highestIntegerKey(state, collection)) + 1;
  while (state.get(collection, String(next)) !== undefined) next += 1;
  state.put(ID_COUNTERS, collection, next);
  return next;
}

function highestIntegerKey(state: StateAccess, collection: string): number {
  let max = 0;
  for (const [key] of state.entries(collection)) {
    const n = Number(key);
    if (Number.isSafeInteger(n) && n > max) max = n;
  }
  return max;
}

/** `users.orders` → `order`; `pet` → `pet`. */
function prefixOf(name: string): string {
  const last = name.split('.').pop() ?? name;
  const word = last.toLowerCase().replace(/[^a-z0-9]/g, '');
  const singular = word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') && word.length > 3 ? word.slice(0, -1) : word;
  return (singular || 'rec').slice(0, 10);
}

/**
 * The schema a new id must satisfy: the item path's id parameter when it says more (a pattern,
 * a format or a closed list, as in `^acc_[a-z0-9]+$`), else the id field's, so a minted id can
 * be read back.
 */
export function idSchemaFor(registry: SchemaRegistry, resource: ArtifactResource, operations: Iterable<ArtifactOperation>): JsonSchema | null {
  if (ID_SCHEMAS.has(resource)) return ID_SCHEMAS.get(resource) ?? null;
  const schema = findIdSchema(registry, resource, operations);
  ID_SCHEMAS.set(resource, schema);
  return schema;
}

/** Per loaded resource (so shared by every Simulation of a Simulator, and freed with it). */
const ID_SCHEMAS = new WeakMap<ArtifactResource, JsonSchema | null>();

function findIdSchema(registry: SchemaRegistry, resource: ArtifactResource, operations: Iterable<ArtifactOperation>): JsonSchema | null {
  const field = resource.idField === null ? null : (objectView(registry, resource.itemSchema).properties[resource.idField] ?? null);
  if (resource.idParameter === null) return field;
  const fieldTypes = schemaTypes(registry, field) ?? ['string'];
  const textField = fieldTypes.includes('string') && !fieldTypes.includes('integer') && !fieldTypes.includes('number');
  let numbered = false;
  for (const op of operations) {
    if (op.resource !== resource.name) continue;
    const param = op.parameters.find((p) => p.in === 'path' && p.name === resource.idParameter);
    const resolved = param ? registry.resolve(param.schema) : null;
    if (isObject(resolved) && (typeof resolved.pattern === 'string' || typeof resolved.format === 'string' || Array.isArray(resolved.enum))) return field === null ? resolved : { allOf: [field, resolved] };
    // GitLab reads `/hooks/{hook_id}` with an integer (Pendo a user with a number), and Jira's
    // create answers a project's id as one, where the record keeps its id as text: ids are digits.
    if (param !== undefined && numeric(schemaTypes(registry, param.schema))) numbered = true;
    if (op.behaviour === 'create' && resource.idField !== null) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        for (const entry of Object.values(response.content)) if (numeric(schemaTypes(registry, objectView(registry, entry.schema).properties[resource.idField] ?? null))) numbered = true;
      }
    }
  }
  if (numbered && textField) return field === null ? { type: 'string', pattern: DIGITS_TEXT.pattern } : { allOf: [field, DIGITS_TEXT] };
  return field;
}

/** Types that hold a number and not a text. */
function numeric(types: string[] | null): boolean {
  return types !== null && (types.includes('integer') || types.includes('number')) && !types.includes('string');
}
