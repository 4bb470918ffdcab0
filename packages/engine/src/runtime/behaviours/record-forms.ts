import type { SimResponse } from '@simplane/core';
import type { ArtifactResource } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { collectionName, deletedCollection, recordKey } from '../records/collections.js';
import { recordPlan } from '../records/fill-fields.js';
import { answer, chooseSuccess } from '../answers/respond.js';
import type { Exchange } from './exchange.js';

/**
 * The forms a record takes beyond what a client writes, as its plan says: its deleted form, its
 * maps merged key by key, a catalog's documented record, a delete's acknowledgement, and an
 * RFC 7396 merge patch.
 */

/** A deleted record's deleted form: the fields the form keeps, and its flag true. */
export function tombstone(form: { flag: string; fields: string[] }, record: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const field of form.fields) if (Object.hasOwn(record, field)) setOwn(out, field, record[field] as Json);
  setOwn(out, form.flag, true);
  return out;
}

/** A read of a record deleted where the read's answer admits a deleted form (RecordPlan.deleted): that form, else null. */
export function deletedForm(ex: Exchange, resource: ArtifactResource): SimResponse | null {
  if (recordPlan(resource).deleted === null || resource.idParameter === null) return null;
  const key = ex.path[resource.idParameter];
  const form = key === undefined ? undefined : ex.state.get(deletedCollection(collectionName(resource, ex.path)), key);
  return isObject(form) ? answer(chooseSuccess(ex.operation, 200), form, ex.gen) : null;
}

/**
 * The maps of an updated record (RecordPlan.maps: `metadata`) with the keys the update gives
 * merged into those it had: a key set to null is removed, the others are kept.
 */
export function mergeMaps(resource: ArtifactResource, before: JsonObject, after: JsonObject): JsonObject {
  for (const field of recordPlan(resource).maps) {
    const had = before[field];
    const given = after[field];
    if (!isObject(had) || !isObject(given) || had === given) continue;
    const merged: JsonObject = copyOwn(had);
    for (const [key, value] of Object.entries(given)) {
      if (value === null) delete merged[key];
      else setOwn(merged, key, value);
    }
    setOwn(after, field, merged);
  }
  return after;
}

/** A catalog's record of that id as the read's documented examples give it, else null. */
export function catalogExample(ex: Exchange, resource: ArtifactResource, key: string): JsonObject | null {
  if (!recordPlan(resource).catalog || resource.idField === null) return null;
  for (const media of Object.values(chooseSuccess(ex.operation, 200).response?.content ?? {})) {
    for (const { value } of media.examples) {
      if (isObject(value) && recordKey(value[resource.idField]) === key) return copyOwn(value);
    }
  }
  return null;
}

/** The deleted record with the fields the delete's answer acknowledges it by (ArtifactOperation.acknowledges) set to true. */
export function acknowledged(ex: Exchange, record: Json): Json {
  const fields = ex.operation.acknowledges;
  if (fields === undefined || !isObject(record)) return record;
  const out = copyOwn(record);
  for (const name of fields) setOwn(out, name, true);
  return out;
}

/** RFC 7396. */
export function mergeJson(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? copyOwn(target) : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete out[name];
    else setOwn(out, name, mergeJson(out[name] ?? null, value));
  }
  return out;
}
