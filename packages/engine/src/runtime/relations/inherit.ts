import type { ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { singular, squash, words } from '../../infer/naming.js';
import { isObject, setOwn, type JsonObject } from '../../json.js';
import { itemSchema, type Exchange } from '../behaviours/exchange.js';
import { recordPlan } from '../records/fill-fields.js';
import { referencedCollection } from './expand.js';
import type { RuntimeModel } from '../model.js';
import { objectView } from '../schemas/schema-view.js';

/**
 * A field of a new record that names another record (a refund's `payment_intent`, an order's
 * `customer_id`), and the fields the new record takes from it when its create leaves them out:
 * a refund of a payment intent is for its `amount` and in its `currency`, as the real one is,
 * not for a generated amount in a generated currency.
 */
export interface Inheritance {
  field: string;
  target: ArtifactResource;
  /** The fields taken, with the new record's schema for each: a value is taken only where it fits. */
  fields: Array<{ name: string; schema: JsonSchema }>;
}

/**
 * Last words of fields never taken from another record: what makes a record itself (its id,
 * kind, state, times and links) and what a client writes about it alone (its description,
 * metadata).
 */
const OWN_WORDS = new Set([
  'id', 'object', 'type', 'kind', 'status', 'state', 'livemode', 'metadata', 'description', 'url', 'uri', 'href', 'self', 'link', 'links', 'etag', 'version',
  'at', 'on', 'date', 'time', 'timestamp',
]);

/** A field of the record's own: by its last word, or a time its writes never change (RecordPlan.kept). */
function ownField(resource: ArtifactResource, name: string): boolean {
  return OWN_WORDS.has(words(name).at(-1) ?? '') || recordPlan(resource).kept.includes(name);
}

/**
 * The collection a field's value names: one the field's schema offers as a choice (Stripe's
 * expandable `payment_intent: anyOf [id, payment_intent]`), else the top-level collection named
 * by the field without its `_id` (`customer_id`, `customerId` name `customers`).
 */
export function targetFor(model: RuntimeModel, resource: ArtifactResource, field: string): ArtifactResource | null {
  const expandable = referencedCollection(model, resource, field);
  if (expandable !== null) return expandable;
  const named = words(field);
  if (named.length < 2 || named.at(-1) !== 'id') return null;
  const word = singular(named.slice(0, -1).join(''));
  return model.artifact.resources.find((r) => r.kind === 'collection' && r.scopeParameters.length === 0 && r !== resource && squash(singular(words(r.name).at(-1) ?? '')) === word) ?? null;
}

/**
 * A resource's inheritances, found once: for each field naming another collection's record, the
 * required fields of the new record that the other record's schema has too, other than its own.
 */
export function inheritancesOf(model: RuntimeModel, resource: ArtifactResource): Inheritance[] {
  const view = objectView(model.registry, itemSchema(resource));
  const own = new Set(resource.idField === null ? [] : [resource.idField]);
  const out: Inheritance[] = [];
  for (const field of Object.keys(view.properties)) {
    const target = targetFor(model, resource, field);
    if (target === null) continue;
    const theirs = objectView(model.registry, itemSchema(target)).properties;
    const fields = view.required.filter((name) => name !== field && !own.has(name) && !ownField(resource, name) && Object.hasOwn(theirs, name)).map((name) => ({ name, schema: view.properties[name] ?? true }));
    if (fields.length > 0) out.push({ field, target, fields });
  }
  return out;
}

/** Copies into a new record what it inherits from the stored records its fields name, where it left them out: values, not objects, and only those that fit its schema. */
export function inherit(ex: Exchange, record: JsonObject, inheritances: readonly Inheritance[]): JsonObject {
  if (inheritances.length === 0) return record;
  for (const { field, target, fields } of inheritances) {
    const id = record[field];
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    const source = ex.state.get(target.name, String(id));
    if (!isObject(source)) continue;
    for (const { name, schema } of fields) {
      const value = Object.hasOwn(source, name) ? source[name] : undefined;
      if (Object.hasOwn(record, name) || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) continue;
      if (ex.model.registry.validate(schema, value).ok) setOwn(record, name, value);
    }
  }
  return record;
}
