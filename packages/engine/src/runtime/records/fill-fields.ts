import { formatTime } from '@simplane/core';
import type { ArtifactResource, RecordPlan, TimeForm } from '../../artifact/artifact.js';
import { setOwn, type Json, type JsonObject } from '../../json.js';
import { squash } from '../text.js';
import { generateProperty, type GenerateContext } from '../values/generate-value.js';
import { objectView } from '../schemas/schema-view.js';
import { recordKey } from './collections.js';

/** What filling a record's server-owned fields draws on: the generator (schemas, randomness) and the virtual clock's time of the write. */
export interface FillContext {
  gen: GenerateContext;
  now: Date;
}

/** A resource's record plan; every artifact the runtime reads has one (version 4, or given on upgrade). */
export function recordPlan(resource: ArtifactResource): RecordPlan {
  const plan = resource.records;
  if (plan === undefined) throw new Error(`resource ${resource.name} has no record plan`);
  return plan;
}

/**
 * Fills a record's server-owned fields as its plan says (RecordPlan.fields): times from the
 * virtual clock, a new record's starting values, then anything still required as a new record
 * holds it (RecordPlan.fresh), else generated. A write to a stored record (`before`) also stamps
 * or clears the times of the ends it reaches or leaves, and completes the totals they settle.
 */
export function fillServerFields(fill: FillContext, resource: ArtifactResource, record: JsonObject, mode: 'create' | 'write', before?: JsonObject): JsonObject {
  const plan = recordPlan(resource);
  for (const rule of plan.fields) {
    if (rule.fill === 'updated') setOwn(record, rule.field, timeValue(fill.now, rule.time));
    else if (mode !== 'create' || Object.hasOwn(record, rule.field)) continue;
    else if (rule.fill === 'created') setOwn(record, rule.field, timeValue(fill.now, rule.time));
    else if (rule.fill === 'end') setOwn(record, rule.field, null);
    else if (rule.fill === 'initial') {
      const waitsFor = rule.waiting?.find((w) => record[w.field] === undefined || record[w.field] === null);
      setOwn(record, rule.field, waitsFor?.value ?? rule.value ?? null);
    }
  }
  if (mode === 'create') fillSecrets(fill, resource, plan, record, before);
  const { required, properties } = objectView(fill.gen.registry, resource.itemSchema);
  for (const name of required) {
    if (Object.hasOwn(record, name)) continue;
    // Copied: a stored record never shares an array with the plan.
    const fresh = Object.hasOwn(plan.fresh, name) ? plan.fresh[name] : undefined;
    setOwn(record, name, fresh === undefined ? generateProperty(properties[name] ?? true, fill.gen, record, properties) : Array.isArray(fresh) ? [] : fresh);
  }
  if (before !== undefined) {
    stampEnds(fill, plan, before, record);
    settle(fill, resource, plan, record);
  }
  return record;
}

/** Letters and digits a secret's random part is drawn from. */
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Writes the secrets the server makes for a new record (RecordPlan.secrets) where the create
 * gave none (a replace keeps the one it had): the template with the record's id and a random part drawn from the request's
 * randomness. A template naming the id of a record that has none yet is left to the generator.
 */
function fillSecrets(fill: FillContext, resource: ArtifactResource, plan: RecordPlan, record: JsonObject, before?: JsonObject): void {
  for (const { field, template } of plan.secrets) {
    if (record[field] !== undefined && record[field] !== null) continue;
    // A record replaced keeps the secret it was made with.
    const kept = before?.[field];
    if (kept !== undefined && kept !== null) {
      setOwn(record, field, kept);
      continue;
    }
    const id = resource.idField === null ? undefined : record[resource.idField];
    if (template.includes('{id}') && typeof id !== 'string' && typeof id !== 'number') continue;
    setOwn(record, field, template.replaceAll('{id}', String(id)).replace(/\{random\}/g, () => fill.gen.random.chars(24, SECRET_ALPHABET)));
  }
}

/** Whether a record has got to `end`: a field holds it as its value (`state: closed`), or a true flag is named by it (`merged`, `is_locked`). */
function reached(record: JsonObject, end: string): boolean {
  for (const [field, value] of Object.entries(record)) {
    if (typeof value === 'string' && squash(value) === end) return true;
    if (value === true && (squash(field) === end || squash(field) === `is${end}`)) return true;
  }
  return false;
}

/**
 * Stamps the times of ends a write reaches and clears those it leaves: an issue closed by
 * `PATCH {"state": "closed"}` gets its `closed_at`, a reopened one loses it. A record still
 * there keeps the time it got there (a replace need not repeat it).
 */
function stampEnds(fill: FillContext, plan: RecordPlan, before: JsonObject, record: JsonObject): void {
  const unset = (value: Json | undefined) => value === undefined || value === null;
  for (const rule of plan.fields) {
    if (rule.fill !== 'end' || rule.end === undefined) continue;
    const now = reached(record, rule.end);
    const was = reached(before, rule.end);
    if (now && unset(record[rule.field])) setOwn(record, rule.field, was && !unset(before[rule.field]) ? (before[rule.field] as Json) : timeValue(fill.now, rule.time));
    else if (!now && was && !unset(record[rule.field])) setOwn(record, rule.field, null);
  }
}

function settle(fill: FillContext, resource: ArtifactResource, plan: RecordPlan, record: JsonObject): void {
  if (typeof record.amount !== 'number' || plan.settled.length === 0) return;
  const properties = objectView(fill.gen.registry, resource.itemSchema).properties;
  for (const { field, end, also } of plan.settled) {
    const current = record[field];
    if (current !== undefined && current !== null && current !== 0) continue;
    if (!reached(record, end) && (also === undefined || !reached(record, also))) continue;
    if (fill.gen.registry.validate(properties[field] ?? true, record.amount).ok) setOwn(record, field, record.amount);
  }
}

/**
 * Completes the totals of what was done to a record's amount once it reaches the end they
 * name: a charge captured has `amount_captured` equal to its amount. A total already moved
 * (by refunds of part of it) is kept.
 */
export function settleAmounts(fill: FillContext, resource: ArtifactResource, record: JsonObject): JsonObject {
  settle(fill, resource, recordPlan(resource), record);
  return record;
}

function timeValue(now: Date, form: TimeForm | undefined): Json {
  if (form === 'epoch') return Math.floor(now.getTime() / 1000);
  if (form === 'rfc1123') return now.toUTCString();
  if (form === 'rfc2822') return now.toUTCString().replace(/GMT$/, '+0000');
  return form === 'date' ? formatTime(now).slice(0, 10) : formatTime(now);
}

/**
 * Writes the fields a new record's place decides (RecordPlan.derived): its address and names
 * made of its path's keys, from the request's path parameters and the record's own key. A
 * template naming a parameter the create does not know leaves its field as it is.
 */
export function fillDerived(resource: ArtifactResource, record: JsonObject, path: Readonly<Record<string, string>>, key: string): JsonObject {
  // A record read by an owner and a name (RecordPlan.compoundKey) is addressed by its name, not its id.
  const compound = recordPlan(resource).compoundKey;
  for (const { field, template } of recordPlan(resource).derived) {
    const address = /^(https?:\/\/|\/)/i.test(template);
    let complete = true;
    const text = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = name !== resource.idParameter ? path[name] : compound === undefined ? key : recordKey(record[compound.field]) ?? undefined;
      if (value === undefined) complete = false;
      return value === undefined ? '' : address ? encodeURIComponent(value) : value;
    });
    if (complete) setOwn(record, field, text);
  }
  return record;
}
