/**
 * How one record is answered: its id alone where the answer is an id, its fields expanded where
 * the request asks, inside the field the resource's answers wrap it in.
 */
import type { SimResponse } from '@simplane/core';
import type { ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { SCHEMA_EXTENDERS } from '../../artifact/json-schema.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { itemSchema, type Exchange } from '../behaviours/exchange.js';
import { expanded } from '../relations/expand.js';
import { chooseMedia } from './conform.js';
import { answer, type AnswerOptions, type ChosenResponse } from './respond.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';
import { unannotated } from '../../annotations.js';

/**
 * A record as an answer declared with `schema`: inside the field that holds it when the
 * resource's single-record answers wrap it (`{"droplet": {...}}`) and this one has such a
 * field, else the record itself.
 */
export function wrapRecord(ex: Exchange, resource: ArtifactResource, schema: JsonSchema | null, record: Json): Json {
  // An RPC resource's reads may answer the record bare while its create wraps it (Cognito's `AdminCreateUser` answers `{User}`), so it is looked for without a record field too.
  const held = schema === null || (resource.recordField === undefined && resource.keyField === undefined) ? null : holdingField(ex, resource, schema);
  if (held === null) return record;
  const wrapped: JsonObject = {};
  setOwn(wrapped, held.field, held.summary === null || !isObject(record) ? record : summaryOf(record, held.summary));
  return wrapped;
}

/** The record's values of the fields a summary of it declares. */
function summaryOf(record: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const name of fields) if (Object.hasOwn(record, name)) setOwn(out, name, record[name] as Json);
  return out;
}

/** The field of an answer holding the record, and the fields kept where it holds a summary of it. */
interface Held {
  field: string;
  summary: string[] | null;
}

/** Answer schemas by the field holding the record, per resource: found once per schema. */
const holding = new WeakMap<ArtifactResource, WeakMap<object, Held | null>>();

/**
 * The field of an answer schema that holds the record, itself or in one of its choices
 * (DigitalOcean's create answers one droplet or several): the record field when its schema is
 * the record's, or some of the record's fields (a reference such as `{id}`); else another field
 * whose schema is exactly the record's (DynamoDB's create answers the table in
 * `TableDescription`, its read in `Table`); else, in an RPC call's answer, the one object field
 * declaring at least two of the record's fields, for at least half of its own (WAF's create
 * answers `{Summary: {Name, Id, ARN, LockToken}}`), which holds those fields of the record. A
 * field of the record field's name holding something else (a purchase's `{data: {ship,
 * agent}}`) is not the record's wrapper.
 */
function holdingField(ex: Exchange, resource: ArtifactResource, schema: JsonSchema): Held | null {
  if (!isObject(schema)) return null;
  let mine = holding.get(resource);
  if (mine === undefined) {
    mine = new WeakMap();
    holding.set(resource, mine);
  }
  let known = mine.get(schema);
  if (known === undefined) {
    const registry = ex.model.registry;
    const item = JSON.stringify(registry.resolve(itemSchema(resource)));
    const itemFields = objectView(registry, itemSchema(resource)).properties;
    const isRecord = (field: JsonSchema | undefined) => field !== undefined && JSON.stringify(registry.resolve(unannotated(field))) === item;
    const holds = (candidate: JsonSchema): Held | null => {
      const properties = objectView(registry, candidate).properties;
      const recordField = resource.recordField;
      if (recordField !== undefined && Object.hasOwn(properties, recordField)) {
        if (isRecord(properties[recordField])) return { field: recordField, summary: null };
        // A reference to the record (Apideck's create answers `{data: {id}}`): fields of the record only.
        const names = Object.keys(objectView(registry, properties[recordField]).properties);
        if (names.length > 0 && names.every((name) => Object.hasOwn(itemFields, name))) return { field: recordField, summary: null };
      }
      const exact = Object.keys(properties).find((name) => isRecord(properties[name]));
      if (exact !== undefined) return { field: exact, summary: null };
      if (resource.keyField === undefined) return null;
      const summarises = (fields: string[]) => {
        const shared = fields.filter((field) => Object.hasOwn(itemFields, field)).length;
        return shared >= 2 && shared * 2 >= fields.length;
      };
      // An answer that is itself the record, or a summary of it, wraps nothing.
      if (summarises(Object.keys(properties))) return null;
      const summaries = Object.keys(properties).filter((name) => summarises(Object.keys(objectView(registry, properties[name]).properties)));
      return summaries.length === 1 ? { field: summaries[0]!, summary: Object.keys(objectView(registry, properties[summaries[0]!]).properties) } : null;
    };
    const resolved = registry.resolve(schema);
    const choices = isObject(resolved) ? (resolved.oneOf ?? resolved.anyOf) : undefined;
    known = holds(schema) ?? (Array.isArray(choices) ? (choices.map((choice) => holds(choice as JsonSchema)).find((held) => held !== null) ?? null) : null);
    mine.set(schema, known);
  }
  return known;
}

/** A single record's answer: its fields expanded where the request asks, wrapped as the operation's answer wraps it; the rest of a wrapper is filled like any answer. */
export function answerRecord(ex: Exchange, resource: ArtifactResource, chosen: ChosenResponse, record: Json, options: AnswerOptions & { keep?: (fields: JsonObject) => void } = {}): SimResponse {
  if (resource.keyField !== undefined && declaresNothing(ex, chosen)) return answer(chosen, {}, ex.gen);
  const shown = expanded(ex, resource, record);
  const wrapped = wrapRecord(ex, resource, chooseMedia(chosen.response)?.[1].schema ?? null, shown);
  const { keep, ...rest } = options;
  const conformed = keep === undefined || !isObject(record) ? undefined : (body: Json) => {
    const answered = wrapped === shown ? body : isObject(body) && resource.recordField !== undefined ? body[resource.recordField] : undefined;
    const fields = isObject(answered) ? told(ex, resource, record, answered) : null;
    if (fields !== null) keep(fields);
  };
  const arrays = ex.operation.answerArrays === undefined ? {} : { arrays: ex.operation.answerArrays };
  return answer(chosen, wrapped, ex.gen, { ...(wrapped === record ? rest : {}), ...(conformed === undefined ? {} : { conformed }), ...arrays });
}

/**
 * The fields an answer told of a record that the record lacks and its schema declares (Jira's
 * create answers the new issue's `key` and `self`, generated for the answer): null when none.
 */
function told(ex: Exchange, resource: ArtifactResource, record: JsonObject, answered: JsonObject): JsonObject | null {
  const declared = objectView(ex.model.registry, itemSchema(resource)).properties;
  let fields: JsonObject | null = null;
  for (const [name, value] of Object.entries(answered)) {
    if (Object.hasOwn(record, name) || !Object.hasOwn(declared, name)) continue;
    fields ??= {};
    setOwn(fields, name, value);
  }
  return fields;
}

/**
 * Whether an RPC call's answer declares nothing: no body, or an object of no properties (AWS's
 * `UpdateUserPoolResponse`, `{}` on the wire). A REST answer without a schema often stands for
 * the record, so only RPC calls, whose answers are written out field by field, are read so.
 */
function declaresNothing(ex: Exchange, chosen: ChosenResponse): boolean {
  const media = chooseMedia(chosen.response);
  if (media === null) return chosen.response !== null;
  const resolved = ex.model.registry.resolve(media[1].schema);
  if (!isObject(resolved) || !isObject(resolved.properties) || Object.keys(resolved.properties).length > 0) return false;
  return !SCHEMA_EXTENDERS.some((key) => Object.hasOwn(resolved, key));
}

/**
 * The new record's id, when the create answers an id and nothing else (Magento's shared
 * catalog answers `827`): a scalar answer the id fits. Undefined for any other answer.
 */
export function idAnswer(ex: Exchange, resource: ArtifactResource, chosen: ChosenResponse, record: Json): Json | undefined {
  const schema = chooseMedia(chosen.response)?.[1].schema ?? null;
  const types = schema === null ? null : schemaTypes(ex.model.registry, schema);
  if (types === null || types.some((type) => type === 'object' || type === 'array') || resource.idField === null || !isObject(record)) return undefined;
  const id = Object.hasOwn(record, resource.idField) ? record[resource.idField] : undefined;
  return id !== undefined && ex.model.registry.validate(schema, id).ok ? id : undefined;
}

/**
 * The new record's id in the field a create's answer names it by, when that answer is a
 * reference holding none of the record's fields (WritePlan.reference: Autotask's
 * `{"itemId": 13}`). Undefined for any other answer.
 */
export function idReference(ex: Exchange, resource: ArtifactResource, chosen: ChosenResponse, record: Json): Json | undefined {
  const field = ex.operation.write?.reference;
  const schema = chooseMedia(chosen.response)?.[1].schema ?? null;
  if (field === undefined || schema === null || resource.idField === null || !isObject(record) || !Object.hasOwn(record, resource.idField)) return undefined;
  const id = record[resource.idField] as Json;
  if (!ex.model.registry.validate(objectView(ex.model.registry, schema).properties[field], id).ok) return undefined;
  const reference: JsonObject = {};
  setOwn(reference, field, id);
  return reference;
}
