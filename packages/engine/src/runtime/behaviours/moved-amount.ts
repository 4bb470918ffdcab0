import type { ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { singular, squash, stateForms, words } from '../../infer/naming.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { collectionName } from '../records/collections.js';
import { itemSchema, type Exchange } from './exchange.js';
import { fillServerFields } from '../records/fill-fields.js';
import { targetFor } from '../relations/inherit.js';
import type { RuntimeModel } from '../model.js';
import { parentOf } from '../relations/parent-count.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';

/**
 * A record whose `amount` moves an amount of the record it belongs to or names: a refund of a
 * charge adds to the charge's `amount_refunded` and, once the whole charge is refunded, sets its
 * `refunded`; a transfer reversal adds to the transfer's `amount_reversed`. The target is the
 * parent a nested create names (`POST /charges/{charge}/refunds`) or the record a field of the
 * new record names (`POST /refunds {"charge": "ch_..."}`).
 */
export interface MovedAmount {
  target: ArtifactResource;
  /** The path parameter naming the parent, or the field of the new record naming the target. */
  via: { parameter: string } | { field: string };
  /** The target's running total (`amount_refunded`) and its flag for the whole amount (`refunded`), if it has one. */
  total: string;
  flag: string | null;
}

/**
 * What a record of a resource called `one` does to another's amount, squashed, in the forms a
 * verb's state takes (stateForms, as an action's flag is found): `refunded` for a refund,
 * `captured` for a capture, `reversed` for a reversal (a noun in `-al` is its verb's).
 */
function doneForms(one: string): Set<string> {
  const verb = one.endsWith('al') ? one.slice(0, -2) : one;
  return new Set([...stateForms(verb)].filter((form) => form !== verb && !form.endsWith('ing')));
}

function typed(model: RuntimeModel, properties: Record<string, JsonSchema>, name: string, ...types: string[]): boolean {
  return (schemaTypes(model.registry, properties[name]) ?? []).some((type) => types.includes(type));
}

/** How a resource's records move amounts of others, found once per resource; none where its records have no `amount`. */
export function movedAmountsOf(model: RuntimeModel, resource: ArtifactResource): MovedAmount[] {
  const own = objectView(model.registry, itemSchema(resource)).properties;
  if (!typed(model, own, 'amount', 'integer', 'number')) return [];
  const done = doneForms(singular(words(resource.name.split('.').at(-1) ?? '').at(-1) ?? ''));
  const candidates: Array<{ target: ArtifactResource; via: MovedAmount['via'] }> = [];
  const parent = parentOf(model, resource);
  const parentResource = parent === null ? undefined : model.resources.get(parent.name);
  if (parent !== null && parentResource !== undefined && parentResource.kind === 'collection') candidates.push({ target: parentResource, via: { parameter: parent.parameter } });
  for (const field of Object.keys(own)) {
    const target = targetFor(model, resource, field);
    if (target !== null && target !== parentResource && target.kind === 'collection') candidates.push({ target, via: { field } });
  }
  return candidates.flatMap(({ target, via }) => {
    const theirs = objectView(model.registry, itemSchema(target)).properties;
    const named = (name: string, forms: (form: string) => string[]) => [...done].some((form) => forms(form).includes(squash(name)));
    const total = Object.keys(theirs).find((name) => named(name, (form) => [`amount${form}`, `${form}amount`]) && typed(model, theirs, name, 'integer', 'number'));
    if (total === undefined) return [];
    const flag = Object.keys(theirs).find((name) => named(name, (form) => [form, `is${form}`]) && typed(model, theirs, name, 'boolean')) ?? null;
    return [{ target, via, total, flag }];
  });
}

/**
 * Adds a new record's `amount` to the totals of the records it moves (movedAmountsOf), sets
 * their flag once the total reaches their own `amount`, and moves their update time. A total
 * or flag their schema refuses is left as it was.
 */
export function moveAmounts(ex: Exchange, moves: readonly MovedAmount[], record: Json): void {
  if (moves.length === 0 || !isObject(record) || typeof record.amount !== 'number') return;
  for (const move of moves) {
    const found = 'parameter' in move.via ? targetByPath(ex, move.target, move.via.parameter) : targetByField(move.target, record[move.via.field]);
    if (found === null) continue;
    const before = ex.state.get(found.collection, found.key);
    if (!isObject(before)) continue;
    const current = typeof before[move.total] === 'number' ? (before[move.total] as number) : 0;
    const schema = itemSchema(move.target);
    const properties = objectView(ex.model.registry, schema).properties;
    const fits = (name: string, value: Json) => ex.model.registry.validate(properties[name] ?? true, value).ok;
    const total = current + record.amount;
    if (!fits(move.total, total)) continue;
    const moved: JsonObject = { ...before };
    setOwn(moved, move.total, total);
    if (move.flag !== null && typeof before.amount === 'number' && fits(move.flag, total >= before.amount)) setOwn(moved, move.flag, total >= before.amount);
    ex.state.put(found.collection, found.key, fillServerFields({ gen: ex.gen, now: ex.context.now }, move.target, moved, 'write', before));
  }
}

function targetByPath(ex: Exchange, target: ArtifactResource, parameter: string): { collection: string; key: string } | null {
  const key = ex.path[parameter];
  return key === undefined ? null : { collection: collectionName(target, ex.path), key };
}

function targetByField(target: ArtifactResource, value: Json | undefined): { collection: string; key: string } | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  return target.scopeParameters.length > 0 ? null : { collection: target.name, key: String(value) };
}
