import type { ArtifactOperation, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { FieldFill, RecordPlan, StatePlan, TimeForm } from '../artifact/behaviour.js';
import { unannotated } from '../annotations.js';
import { isObject, setOwn, type Json } from '../json.js';
import type { Era } from './plan-writes.js';
import { accepts } from './accepts.js';
import { planDerived } from './plan-derived.js';
import { planSecrets } from './plan-secrets.js';
import { planIdForm } from './plan-ids.js';
import { looksPlural, squash, words } from '../infer/naming.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';
import {
  ALTERNATE_KEYS, AMOUNT_DONE_WORDS, COMPLETED_BY, CREATION_TIMES, DONE_WORDS, END_STATE_WORDS, FIRST_STATES, MAIL_DATE_FORMATS, MAKER_WORDS, NAMING_WORDS,
  READY_STATES, SELF_ALIASES, STATE_FIELDS, TIME_WORDS, UNCHOSEN_OPTIONS, UPDATE_TIMES,
} from '../vocabulary/records.js';

/**
 * What writes do to a resource's records besides what the client sends, decided once from its
 * item schema: which fields the server stamps, where a new record's state starts, what a new
 * record holds in the fields nobody gave, and which fields a write keeps.
 */
export function planRecords(registry: SchemaRegistry, resource: ArtifactResource, operations: ReadonlyMap<string, ArtifactOperation>, era: Era): RecordPlan {
  const view = objectView(registry, resource.itemSchema);
  const names = Object.keys(view.properties);
  const fields: FieldFill[] = [];
  const settled: RecordPlan['settled'] = [];
  const kept: string[] = [];
  const keptUnlessGiven: string[] = [];
  const maps: string[] = [];
  const naming: string[] = [];
  let state: StatePlan | null = null;
  // One pass over the item's fields: a build plans every resource of a document of thousands of operations.
  for (const name of names) {
    const sub = view.properties[name] ?? true;
    const last = wordsOf(name).at(-1) ?? '';
    const fill = fieldFill(registry, name, sub, names);
    if (fill !== null) {
      fields.push(fill);
      if (fill.fill === 'initial' && state === null && STATE_FIELDS.has(last)) state = statePlan(registry, fill, sub);
    }
    if (doneAmount(name, registry, sub)) {
      const end = wordsOf(name)[1]!;
      const also = COMPLETED_BY[end];
      settled.push(also === undefined ? { field: name, end } : { field: name, end, also });
    }
    if (CREATION_TIMES.has(timeName(name))) kept.push(name);
    const resolved = registry.resolve(sub);
    if ((isObject(sub) && sub.readOnly === true) || (isObject(resolved) && resolved.readOnly === true)) keptUnlessGiven.push(name);
    if (era >= 4 && isMap(registry, sub)) maps.push(name);
    if (NAMING_WORDS.has(last)) naming.push(name);
  }
  const secrets = era >= 4 ? planSecrets(registry, resource, operations) : [];
  const fresh: Record<string, Json> = {};
  for (const name of view.required) {
    // A secret the server makes is never left null (planSecrets).
    if (secrets.some((secret) => secret.field === name)) continue;
    const value = freshValue(registry, name, view.properties[name] ?? true);
    if (value !== undefined) setOwn(fresh, name, value);
  }
  return {
    fields,
    state,
    fresh,
    settled,
    kept,
    keptUnlessGiven,
    aliases: resource.kind === 'collection' ? [...SELF_ALIASES] : [],
    alternateKeys: alternateKeys(resource.idParameter),
    catalog: era >= 4 && isCatalog(resource),
    deleted: era >= 4 ? deletedForm(registry, resource, operations) : null,
    maps,
    derived: era >= 4 ? planDerived(registry, resource, operations) : [],
    naming,
    countedIn: null,
    secrets,
    references: {},
    namedIds: {},
    moves: [],
    inherits: [],
    idForm: planIdForm(registry, resource, operations, era),
  };
}

/**
 * A collection the API lists and reads but gives a client no way to make (OpenAI's models, a
 * cloud's regions, currencies, plans): its records are the real system's, so any id names one.
 * Some may be deleted (a fine-tuned model); none is made by the client.
 */
function isCatalog(resource: ArtifactResource): boolean {
  const ops = resource.operations;
  const readAndListed = ops.read !== undefined && ops.list !== undefined;
  return resource.kind === 'collection' && resource.idParameter !== null && resource.keyField === undefined && readAndListed && ops.create === undefined && ops.replace === undefined && resource.tenant !== true;
}

/**
 * The deleted form the read's answer admits: an `anyOf`/`oneOf` branch holding a boolean field
 * that can only be true (Stripe's `deleted: {enum: [true]}`), with the other fields it requires.
 */
function deletedForm(registry: SchemaRegistry, resource: ArtifactResource, operations: ReadonlyMap<string, ArtifactOperation>): RecordPlan['deleted'] {
  const read = resource.operations.read === undefined ? undefined : operations.get(resource.operations.read);
  const response = read?.responses['200'] ?? read?.responses['2XX'];
  const schema = response === undefined ? null : (Object.values(response.content)[0]?.schema ?? null);
  const resolved = registry.resolve(schema);
  const branches = isObject(resolved) ? (Array.isArray(resolved.anyOf) ? resolved.anyOf : Array.isArray(resolved.oneOf) ? resolved.oneOf : []) : [];
  for (const branch of branches as JsonSchema[]) {
    const view = objectView(registry, branch);
    const flag = Object.keys(view.properties).find((name) => onlyTrue(registry, view.properties[name] ?? true));
    if (flag !== undefined) return { flag, fields: view.required.filter((name) => name !== flag) };
  }
  return null;
}

/** A schema a boolean true alone satisfies: `{type: boolean, enum: [true]}` or `{const: true}`. */
function onlyTrue(registry: SchemaRegistry, schema: JsonSchema): boolean {
  const resolved = registry.resolve(unannotated(schema));
  if (!isObject(resolved)) return false;
  return resolved.const === true || (Array.isArray(resolved.enum) && resolved.enum.length === 1 && resolved.enum[0] === true);
}

/** An object of free keys and no named ones: a map such as `metadata`. */
function isMap(registry: SchemaRegistry, schema: JsonSchema): boolean {
  const resolved = registry.resolve(unannotated(schema));
  if (!isObject(resolved) || !(schemaTypes(registry, schema) ?? []).includes('object')) return false;
  const named = isObject(resolved.properties) && Object.keys(resolved.properties).length > 0;
  return !named && resolved.additionalProperties !== undefined && resolved.additionalProperties !== false;
}

/** Names split into words, remembered: a build asks for the words of each field name several times. */
const split = new Map<string, string[]>();

function wordsOf(name: string): string[] {
  let found = split.get(name);
  if (found === undefined) {
    found = words(name);
    if (split.size > 50_000) split.clear();
    split.set(name, found);
  }
  return found;
}

/** A property name as the time lists hold it. */
function timeName(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/**
 * How writes fill one property, or null where they leave it to the client: a creation or
 * update time, the time of an end (`closed_at`), a default, or a state's starting value. Only a
 * property that can hold a time is stamped: a boolean `updated` or a uuid `created` is not.
 */
function fieldFill(registry: SchemaRegistry, name: string, sub: JsonSchema, siblings: string[]): FieldFill | null {
  const resolved = registry.resolve(unannotated(sub));
  const types = schemaTypes(registry, sub) ?? ['string'];
  const format = isObject(resolved) ? resolved.format : undefined;
  const mailDate = typeof format === 'string' && Object.hasOwn(MAIL_DATE_FORMATS, format) ? MAIL_DATE_FORMATS[format] : undefined;
  const time: TimeForm = types.includes('integer') || types.includes('number') ? 'epoch' : format === 'date' ? 'date' : (mailDate ?? 'instant');
  const holdsTime = time === 'epoch' || (types.includes('string') && (format === undefined || format === 'date-time' || format === 'date' || mailDate !== undefined));
  const stamped = holdsTime ? timeName(name) : '';
  if (UPDATE_TIMES.has(stamped)) return { field: name, fill: 'updated', time };
  if (CREATION_TIMES.has(stamped)) return { field: name, fill: 'created', time };
  const end = holdsTime && types.includes('null') ? endWord(name) : null;
  if (end !== null) return { field: name, fill: 'end', time, end };
  // OpenAPI 3.1 allows `default` beside a `$ref`; it overrides the referenced schema's own.
  if (isObject(sub) && Object.hasOwn(sub, 'default')) return { field: name, fill: 'initial', value: sub.default as Json };
  if (isObject(resolved) && Object.hasOwn(resolved, 'default')) return { field: name, fill: 'initial', value: resolved.default as Json };
  if (STATE_FIELDS.has(wordsOf(name).at(-1) ?? '') && isObject(resolved) && Array.isArray(resolved.enum) && resolved.enum.length > 0) {
    const values = resolved.enum as Json[];
    const waiting = waitingStates(values, siblings);
    return { field: name, fill: 'initial', value: startingState(values), ...(waiting.length > 0 ? { waiting } : {}) };
  }
  return null;
}

/** The state field's decisions, read from its starting fill and its enum. */
function statePlan(registry: SchemaRegistry, fill: FieldFill, sub: JsonSchema): StatePlan {
  const resolved = registry.resolve(unannotated(sub));
  const values = isObject(resolved) && Array.isArray(resolved.enum) ? resolved.enum.filter((v): v is string => typeof v === 'string') : [];
  return { field: fill.field, initial: fill.value ?? null, waiting: fill.waiting ?? [], ends: values.filter((value) => words(value).some((word) => END_STATE_WORDS.has(word))) };
}

/** The word of a time named as an end or as work done (`closed` for `closed_at`, `merged` for `mergedAt`); null for any other name. */
function endWord(name: string): string | null {
  const rest = wordsOf(name).filter((word) => !TIME_WORDS.has(word));
  return rest.length === 1 && DONE_WORDS.has(rest[0]!) ? rest[0]! : null;
}

/**
 * The state a new record starts in: a ready one where the enum has it, else one a record starts
 * in, else the first that does not name an end (an enum written in alphabetical order, as
 * Stripe's are, starts with `canceled`), else the first.
 */
function startingState(values: Json[]): Json {
  const text = values.filter((value): value is string => typeof value === 'string');
  return (
    text.find((value) => READY_STATES.has(squash(value))) ??
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

/** Whether a property names who made its record: `user`, `author`, `created_by`; not who ended it (`closed_by`). */
function namesMaker(name: string): boolean {
  const named = wordsOf(name);
  const last = named.at(-1) ?? '';
  return MAKER_WORDS.has(last) && !(last === 'by' && DONE_WORDS.has(named.at(-2) ?? ''));
}

/** Whether a number property counts something (`comments`, `open_issues_count`, `num_items`), which a new record has none of. */
function counts(name: string, registry: SchemaRegistry, schema: JsonSchema): boolean {
  const named = wordsOf(name);
  const last = named.at(-1) ?? '';
  const counted = last === 'count' || named[0] === 'num' || (named[0] === 'number' && named[1] === 'of') || (named.length === 1 && looksPlural(last));
  return counted && (schemaTypes(registry, schema) ?? []).includes('integer');
}

/** Whether a number property totals what has been done to its record's amount (`amount_refunded`, `amount_paid`). */
function doneAmount(name: string, registry: SchemaRegistry, schema: JsonSchema): boolean {
  const named = wordsOf(name);
  const done = named.length === 2 && named[0] === 'amount' && (DONE_WORDS.has(named[1]!) || AMOUNT_DONE_WORDS.has(named[1]!));
  return done && (schemaTypes(registry, schema) ?? []).some((type) => type === 'integer' || type === 'number');
}

/** Whether a boolean property says its record has reached an end or had work done (`refunded`, `is_locked`, `merged`). */
function endFlag(name: string, registry: SchemaRegistry, schema: JsonSchema): boolean {
  const named = wordsOf(name).filter((word) => word !== 'is');
  return named.length === 1 && DONE_WORDS.has(named[0]!) && (schemaTypes(registry, schema) ?? []).includes('boolean');
}

/**
 * What a required property nobody gave holds in a new record, or undefined to generate it:
 * nothing counted yet (`comments: 0`) or done to its amount yet (`amount_refunded: 0`), no end
 * reached (`refunded: false`), no sub-records yet (`labels: []`), null where it may be unless it
 * names who made the record, and for an option the one its enum names as a client's who chose
 * nothing (Stripe's `capture_method: automatic`).
 */
function freshValue(registry: SchemaRegistry, name: string, schema: JsonSchema): Json | undefined {
  const fits = (value: null | 0 | false | []) => accepts(registry, schema, value);
  if ((counts(name, registry, schema) || doneAmount(name, registry, schema)) && fits(0)) return 0;
  if (endFlag(name, registry, schema) && fits(false)) return false;
  const resolved = registry.resolve(unannotated(schema));
  const items = isObject(resolved) && (schemaTypes(registry, schema) ?? []).includes('array') ? (resolved.items as JsonSchema | undefined) : undefined;
  if (items !== undefined && (schemaTypes(registry, items) ?? []).includes('object') && fits([])) return [];
  if (!namesMaker(name) && fits(null)) return null;
  return unchosen(registry, schema);
}

/** The option of an enum a client gets by not choosing, or undefined. */
function unchosen(registry: SchemaRegistry, schema: JsonSchema): string | undefined {
  const resolved = registry.resolve(unannotated(schema));
  if (!isObject(resolved) || !Array.isArray(resolved.enum)) return undefined;
  const values = resolved.enum.filter((value): value is string => typeof value === 'string');
  for (const word of UNCHOSEN_OPTIONS) {
    const found = values.find((value) => squash(value) === word);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The fields a record's other name is kept in, where its id parameter says it may be given (`issueIdOrKey`, `id_or_name`). */
function alternateKeys(idParameter: string | null): string[] {
  const match = new RegExp(`or_?(${Object.keys(ALTERNATE_KEYS).join('|')})$`, 'i').exec(idParameter ?? '');
  return match === null ? [] : [...(ALTERNATE_KEYS[match[1]!.toLowerCase()] ?? [])];
}
