import type { ArtifactResource } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json } from '../../json.js';
import type { Exchange } from '../behaviours/exchange.js';
import type { RuntimeModel } from '../model.js';
import { recordPlan } from '../records/fill-fields.js';

/** Fields named in one request's `expand` at most: Stripe allows a handful. */
const MAX_EXPANSIONS = 32;


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

/** The top-level collection a field's id names (RecordPlan.references), or null. */
export function referencedCollection(model: RuntimeModel, resource: ArtifactResource, field: string): ArtifactResource | null {
  const references = recordPlan(resource).references;
  return Object.hasOwn(references, field) ? (model.resources.get(references[field]!) ?? null) : null;
}
