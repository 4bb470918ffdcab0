import { formatTime, type SimContext, type StateAccess } from '@simplane/core';
import type { ArtifactOperation, ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { looksPlural, squash, words } from '../../infer/naming.js';
import { unannotated } from '../../annotations.js';
import { collectionName, recordKey, SINGLETON_KEY } from '../records/collections.js';
import { generateProperty, generateValue, type GenerateContext } from '../values/generate-value.js';
import type { RuntimeModel } from '../model.js';
import { coerce } from '../checking/coerce.js';
import { randomFor } from '../values/random.js';
import type { Refusal } from '../answers/refusal-reason.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { objectView, schemaTypes, type ObjectView } from '../schemas/schema-view.js';

/** One validated request on its way through a behaviour. */
export interface Exchange {
  model: RuntimeModel;
  operation: ArtifactOperation;
  /** Path parameter values as text, as routed, and the parents' keys an RPC call names (withRpcScope). */
  path: Record<string, string>;
  /** Query parameter values, coerced to their schemas. */
  query: Record<string, Json>;
  body: Json | undefined;
  bodyMediaType: string | null;
  state: StateAccess;
  context: SimContext;
  gen: GenerateContext;
  /** Records minted so far in this request, for id derivation. */
  minted: number;
}

export function notFound(what: string): Refusal {
  return { status: 404, code: 'not_found', message: what };
}

/** The item schema of a resource, else null. */
export function itemSchema(resource: ArtifactResource): JsonSchema | null {
  return resource.itemSchema ?? null;
}

/**
 * An RPC call's scope: the parents' keys its query or body names (Cognito's `UserPoolId`), set
 * beside the path's parameters, where a REST resource's scope is found.
 */
export function withRpcScope(ex: Exchange): void {
  const resource = ex.operation.resource === null ? undefined : ex.model.resources.get(ex.operation.resource);
  if (resource?.keyField === undefined || resource.scopeParameters.length === 0) return;
  const scoped = { ...ex.path };
  for (const field of resource.scopeParameters) {
    const value = requestKeyField(ex, field);
    if (value !== null) setOwn(scoped, field, value);
  }
  ex.path = scoped;
}

/** A key an RPC call names in a request field (`?channel=C1`, `{"UserPoolId": ...}`): from the query, else the body. */
export function requestKeyField(ex: Exchange, field: string): string | null {
  const fromQuery = recordKey(Object.hasOwn(ex.query, field) ? ex.query[field] : undefined);
  return fromQuery ?? (isObject(ex.body) && Object.hasOwn(ex.body, field) ? recordKey(ex.body[field]) : null);
}

/**
 * Checks every ancestor of a nested resource exists in state (a missing parent answers 404),
 * walking up through `parent`/`parentParameter`. A tenant, a parent named `me`, or one no
 * client can create is not checked: the id names the client's own account, or a record of the
 * real system.
 */
export function missingParent(ex: Exchange, resource: ArtifactResource): Refusal | null {
  // A nested route to a shallower collection checks the parents its own path names (GitHub's issue of a new comment).
  const linked = ex.operation.linkedParent;
  let current = linked === undefined || ex.operation.resource !== resource.name ? resource : { ...resource, parent: linked.name, parentParameter: linked.parameter };
  for (let hops = 0; current.parent !== null && hops < 16; hops += 1) {
    const parent = ex.model.resources.get(current.parent);
    if (!parent) return null;
    const collection = collectionName(parent, ex.path);
    const key = ex.path[current.parentParameter ?? ''] ?? '';
    if (parent.tenant === true || (parent.kind === 'collection' && (isSelfAlias(key) || uncreatable(parent)))) {
      // Nothing to check: the caller's own account, whatever its id, or records only the real system makes.
    } else if (parent.kind === 'singleton') {
      if (singletonRecord(ex, parent, collection) === null) return notFound(`${parent.name} not found`);
    } else if (ex.state.get(collection, key) === undefined) {
      return notFound(`${parent.name} ${key} not found`);
    }
    current = parent;
  }
  return null;
}

/**
 * A resource the API gives a client no way to make (no create, no replace): Spotify's users,
 * whose playlists are made under `/users/{user_id}/playlists`. Its records exist in the real
 * system whatever the Simulation holds, so an id is not refused as a parent.
 */
function uncreatable(resource: ArtifactResource): boolean {
  return resource.operations.create === undefined && resource.operations.replace === undefined;
}

/** Ids that name the caller rather than a record: Zoom's `/users/me`, Discord's `@me`. */
const SELF_ALIASES = new Set(['me', '@me', 'self', 'myself', 'current']);

/** Whether a path's id names the caller (`/users/me/meetings`): the account exists, as a tenant does. */
export function isSelfAlias(key: string): boolean {
  return SELF_ALIASES.has(key.toLowerCase());
}

/**
 * The tenant record of an id nobody created: the client's own account, which exists in the real
 * system, generated from the seed and the id (so every read of it answers the same), with its id
 * field holding the id (a generated one for `me`). Not stored: a write to it stores the written record, as to any other.
 */
export function tenantRecord(ex: Exchange, resource: ArtifactResource, key: string): JsonObject {
  const gen: GenerateContext = { registry: ex.model.registry, random: randomFor(ex.context.seed, 'tenant', resource.name, key), now: ex.context.now };
  const value = generateValue(itemSchema(resource) ?? { type: 'object' }, gen);
  const record: JsonObject = isObject(value) ? value : {};
  // The caller's account answers its own id, not the alias it was asked by.
  if (resource.idField !== null && !(isSelfAlias(key) && record[resource.idField] !== undefined)) {
    const idSchema = objectView(ex.model.registry, itemSchema(resource)).properties[resource.idField];
    const numeric = Number(key);
    const id = idSchema !== undefined && !ex.model.registry.validate(idSchema, key).ok && ex.model.registry.validate(idSchema, numeric).ok ? numeric : key;
    setOwn(record, resource.idField, id);
  }
  return record;
}

/**
 * A singleton's record: the stored one, or (before any write) a deterministic one generated
 * from its schema and the seed. A deleted singleton is stored as `null` and reads as missing.
 */
export function singletonRecord(ex: Exchange, resource: ArtifactResource, collection: string): JsonObject | null {
  const stored = ex.state.get(collection, SINGLETON_KEY);
  if (stored !== undefined) return isObject(stored) ? stored : null;
  const gen: GenerateContext = { registry: ex.model.registry, random: randomFor(ex.context.seed, 'singleton', collection), now: ex.context.now };
  const value = generateValue(itemSchema(resource) ?? { type: 'object' }, gen);
  return isObject(value) ? value : {};
}

/**
 * Names of the times a server stamps, compared without case, `_` or `-`: GitHub's `created_at`,
 * Stripe's `created`, Twilio's `date_created`, Google's `createTime`, Salesforce's
 * `CreatedDate`, Kubernetes' `creationTimestamp`, and the moment a record of a resource is
 * made under another verb (`placed_at` of an order, `submitted_at` of a form).
 */
const CREATED = new Set([
  'createdat', 'created', 'creationdate', 'datecreated', 'insertedat', 'createtime', 'createdtime', 'creationtime',
  'createdon', 'createddate', 'creationtimestamp', 'createdtimestamp', 'placedat', 'submittedat', 'orderedat',
  'requestedat', 'registeredat', 'receivedat', 'createdate', 'creationdatetime', 'createddatetime', 'launchtime',
]);
const UPDATED = new Set([
  'updatedat', 'updated', 'modifiedat', 'lastmodified', 'dateupdated', 'updatetime', 'updatedtime', 'modifiedtime',
  'updatedon', 'modifiedon', 'lastmodifieddate', 'lastmodifiedat', 'lastmodifiedtime', 'lastupdated', 'lastupdatedat',
  'updateddate', 'modifieddate',
]);

/** A property name as the time lists hold it. */
function timeName(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/** True for a property named as a record's creation time (`created_at`, `createTime`...), which a replace keeps. */
export function isCreationTime(name: string): boolean {
  return CREATED.has(timeName(name));
}

/**
 * How a timestamp field is written: RFC 3339 text, a date, epoch seconds, or an e-mail or HTTP
 * date (`Tue, 24 Nov 2026 05:55:54 +0000` for Twilio's `date-time-rfc-2822`, `... GMT` for
 * Azure's `date-time-rfc1123`).
 */
type TimeForm = 'instant' | 'date' | 'epoch' | 'rfc2822' | 'rfc1123';

/** String formats of e-mail and HTTP dates, by the form they are written in. */
const MAIL_DATES: Record<string, TimeForm> = { 'date-time-rfc-2822': 'rfc2822', 'date-time-rfc2822': 'rfc2822', 'date-time-rfc1123': 'rfc1123', 'date-time-rfc-1123': 'rfc1123', 'date-time-rfc7231': 'rfc1123' };

/** What a write does with one property of the item schema (fillServerFields). */
interface FieldRule {
  name: string;
  /** Set from the virtual clock on every write. */
  updated: boolean;
  /** Set from the virtual clock on a create that did not give it. */
  created: boolean;
  time: TimeForm;
  /** On a create that did not give it: the schema's default or starting status, if it has one. */
  /**
   * `waiting`: states that say the record waits for one of its fields (Stripe's
   * `requires_payment_method`), taken before `value` by a record that lacks that field.
   */
  initial: { value: Json; waiting?: Array<{ value: string; field: string }> } | null;
  /**
   * For a nullable time of an end or of work done (`closed_at`, `merged_at`, `canceled_at`):
   * its word (`closed`). Null on a create that did not give it, as a new record has not got
   * there; stamped by the write that gets there (stampEnds).
   */
  ends: string | null;
}

/** The rules of an item schema, in property order, and the view they were read from (its required names and their schemas). */
interface FillPlan {
  rules: FieldRule[];
  view: ObjectView;
  /** What a required property nobody gave holds in a new record, where that is known (freshValue). */
  fresh: ReadonlyMap<string, Json>;
  /** Totals of what is done to the record's amount, by the word of the end that completes them (`amount_captured`: `captured`; settleAmounts). */
  settled: Array<{ name: string; word: string }>;
}

/** Last words of a property naming who made a record (GitHub's `user` of an issue): the server fills it, so it is never left null. */
const ACTOR_WORDS = new Set(['user', 'author', 'creator', 'owner', 'sender', 'actor', 'reporter', 'submitter', 'uploader', 'requester', 'by']);

/** Whether a property names who made its record: `user`, `author`, `created_by`; not who ended it (`closed_by`). */
function namesMaker(name: string): boolean {
  const named = words(name);
  const last = named.at(-1) ?? '';
  return ACTOR_WORDS.has(last) && !(last === 'by' && ENDED_WORDS.has(named.at(-2) ?? ''));
}

/** Whether a number property counts something (`comments`, `open_issues_count`, `num_items`), which a new record has none of. */
function counts(name: string, registry: SchemaRegistry, schema: JsonSchema): boolean {
  const named = words(name);
  const last = named.at(-1) ?? '';
  const counted = last === 'count' || named[0] === 'num' || (named[0] === 'number' && named[1] === 'of') || (named.length === 1 && looksPlural(last));
  return counted && (schemaTypes(registry, schema) ?? []).includes('integer');
}

/** Words of what is done to an amount after it is set, beyond the ends (`amount_received`, `amount_reversed`); not what sets it (`amount_requested`, `amount_authorized`). */
const AMOUNT_DONE_WORDS = new Set(['received', 'reversed', 'returned', 'credited', 'collected', 'redeemed', 'used', 'spent']);

/** Whether a number property totals what has been done to its record's amount (`amount_refunded`, `amount_paid`, `amount_reversed`), none of which a new record has had. */
function doneAmount(name: string, registry: SchemaRegistry, schema: JsonSchema): boolean {
  const named = words(name);
  const done = named.length === 2 && named[0] === 'amount' && (ENDED_WORDS.has(named[1]!) || AMOUNT_DONE_WORDS.has(named[1]!));
  return done && (schemaTypes(registry, schema) ?? []).some((type) => type === 'integer' || type === 'number');
}

/** Whether a boolean property says its record has reached an end or had work done (`refunded`, `is_locked`, `merged`), which a new record has not. */
function endFlag(name: string, registry: SchemaRegistry, schema: JsonSchema): boolean {
  const named = words(name).filter((word) => word !== 'is');
  return named.length === 1 && ENDED_WORDS.has(named[0]!) && (schemaTypes(registry, schema) ?? []).includes('boolean');
}

/**
 * What a required property nobody gave holds in a new record, or undefined to generate it:
 * nothing counted yet (`comments: 0`) or done to its amount yet (`amount_refunded: 0`), no end
 * reached (`refunded: false`), no sub-records yet (`labels: []`), null where it may be
 * (a payment intent's `invoice`, an issue nobody was assigned: the real API has nothing to put
 * there yet) unless it names who made the record, and for an option the one its enum names
 * as a client's who chose nothing (Stripe's `capture_method: automatic`).
 */
function freshValue(registry: SchemaRegistry, name: string, schema: JsonSchema): Json | undefined {
  const fits = (value: Json) => registry.validate(schema, value).ok;
  if ((counts(name, registry, schema) || doneAmount(name, registry, schema)) && fits(0)) return 0;
  if (endFlag(name, registry, schema) && fits(false)) return false;
  const resolved = registry.resolve(unannotated(schema));
  const items = isObject(resolved) && (schemaTypes(registry, schema) ?? []).includes('array') ? (resolved.items as JsonSchema | undefined) : undefined;
  if (items !== undefined && (schemaTypes(registry, items) ?? []).includes('object') && fits([])) return [];
  if (!namesMaker(name) && fits(null)) return null;
  return unchosen(registry, schema);
}

/** Option values, most telling first, that say a client who chose nothing gets them. */
const UNCHOSEN = ['default', 'automatic', 'auto', 'standard', 'normal'];

/** The option of an enum a client gets by not choosing, or undefined. */
function unchosen(registry: SchemaRegistry, schema: JsonSchema): string | undefined {
  const resolved = registry.resolve(unannotated(schema));
  if (!isObject(resolved) || !Array.isArray(resolved.enum)) return undefined;
  const values = resolved.enum.filter((value): value is string => typeof value === 'string');
  for (const word of UNCHOSEN) {
    const found = values.find((value) => squash(value) === word);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Plans by item schema (schemas belong to one artifact and never change): a write reads the schema once, not every time. */
const plans = new WeakMap<object, FillPlan>();

function planFor(registry: SchemaRegistry, schema: JsonSchema | null): FillPlan {
  const cached = isObject(schema) ? plans.get(schema) : undefined;
  if (cached !== undefined) return cached;
  const view = objectView(registry, schema);
  const rules = Object.entries(view.properties).map(([name, sub]): FieldRule => {
    const resolved = registry.resolve(unannotated(sub));
    const types = schemaTypes(registry, sub) ?? ['string'];
    const format = isObject(resolved) ? resolved.format : undefined;
    const mailDate = typeof format === 'string' && Object.hasOwn(MAIL_DATES, format) ? MAIL_DATES[format] : undefined;
    const time: TimeForm = types.includes('integer') || types.includes('number') ? 'epoch' : format === 'date' ? 'date' : (mailDate ?? 'instant');
    // Only a property that can hold a time is stamped: a boolean `updated` or a uuid `created` is not.
    const holdsTime = time === 'epoch' || (types.includes('string') && (format === undefined || format === 'date-time' || format === 'date' || mailDate !== undefined));
    // OpenAPI 3.1 allows `default` beside a `$ref`; it overrides the referenced schema's own.
    let initial: FieldRule['initial'] = null;
    if (isObject(sub) && Object.hasOwn(sub, 'default')) initial = { value: sub.default as Json };
    else if (isObject(resolved) && Object.hasOwn(resolved, 'default')) initial = { value: resolved.default as Json };
    else if (STATE_WORDS.has(words(name).at(-1) ?? '') && isObject(resolved) && Array.isArray(resolved.enum) && resolved.enum.length > 0) {
      const waiting = waitingStates(resolved.enum as Json[], Object.keys(view.properties));
      initial = { value: startingState(resolved.enum as Json[]), ...(waiting.length > 0 ? { waiting } : {}) };
    }
    const stamped = holdsTime ? timeName(name) : '';
    const ends = holdsTime && types.includes('null') ? endWord(name) : null;
    return { name, updated: UPDATED.has(stamped), created: CREATED.has(stamped), time, initial, ends };
  });
  const fresh = new Map(view.required.flatMap((name) => {
    const value = freshValue(registry, name, view.properties[name] ?? true);
    return value === undefined ? [] : [[name, value] as const];
  }));
  const settled = Object.keys(view.properties).flatMap((name) => (doneAmount(name, registry, view.properties[name] ?? true) ? [{ name, word: words(name)[1]! }] : []));
  const plan = { rules, view, fresh, settled };
  if (isObject(schema)) plans.set(schema, plan);
  return plan;
}

/** Words of a state a record ends in, not one it starts in (`canceled`, `payment_failed`). */
const END_STATE_WORDS = new Set([
  'abandoned', 'archived', 'canceled', 'cancelled', 'closed', 'complete', 'completed', 'declined', 'deleted', 'delivered', 'done', 'expired',
  'failed', 'failure', 'finished', 'lost', 'refunded', 'rejected', 'removed', 'resolved', 'revoked', 'succeeded', 'terminated', 'void', 'voided',
]);

/** Words of a record's ends and of work done to it, beyond the end states: a new record is none of them. */
const ENDED_WORDS = new Set([...END_STATE_WORDS, 'merged', 'archived', 'locked', 'paid', 'shipped', 'captured', 'confirmed', 'approved', 'finalized', 'finalised', 'settled', 'disputed', 'suspended', 'dismissed', 'ended', 'stopped', 'paused', 'frozen', 'blocked', 'banned']);
/** Words that say a field holds a time rather than name what happened. */
const TIME_WORDS = new Set(['at', 'on', 'date', 'time', 'timestamp', 'utc']);

/** The word of a time named as an end or as work done (`closed` for `closed_at`, `merged` for `mergedAt`), which a new record has not reached; null for any other name. */
function endWord(name: string): string | null {
  const rest = words(name).filter((word) => !TIME_WORDS.has(word));
  return rest.length === 1 && ENDED_WORDS.has(rest[0]!) ? rest[0]! : null;
}

/** Whether a record has got to `word`: a field holds it as its value (`state: closed`), or a true flag is named by it (`merged`, `is_locked`). */
function reached(record: JsonObject, word: string): boolean {
  for (const [field, value] of Object.entries(record)) {
    if (typeof value === 'string' && squash(value) === word) return true;
    if (value === true && (squash(field) === word || squash(field) === `is${word}`)) return true;
  }
  return false;
}

/**
 * Stamps the times of ends a write reaches and clears those it leaves: GitHub's issue closed by
 * `PATCH {"state": "closed"}` gets its `closed_at`, a pull request merged its `merged_at`, a
 * reopened issue loses its `closed_at`; Stripe's canceled payment intent gets `canceled_at`.
 */
function stampEnds(ex: Exchange, plan: FillPlan, before: JsonObject, record: JsonObject): void {
  const unset = (value: Json | undefined) => value === undefined || value === null;
  for (const rule of plan.rules) {
    if (rule.ends === null) continue;
    const now = reached(record, rule.ends);
    const was = reached(before, rule.ends);
    // A record still there keeps the time it got there (a replace need not repeat it).
    if (now && unset(record[rule.name])) setOwn(record, rule.name, was && !unset(before[rule.name]) ? (before[rule.name] as Json) : timeValue(ex.context.now, rule.time));
    else if (!now && was && !unset(record[rule.name])) setOwn(record, rule.name, null);
  }
}

/** The last word of a field holding a record's state: `status`, `state`, `TableStatus`, `order_state`. */
const STATE_WORDS = new Set(['status', 'state']);

/**
 * Words of a state a record is ready in. A Simulation's clock does not run on its own, so a
 * record whose real counterpart passes through `CREATING` or `PENDING` to `ACTIVE` starts ready,
 * as a client waiting for it expects to find it.
 */
const READY_STATE_WORDS = new Set(['active', 'available', 'ready', 'enabled', 'running']);

/**
 * States a record is in before anyone has worked on it: a draft, a new or open one, one waiting
 * for its turn or for its client's confirmation. A payment intent given its payment method
 * starts `requires_confirmation`, not in the `processing` its alphabetical enum lists first.
 */
const FIRST_STATES = new Set([
  'draft', 'new', 'created', 'open', 'pending', 'queued', 'scheduled', 'submitted', 'requested', 'initiated', 'notstarted', 'todo',
  'unconfirmed', 'requiresconfirmation', 'awaitingconfirmation', 'pendingconfirmation',
]);

/**
 * The state a new record starts in: a ready one where the enum has it, else one a record starts
 * in (FIRST_STATES), else the first that does not name an end (an enum written in alphabetical
 * order, as Stripe's are, starts with `canceled`), else the first.
 */
function startingState(values: Json[]): Json {
  const text = values.filter((value): value is string => typeof value === 'string');
  return (
    text.find((value) => squash(value) === 'inservice' || READY_STATE_WORDS.has(squash(value))) ??
    text.find((value) => FIRST_STATES.has(squash(value))) ??
    text.find((value) => !words(value).some((word) => END_STATE_WORDS.has(word))) ??
    (values[0] as Json)
  );
}

/** States of the form `requires_<field>` naming a field of the record: `requires_payment_method` waits for `payment_method`. */
function waitingStates(values: Json[], fields: string[]): Array<{ value: string; field: string }> {
  const byName = new Map(fields.map((field) => [squash(field), field]));
  return values.flatMap((value) => {
    if (typeof value !== 'string' || !/^requires?[_\s-]?/i.test(value)) return [];
    const field = byName.get(squash(value.replace(/^requires?/i, '')));
    return field === undefined ? [] : [{ value, field }];
  });
}

function timeValue(now: Date, form: TimeForm): Json {
  if (form === 'epoch') return Math.floor(now.getTime() / 1000);
  if (form === 'rfc1123') return now.toUTCString();
  if (form === 'rfc2822') return now.toUTCString().replace(/GMT$/, '+0000');
  return form === 'date' ? formatTime(now).slice(0, 10) : formatTime(now);
}

/**
 * Fills a record's server-side fields from the item schema: creation and update times from the
 * virtual clock, `status`/`state` from the schema's default or starting enum value, other defaults,
 * then anything still required: as a new record holds it where that is known (freshValue), else
 * from the generator. A write to a stored record (`before`) also
 * stamps or clears the times of the ends it reaches or leaves (stampEnds).
 */
export function fillServerFields(ex: Exchange, record: JsonObject, schema: JsonSchema | null, mode: 'create' | 'write', before?: JsonObject): JsonObject {
  const plan = planFor(ex.model.registry, schema);
  for (const rule of plan.rules) {
    if (rule.updated || (mode === 'create' && rule.created && !Object.hasOwn(record, rule.name))) setOwn(record, rule.name, timeValue(ex.context.now, rule.time));
    else if (mode === 'create' && rule.ends !== null && !Object.hasOwn(record, rule.name)) setOwn(record, rule.name, null);
    else if (mode === 'create' && rule.initial !== null && !Object.hasOwn(record, rule.name)) {
      const waitsFor = rule.initial.waiting?.find((w) => record[w.field] === undefined || record[w.field] === null);
      setOwn(record, rule.name, waitsFor?.value ?? rule.initial.value);
    }
  }
  const { required, properties } = plan.view;
  for (const name of required) {
    if (Object.hasOwn(record, name)) continue;
    const fresh = plan.fresh.get(name);
    // Copied: a stored record never shares an array with the plan.
    setOwn(record, name, fresh === undefined ? generateProperty(name, properties[name] ?? true, ex.gen, record, properties) : Array.isArray(fresh) ? [] : fresh);
  }
  if (before !== undefined) {
    stampEnds(ex, plan, before, record);
    settle(ex, plan, record);
  }
  return record;
}

/** Words of an end that completes a total of another word: a payment intent that `succeeded` has received its amount. */
const COMPLETED_BY: Readonly<Record<string, string>> = { received: 'succeeded', collected: 'succeeded', paid: 'succeeded' };

function settle(ex: Exchange, plan: FillPlan, record: JsonObject): void {
  if (typeof record.amount !== 'number') return;
  for (const { name, word } of plan.settled) {
    const current = record[name];
    if (current !== undefined && current !== null && current !== 0) continue;
    const also = COMPLETED_BY[word];
    if (!reached(record, word) && (also === undefined || !reached(record, also))) continue;
    if (ex.model.registry.validate(plan.view.properties[name] ?? true, record.amount).ok) setOwn(record, name, record.amount);
  }
}

/**
 * Completes the totals of what was done to a record's amount once it reaches the end they
 * name: a charge captured has `amount_captured` equal to its amount, one refunded by its refund
 * action `amount_refunded`, a payment intent that succeeded `amount_received`. A total already
 * moved (by refunds of part of it) is kept.
 */
export function settleAmounts(ex: Exchange, record: JsonObject, schema: JsonSchema | null): JsonObject {
  settle(ex, planFor(ex.model.registry, schema), record);
  return record;
}

export function keyOfRecord(resource: ArtifactResource, record: Json): string | null {
  return resource.idField === null ? null : recordKey(isObject(record) ? record[resource.idField] : undefined);
}

export function asBodyObject(body: Json | undefined): JsonObject {
  return isObject(body) ? copyOwn(body) : {};
}

/** An item schema's property names by their squashed form (the first of names that squash alike). */
const squashedNames = new WeakMap<ObjectView, Map<string, string>>();

/** A resource's item fields by their names without case, `_` or `-` (`account_sid` by `accountsid`), found once per item schema. */
export function fieldsBySquashedName(ex: Exchange, resource: ArtifactResource): ReadonlyMap<string, string> {
  const view = objectView(ex.model.registry, itemSchema(resource));
  let names = squashedNames.get(view);
  if (names === undefined) {
    names = new Map();
    for (const name of Object.keys(view.properties)) if (!names.has(squash(name))) names.set(squash(name), name);
    squashedNames.set(view, names);
  }
  return names;
}

/**
 * Names of credentials a client sends with a write (Plaid's `access_token` and `secret`, Slack's
 * `token` form field): never kept in a record that does not declare them. A `token` is one only
 * by itself: a `device_token` or `page_token` is data.
 */
const CREDENTIAL_FIELD = /(password|passwd|secret|accesstoken|refreshtoken|apikey|apitoken|authtoken|privatekey)$|^token$/;

/**
 * Names of fields that direct a request rather than describe a record: Stripe's `expand[]`,
 * AWS's `DryRun`, `ClientToken` and `ClientRequestToken`, idempotency keys. Other fields a
 * record does not declare are kept: a document's answer schema is often short of what the API
 * returns, and a field the client wrote is not lost.
 */
const CONTROL_FIELD = /^(expand|dryrun|clienttoken|clientrequesttoken|idempotencykey|idempotencytoken)$/;

/** A write's body without the credentials and request controls the record's schema does not declare: a real API keeps them, if at all, out of the record it answers. */
function withoutCredentialsOrControls(body: JsonObject, view: ObjectView): JsonObject {
  for (const field of Object.keys(body)) {
    if (Object.hasOwn(view.properties, field)) continue;
    const name = squash(field);
    if (CREDENTIAL_FIELD.test(name) || CONTROL_FIELD.test(name)) delete body[field];
  }
  return body;
}

/**
 * A write body wrapped as the resource's writes or answers are (`{"data": {...}}`, as Asana's
 * and Magento's writes are): the record inside, without the request fields naming the record
 * and its parents in an RPC call (unless the record declares them). A body that is not wrapped,
 * or a record that has a field of that name, is the record itself.
 */
function unwrapped(body: JsonObject, resource: ArtifactResource, view: ObjectView): JsonObject {
  // The fields naming the record and its parents say where it is kept, not what it holds, unless it declares them.
  if (resource.keyField !== undefined) for (const name of [resource.keyField, ...resource.scopeParameters]) if (!Object.hasOwn(view.properties, name)) delete body[name];
  const field = resource.bodyField ?? resource.recordField;
  if (field === undefined || Object.hasOwn(view.properties, field) || !Object.hasOwn(body, field)) return body;
  const inner = body[field];
  return isObject(inner) ? copyOwn(inner) : body;
}

/**
 * A write's body as a record of the item schema. A field named as a property but for case and
 * punctuation takes the property's name (Twilio's form field `To` is its message's `to`,
 * `StatusCallback` its `status_callback`). On a create, a property named as a scoping path
 * parameter (`account_sid` under `/Accounts/{AccountSid}`) that the body leaves out takes the
 * path's value, as the real API records whose the record is.
 */
export function bodyRecord(ex: Exchange, resource: ArtifactResource, mode: 'create' | 'write'): JsonObject {
  const view = objectView(ex.model.registry, itemSchema(resource));
  const record = withoutCredentialsOrControls(unwrapped(asBodyObject(ex.body), resource, view), view);
  const names = fieldsBySquashedName(ex, resource);
  for (const field of Object.keys(record)) {
    if (Object.hasOwn(view.properties, field)) continue;
    const name = names.get(squash(field));
    if (name === undefined || Object.hasOwn(record, name)) continue;
    setOwn(record, name, record[field] as Json);
    delete record[field];
  }
  if (mode === 'create') {
    const links = ex.operation.links;
    for (const parameter of links === undefined ? resource.scopeParameters : [...resource.scopeParameters, ...links]) {
      const name = names.get(squash(parameter));
      const value = ex.path[parameter];
      // A parent's key never becomes the record's own id (GitLab's `/projects/{id}/hooks`: the hook's `id` is its own).
      if (name === undefined || value === undefined || name === resource.idField || Object.hasOwn(record, name)) continue;
      const candidate = coerce(ex.model.registry, view.properties[name] ?? null, value);
      if (ex.model.registry.validate(view.properties[name], candidate).ok) setOwn(record, name, candidate);
    }
  }
  return record;
}
