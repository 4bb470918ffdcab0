import type { ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { isObject, setOwn, type JsonObject } from '../../json.js';
import { itemSchema, type Exchange } from '../behaviours/exchange.js';
import { recordPlan } from '../records/fill-fields.js';
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

/** The collection a field names by id (RecordPlan.references, then namedIds), or null. */
export function targetFor(model: RuntimeModel, resource: ArtifactResource, field: string): ArtifactResource | null {
  const { references, namedIds } = recordPlan(resource);
  const name = Object.hasOwn(references, field) ? references[field] : Object.hasOwn(namedIds, field) ? namedIds[field] : undefined;
  return name === undefined ? null : (model.resources.get(name) ?? null);
}

/**
 * A resource's inheritances (RecordPlan.inherits), with the new record's schema for each field
 * taken: read once per resource, with its other traits.
 */
export function inheritancesOf(model: RuntimeModel, resource: ArtifactResource): Inheritance[] {
  const properties = objectView(model.registry, itemSchema(resource)).properties;
  return recordPlan(resource).inherits.flatMap(({ field, from, fields }) => {
    const target = model.resources.get(from);
    return target === undefined ? [] : [{ field, target, fields: fields.map((name) => ({ name, schema: properties[name] ?? true })) }];
  });
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
