import type { ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { singular, squash, words } from '../../infer/naming.js';
import { copyOwn, isObject, setOwn, type Json } from '../../json.js';
import type { Exchange } from '../behaviours/exchange.js';
import type { RuntimeModel } from '../model.js';
import { objectView } from '../schemas/schema-view.js';

/** Fields named in one request's `expand` at most: Stripe allows a handful. */
const MAX_EXPANSIONS = 32;

/** Where a record field's id leads, by resource and field: found once. */
const targets = new WeakMap<ArtifactResource, Map<string, ArtifactResource | null>>();

/**
 * A record as an answer that asked to `expand` some of its fields (Stripe's
 * `?expand[]=customer`, or `expand` in a write's body): each named field holding the id of a
 * record the Simulation keeps becomes that record, where the field's schema allows it (an
 * `anyOf` of the id and the object). Unknown fields, ids of records nobody created and nested
 * paths (`data.customer`) are left as they are. The stored record does not change.
 */
export function expanded(ex: Exchange, resource: ArtifactResource, record: Json): Json {
  const names = expansions(ex);
  if (names.length === 0 || !isObject(record)) return record;
  const out = copyOwn(record);
  for (const name of names) {
    const id = Object.hasOwn(out, name) ? out[name] : undefined;
    if (typeof id !== 'string' || id === '') continue;
    const target = referencedCollection(ex.model, resource, name);
    const found = target === null ? undefined : ex.state.get(target.name, id);
    if (isObject(found)) setOwn(out, name, found);
  }
  return out;
}

/** The field names `expand` lists, in the query or the body, without nested paths. */
function expansions(ex: Exchange): string[] {
  const fromQuery = Object.hasOwn(ex.query, 'expand') ? ex.query.expand : undefined;
  const fromBody = isObject(ex.body) && Object.hasOwn(ex.body, 'expand') ? ex.body.expand : undefined;
  const listed = [fromQuery, fromBody].flatMap((value) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []));
  return listed.filter((name): name is string => typeof name === 'string' && name !== '' && !name.includes('.')).slice(0, MAX_EXPANSIONS);
}

/**
 * The top-level collection a field's id names: the one whose records are a choice of the
 * field's schema (`customer: anyOf [string, customer]`), else the one named as the field
 * (`customer` → `customers`), when the field's schema allows an object at all.
 */
export function referencedCollection(model: RuntimeModel, resource: ArtifactResource, field: string): ArtifactResource | null {
  let byField = targets.get(resource);
  if (byField === undefined) targets.set(resource, (byField = new Map()));
  let target = byField.get(field);
  if (target === undefined) {
    target = findTarget(model, resource, field);
    byField.set(field, target);
  }
  return target;
}

function findTarget(model: RuntimeModel, resource: ArtifactResource, field: string): ArtifactResource | null {
  const schema = objectView(model.registry, resource.itemSchema).properties[field];
  const choices = choicesOf(model, schema, 0);
  if (choices.length === 0) return null;
  const members = new Set(choices.map((choice) => JSON.stringify(choice)));
  const collections = model.artifact.resources.filter((r) => r.kind === 'collection' && r.scopeParameters.length === 0 && r.itemSchema !== null);
  const bySchema = collections.find((r) => members.has(JSON.stringify(model.registry.resolve(r.itemSchema))));
  if (bySchema !== undefined) return bySchema;
  const word = singular(field.toLowerCase());
  const whole = squash(word);
  return collections.find((r) => singular(words(r.name).at(-1) ?? '') === word || squash(singular(r.name)) === whole) ?? null;
}

/**
 * The resolved choices of an `anyOf`/`oneOf`, through the one a nullable field is wrapped in
 * (OpenAPI 3.0's `nullable` on Stripe's `payment_intent: anyOf [id, payment_intent]` becomes
 * `anyOf [anyOf [id, payment_intent], null]`).
 */
function choicesOf(model: RuntimeModel, schema: JsonSchema | undefined, depth: number): JsonSchema[] {
  const resolved = model.registry.resolve(schema);
  const choices = isObject(resolved) ? ((resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined) : undefined;
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((choice) => {
    const inner = depth < 2 ? choicesOf(model, choice, depth + 1) : [];
    return inner.length > 0 ? inner : [model.registry.resolve(choice) as JsonSchema];
  });
}
