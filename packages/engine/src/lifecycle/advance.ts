import type { ClockEvent, SimContext, StateAccess } from '@simplane/core';
import type { ArtifactResource, LifecycleRule } from '../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../json.js';
import { collectionName, linksCollection, SINGLETON_KEY } from '../runtime/records/collections.js';
import { fillServerFields } from '../runtime/records/fill-fields.js';
import type { RuntimeModel } from '../runtime/model.js';
import { counterOf, countInParent, type Counter, type WriteScope } from '../runtime/relations/parent-count.js';
import { randomFor } from '../runtime/values/random.js';
import { addDuration, parseDuration, timeOf, type Duration } from './duration.js';
import { EventQueue, type Due, type Ordered } from './event-queue.js';
import { hex128 } from './event-id.js';

/** A resource whose records time changes, its rules ready to apply. */
interface Timed {
  resource: ArtifactResource;
  rules: TimedRule[];
  counter: Counter | null;
}

/** A rule with its duration read and its field values listed once. */
interface TimedRule {
  rule: LifecycleRule;
  after: Duration | null;
  set: [string, Json][];
  when: [string, Json[]][];
}

/** Made once per Simulator. */
const PLANS = new WeakMap<RuntimeModel, Timed[]>();

export function hasLifecycle(model: RuntimeModel): boolean {
  return planFor(model).length > 0;
}

function planFor(model: RuntimeModel): Timed[] {
  let plan = PLANS.get(model);
  if (plan === undefined) {
    plan = model.artifact.resources
      .filter((resource) => Array.isArray(resource.lifecycle) && resource.lifecycle.length > 0)
      .map((resource) => ({
        resource,
        rules: resource.lifecycle.map((rule) => ({ rule, after: rule.after === null ? null : parseDuration(rule.after), set: Object.entries(rule.set ?? {}), when: Object.entries(rule.when ?? {}) })),
        counter: counterOf(model, resource),
      }));
    PLANS.set(model, plan);
  }
  return plan;
}

/** One record with a rule due in the window. */
interface Target {
  timed: Timed;
  collection: string;
  scope: Record<string, string>;
  key: string;
  /** By rule: the due time last scheduled, and the one last committed (NaN for none). */
  dues: number[];
  fired: number[];
  /** The record as the due times were last read from it (state values are never changed in place). */
  seen: Json;
}

/**
 * Commits the lifecycle events that fall due in (from, to] (runtime.port.ts, `advance`): every
 * record of a resource with rules is read once, each rule's due time taken from its fields, and
 * the events are applied in time order (ties: resource, record, then rule order). Each event
 * looks at its record as earlier events left it: one whose precondition no longer holds, whose
 * record is gone or whose `set` changes nothing is no event, and a change that moves a due time
 * (a stamped `canceled_at` a rule counts from) schedules the rule again.
 */
export function advance(model: RuntimeModel, state: StateAccess, from: Date, to: Date, context: SimContext): ClockEvent[] {
  const start = from.getTime();
  const end = to.getTime();
  const inWindow = (due: number | null, notBefore: number): due is number => due !== null && due > start && due >= notBefore && due <= end;
  const initial: Ordered<Target>[] = [];
  for (const timed of planFor(model)) {
    for (const { collection, scope } of collectionsOf(model, state, timed.resource, new Map())) {
      for (const [key, record] of state.entries(collection)) {
        if (!isObject(record)) continue;
        let target: Target | null = null;
        for (let rule = 0; rule < timed.rules.length; rule += 1) {
          const due = dueOf(timed.rules[rule]!, record);
          if (!inWindow(due, start)) continue;
          target ??= { timed, collection, scope, key, dues: timed.rules.map(() => Number.NaN), fired: timed.rules.map(() => Number.NaN), seen: record };
          target.dues[rule] = due;
          initial.push({ at: due, item: target, rule, order: initial.length });
        }
      }
    }
  }
  const queue = new EventQueue(initial);
  const events: ClockEvent[] = [];
  const writer = new Writer(model, state, context);
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const target = next.item;
    // Only the latest due time scheduled for a rule counts, and only once.
    if (target.dues[next.rule] !== next.at || target.fired[next.rule] === next.at) continue;
    const record = state.get(target.collection, target.key);
    const timedRule = target.timed.rules[next.rule]!;
    const { rule } = timedRule;
    if (!isObject(record) || (record !== target.seen && dueOf(timedRule, record) !== next.at) || !holds(timedRule.when, record)) continue;
    if (!rule.delete && timedRule.set.every(([field, value]) => same(record[field], value))) continue;
    target.fired[next.rule] = next.at;
    const now = new Date(next.at);
    const after = writer.commit(next, record, now);
    target.seen = after;
    events.push(eventOf(context.seed, next, rule, now));
    if (after === null) continue;
    // The write may move a due time (a stamped `canceled_at` a rule counts from): scheduled again.
    for (let other = 0; other < target.timed.rules.length; other += 1) {
      const due = dueOf(target.timed.rules[other]!, after);
      if (!inWindow(due, next.at) || due === target.dues[other]) continue;
      target.dues[other] = due;
      queue.push({ at: due, item: target, rule: other });
    }
  }
  return events;
}

/** Writes due events to the state as a request's write would, at the event's due time. */
class Writer {
  /** One scope for the whole advance, moved to each event's record and due time. */
  readonly #scope: WriteScope & { path: Record<string, string>; fill: { now: Date } };
  /** Names the randomness a write draws from (per collection, record and due time). */
  #collection = '';
  #key = '';
  #at = 0;

  constructor(model: RuntimeModel, state: StateAccess, context: SimContext) {
    const writer = this;
    this.#scope = {
      model,
      state,
      path: {},
      fill: {
        now: new Date(0),
        // Drawn from only where a write must fill a field the record lacks.
        get gen() {
          return { registry: model.registry, random: randomFor(context.seed, 'advance', writer.#collection, writer.#key, writer.#at), now: new Date(writer.#at) };
        },
      },
    };
  }

  /** Applies one due event to its record: the fields set (and the times a write stamps), or the record deleted. The record after it, or null. */
  commit(due: Due<Target>, record: JsonObject, now: Date): JsonObject | null {
    const { timed, collection, scope, key } = due.item;
    const timedRule = timed.rules[due.rule]!;
    const ex = this.#scope;
    const state = ex.state;
    ex.path = scope;
    ex.fill.now = now;
    this.#collection = collection;
    this.#key = key;
    this.#at = due.at;
    if (timedRule.rule.delete) {
      if (key === SINGLETON_KEY) state.put(collection, key, null);
      else {
        state.delete(collection, key);
        const links = state.get(linksCollection(collection), key);
        if (links !== undefined) state.delete(linksCollection(collection), key);
        countInParent(ex, timed.counter, -1, isObject(links) ? links : {});
      }
      return null;
    }
    const changed: JsonObject = { ...record };
    for (const [field, value] of timedRule.set) setOwn(changed, field, value);
    // Stamped as a write at the due time would be: the update time, and the time of an end reached (`canceled_at`).
    const written = fillServerFields(ex.fill, timed.resource, changed, 'write', record);
    state.put(collection, key, written);
    return written;
  }
}

function eventOf(seed: string, due: Due<Target>, rule: LifecycleRule, at: Date): ClockEvent {
  const { timed, collection, key } = due.item;
  return { id: `evt_${hex128(`${seed}\u0000${collection}\u0000${key}\u0000${rule.name}\u0000${due.at}`)}`, type: rule.type, resource: timed.resource.name, recordId: key, at };
}

/** When a rule falls due for a record (ms since the epoch), or null where its time field holds no time. */
function dueOf({ rule, after }: TimedRule, record: JsonObject): number | null {
  if (rule.at !== null) return timeOf(record[rule.at]);
  const base = rule.from === null || after === null ? null : timeOf(record[rule.from]);
  return base === null || after === null ? null : addDuration(base, after);
}

function holds(when: TimedRule['when'], record: JsonObject): boolean {
  for (const [field, values] of when) if (!values.some((value) => same(record[field], value))) return false;
  return true;
}

function same(a: Json | undefined, b: Json): boolean {
  if (a === b) return true;
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Where a resource's records are: its one collection at the top level; under each record of
 * its parent when nested (the scope built up from the parents' keys). A nested resource scoped
 * by parameters no parent record gives (a tenant's or a linked route's) is out of reach.
 */
function collectionsOf(model: RuntimeModel, state: StateAccess, resource: ArtifactResource, seen: Map<string, { collection: string; scope: Record<string, string> }[]>, depth = 0): { collection: string; scope: Record<string, string> }[] {
  if (resource.scopeParameters.length === 0) return [{ collection: resource.name, scope: {} }];
  const known = seen.get(resource.name);
  if (known !== undefined) return known;
  const out: { collection: string; scope: Record<string, string> }[] = [];
  const parent = resource.parent === null ? undefined : model.resources.get(resource.parent);
  if (parent !== undefined && parent.kind === 'collection' && resource.parentParameter !== null && depth < 16) {
    for (const above of collectionsOf(model, state, parent, seen, depth + 1)) {
      for (const [key] of state.entries(above.collection)) {
        const scope = { ...above.scope, [resource.parentParameter]: key };
        if (resource.scopeParameters.every((p) => Object.hasOwn(scope, p))) out.push({ collection: collectionName(resource, scope), scope });
      }
    }
  }
  seen.set(resource.name, out);
  return out;
}
