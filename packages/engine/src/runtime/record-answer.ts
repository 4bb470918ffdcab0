/**
 * How one record is answered: its id alone where the answer is an id, its fields expanded where
 * the request asks, inside the field the resource's answers wrap it in.
 */
import type { SimResponse } from '@simplane/core';
import type { ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../json.js';
import { itemSchema, type Exchange } from './exchange.js';
import { expanded } from './expand.js';
import { answer, chooseMedia, type AnswerOptions, type ChosenResponse } from './respond.js';
import { objectView, schemaTypes } from './schema-view.js';
import { singular, squash, words } from '../infer/naming.js';

/**
 * A record as an answer declared with `schema`: inside the resource's record field when the
 * resource's single-record answers wrap it (`{"droplet": {...}}`) and this one has that field,
 * else the record itself.
 */
export function wrapRecord(ex: Exchange, resource: ArtifactResource, schema: JsonSchema | null, record: Json): Json {
  const field = resource.recordField;
  if (field === undefined || schema === null || !wraps(ex, resource, schema, field)) return record;
  const wrapped: JsonObject = {};
  setOwn(wrapped, field, record);
  return wrapped;
}

/** Answer schemas by whether they hold the record in the record field: found once per schema. */
const wrapping = new WeakMap<object, boolean>();

/**
 * Whether an answer schema holds the record in the record field, itself or in one of its
 * choices (DigitalOcean's create answers one droplet or several): the field's schema is the
 * record's, or some of the record's fields (a reference such as `{id}`). A field of that name
 * holding something else (a purchase's `{data: {ship, agent}}`) is not the record's wrapper.
 */
function wraps(ex: Exchange, resource: ArtifactResource, schema: JsonSchema, field: string): boolean {
  if (!isObject(schema)) return false;
  let known = wrapping.get(schema);
  if (known === undefined) {
    const registry = ex.model.registry;
    const item = JSON.stringify(registry.resolve(itemSchema(resource)));
    const itemFields = objectView(registry, itemSchema(resource)).properties;
    const holds = (candidate: JsonSchema) => {
      const properties = objectView(registry, candidate).properties;
      if (!Object.hasOwn(properties, field)) return false;
      if (JSON.stringify(registry.resolve(properties[field])) === item) return true;
      // A reference to the record (Apideck's create answers `{data: {id}}`): fields of the record only.
      const names = Object.keys(objectView(registry, properties[field]).properties);
      return names.length > 0 && names.every((name) => Object.hasOwn(itemFields, name));
    };
    const resolved = registry.resolve(schema);
    const choices = isObject(resolved) ? (resolved.oneOf ?? resolved.anyOf) : undefined;
    known = holds(schema) || (Array.isArray(choices) && choices.some((choice) => holds(choice as JsonSchema)));
    wrapping.set(schema, known);
  }
  return known;
}

/** A single record's answer: its fields expanded where the request asks, wrapped as the operation's answer wraps it; the rest of a wrapper is filled like any answer. */
export function answerRecord(ex: Exchange, resource: ArtifactResource, chosen: ChosenResponse, record: Json, options: AnswerOptions = {}): SimResponse {
  const shown = expanded(ex, resource, record);
  const wrapped = wrapRecord(ex, resource, chooseMedia(chosen.response)?.[1].schema ?? null, shown);
  return answer(chosen, wrapped, ex.gen, wrapped === record ? options : {});
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
 * reference holding none of the record's fields (Autotask's `{"itemId": 13}`). Undefined for
 * any other answer.
 */
export function idReference(ex: Exchange, resource: ArtifactResource, chosen: ChosenResponse, record: Json): Json | undefined {
  const schema = chooseMedia(chosen.response)?.[1].schema ?? null;
  if (schema === null || resource.idField === null || !isObject(record) || !Object.hasOwn(record, resource.idField)) return undefined;
  const answered = objectView(ex.model.registry, schema).properties;
  const recordFields = objectView(ex.model.registry, itemSchema(resource)).properties;
  const names = Object.keys(answered);
  // Judged only against a record that declares its fields, for an answer small enough to be a reference.
  if (Object.keys(recordFields).length === 0 || names.length === 0 || names.length > 3 || names.some((name) => Object.hasOwn(recordFields, name))) return undefined;
  const one = squash(singular(words(resource.name).at(-1) ?? ''));
  const references = names.filter((name) => ['id', 'itemid', 'newid', `${one}id`].includes(squash(name)));
  const id = record[resource.idField] as Json;
  if (references.length !== 1 || !ex.model.registry.validate(answered[references[0]!], id).ok) return undefined;
  const reference: JsonObject = {};
  setOwn(reference, references[0]!, id);
  return reference;
}
