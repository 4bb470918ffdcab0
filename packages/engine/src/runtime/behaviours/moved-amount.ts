import type { ArtifactResource } from '../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { collectionName } from '../records/collections.js';
import { itemSchema, type Exchange } from './exchange.js';
import { fillServerFields, recordPlan } from '../records/fill-fields.js';
import type { RuntimeModel } from '../model.js';
import { objectView } from '../schemas/schema-view.js';

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

/** How a resource's records move amounts of others (RecordPlan.moves), read once per resource with its other traits. */
export function movedAmountsOf(model: RuntimeModel, resource: ArtifactResource): MovedAmount[] {
  return recordPlan(resource).moves.flatMap(({ target, via, total, flag }) => {
    const found = model.resources.get(target);
    return found === undefined ? [] : [{ target: found, via, total, flag }];
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
