import type { SimResponse } from '@simplane/core';
import type { ArtifactResource } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { squash } from '../text.js';
import { collectionName, deletedCollection, linksCollection, recordKey, SINGLETON_KEY } from '../records/collections.js';
import { asBodyObject, bodyRecord, isAlwaysThere, itemSchema, missingParent, notFound, requestKeyField, singletonRecord, tenantRecord, type Exchange } from './exchange.js';
import { fillDerived, fillServerFields, recordPlan, settleAmounts, type FillContext } from '../records/fill-fields.js';
import { idSchemaFor, mintId } from '../records/ids.js';
import { inherit, inheritancesOf, type Inheritance } from '../relations/inherit.js';
import { moveAmounts, movedAmountsOf, type MovedAmount } from './moved-amount.js';
import { counterOf, countInParent, type Counter, type WriteScope } from '../relations/parent-count.js';
import { answerRecord, idAnswer, idReference, wrapRecord } from '../answers/record-answer.js';
import { refuse } from '../protocols/protocols.js';
import { chooseMedia, conform } from '../answers/conform.js';
import { answer, chooseSuccess } from '../answers/respond.js';
import { acknowledged, catalogExample, deletedForm, mergeJson, mergeMaps, tombstone } from './record-forms.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';
import { patchedRecord, sentPatch } from './json-patch.js';

/** What a write of this request fills server-owned fields with: its generator and its virtual time. */
function filling(ex: Exchange): FillContext {
  return { gen: ex.gen, now: ex.context.now };
}

function writeScope(ex: Exchange): WriteScope {
  return { model: ex.model, state: ex.state, path: ex.path, fill: filling(ex) };
}

function refused(ex: Exchange, refusal: Parameters<typeof refuse>[2]): SimResponse {
  return refuse(ex.model, ex.operation, refusal, ex.gen);
}

/** Stores a record after making it valid against the item schema. Stored records never change, so the pass is remembered for the answer. */
function store(ex: Exchange, resource: ArtifactResource, collection: string, key: string, record: JsonObject): Json {
  const schema = itemSchema(resource);
  const valid = conform(record, schema, ex.gen, true);
  ex.state.put(collection, key, valid);
  return valid;
}

/** POST on a collection: validate (done), id, server fields, store, answer 201 (or as documented). */
export function create(ex: Exchange, resource: ArtifactResource): SimResponse {
  const parent = missingParent(ex, resource);
  if (parent) return refused(ex, parent);
  const collection = collectionName(resource, ex.path);
  const record = bodyRecord(ex, resource, 'create');
  const idField = resource.idField;
  let key: string;
  const given = idField === null ? null : recordKey(record[idField]);
  if (given !== null && idField !== null) {
    if (ex.state.get(collection, given) !== undefined) return refused(ex, { status: 409, code: 'conflict', message: `${resource.name} ${given} already exists`, field: idField });
    key = given;
    // A record made again under a deleted one's id is no longer deleted.
    if (ex.state.get(deletedCollection(collection), given) !== undefined) ex.state.delete(deletedCollection(collection), given);
  } else {
    const idSchema = idSchemaFor(ex.model.registry, resource, ex.model.operations.values());
    const id = mintId(ex.model.registry, resource, idSchema, ex.state, collection, { seed: ex.context.seed, step: ex.context.step, counter: ex.minted });
    ex.minted += 1;
    key = String(id);
    if (idField !== null) setOwn(record, idField, id);
  }
  const stored = store(ex, resource, collection, key, completed(ex, resource, fillDerived(resource, record, ex.path, key)));
  rememberLinks(ex, collection, key);
  touchRelated(ex, resource, stored);
  const chosen = chooseSuccess(ex.operation, 201);
  const newId = idAnswer(ex, resource, chosen, stored) ?? idReference(ex, resource, chosen, stored);
  if (newId !== undefined) return answer(chosen, newId, ex.gen);
  // What the create's answer tells of the new record, the record holds: a read shows the same `key`.
  return answerRecord(ex, resource, chosen, stored, { keep: (fields) => isObject(stored) && store(ex, resource, collection, key, { ...stored, ...fields }) });
}

/** A new record as it is stored: what it inherits from the records it names, its actions' flags unset, its server fields filled, and the actions its create asks for applied. */
function completed(ex: Exchange, resource: ArtifactResource, record: JsonObject): JsonObject {
  return actedOnCreate(ex, resource, fillServerFields(filling(ex), resource, undone(ex, resource, inherit(ex, record, traitsOf(ex, resource).inheritances)), 'create'));
}

/** What a new record changes in the records it belongs to or names: its parent's count of records like it, the totals its amount adds to. */
function touchRelated(ex: Exchange, resource: ArtifactResource, stored: Json): void {
  const traits = traitsOf(ex, resource);
  countInParent(writeScope(ex), traits.counter, 1);
  moveAmounts(ex, traits.moves, stored);
}

/** On a nested route to a shallower collection (ArtifactOperation.links), remembers the route's parameter values for the new record. */
function rememberLinks(ex: Exchange, collection: string, key: string): void {
  const links = ex.operation.links ?? [];
  if (links.length === 0) return;
  const linked: JsonObject = {};
  for (const parameter of links) setOwn(linked, parameter, ex.path[parameter] ?? '');
  ex.state.put(linksCollection(collection), key, linked);
}

/**
 * A new record that a create asks to act on at once, by a true field named as one of the
 * resource's actions: Stripe's `confirm=true` creates a payment intent confirmed, in the state
 * its confirm action moves it to. The field, true or false, is the request's, not the record's,
 * unless the record declares it.
 */
function actedOnCreate(ex: Exchange, resource: ArtifactResource, record: JsonObject): JsonObject {
  const { triggers } = traitsOf(ex, resource);
  if (triggers.length === 0) return record;
  const declared = objectView(ex.model.registry, itemSchema(resource)).properties;
  const asked = new Set(ex.operation.write?.actsByDefault ?? []);
  for (const field of Object.keys(record)) {
    const word = squash(field);
    if (!triggers.some((t) => t.word === word)) continue;
    asked.delete(word);
    if (record[field] === true || record[field] === 'true') asked.add(word);
    if (!Object.hasOwn(declared, field)) delete record[field];
  }
  if (asked.size === 0) return record;
  for (const trigger of triggers) {
    if (!asked.has(trigger.word)) continue;
    if (trigger.state !== null) setOwn(record, trigger.state.field, trigger.state.value);
    if (trigger.flag !== null) setOwn(record, trigger.flag.field, trigger.flag.value);
  }
  return settleAmounts(filling(ex), resource, record);
}

/**
 * A new record without the flags its actions set (GitHub's `merged`, `locked`): false unless
 * the client gave them, where the generator would draw them (a document's example of a merged
 * pull request made every new one merged).
 */
function undone(ex: Exchange, resource: ArtifactResource, record: JsonObject): JsonObject {
  for (const field of traitsOf(ex, resource).flags) if (!Object.hasOwn(record, field)) setOwn(record, field, false);
  return record;
}

/** What writes to a resource's records read of its actions and item schema, found once per resource, as every write asks. */
interface ResourceTraits {
  /** Actions a create can ask for, by their name's squashed word, and the state or flag each sets (actedOnCreate). */
  triggers: Array<{ word: string; state: { field: string; value: string } | null; flag: { field: string; value: boolean } | null }>;
  /** Boolean fields its actions set true (undone). */
  flags: string[];
  /** Fields naming other records, and what a new record takes from them (inherit). */
  inheritances: Inheritance[];
  /** The parent's field counting these records (countInParent). */
  counter: Counter | null;
  /** Totals of other records that these records' amounts add to (moveAmounts). */
  moves: MovedAmount[];
}

const TRAITS = new WeakMap<ArtifactResource, ResourceTraits>();

function traitsOf(ex: Exchange, resource: ArtifactResource): ResourceTraits {
  let traits = TRAITS.get(resource);
  if (traits === undefined) {
    const actions = resource.actions.flatMap((id) => {
      const op = ex.model.operations.get(id);
      return op?.action ? [{ method: op.method, action: op.action }] : [];
    });
    traits = {
      triggers: actions.flatMap(({ method, action }) => {
        const state = action.stateField && action.targetState ? { field: action.stateField, value: action.targetState } : null;
        const flag = action.flag ?? null;
        return method === 'DELETE' || (state === null && flag === null) ? [] : [{ word: squash(action.name), state, flag }];
      }),
      flags: [...new Set(actions.flatMap(({ action }) => (action.flag?.value === true ? [action.flag.field] : [])))],
      inheritances: inheritancesOf(ex.model, resource),
      counter: counterOf(ex.model, resource),
      moves: movedAmountsOf(ex.model, resource),
    };
    TRAITS.set(resource, traits);
  }
  return traits;
}

/** The addressed record, or the refusal explaining why there is none. */
function locate(ex: Exchange, resource: ArtifactResource): { collection: string; key: string; record: JsonObject } | SimResponse {
  const parent = missingParent(ex, resource);
  if (parent) return refused(ex, parent);
  const collection = collectionName(resource, ex.path);
  const named = requestKey(ex, resource);
  if (named !== null) {
    const record = ex.state.get(collection, named);
    if (!isObject(record)) return refused(ex, { ...notFound(`${resource.name} ${named} not found`), field: resource.keyField });
    return { collection, key: named, record };
  }
  if (resource.keyField !== undefined) return refused(ex, { ...notFound(`${resource.name} not found: ${resource.keyField} names none`), field: resource.keyField });
  if (resource.kind === 'singleton' || resource.idParameter === null) {
    const record = singletonRecord(ex, resource, collection);
    return record === null ? refused(ex, notFound(`${resource.name} not found`)) : { collection, key: SINGLETON_KEY, record };
  }
  // On the collection path (PUT/PATCH with the record in the body), the body names the record.
  const fromBody = resource.idField === null ? null : recordKey(asBodyObject(ex.body)[resource.idField]);
  const key = Object.hasOwn(ex.path, resource.idParameter) ? (ex.path[resource.idParameter] as string) : (fromBody ?? '');
  const stored = ex.state.get(collection, key);
  if (stored === undefined && key !== '') {
    const byAlternate = alternateKey(ex, resource, collection, key);
    if (byAlternate !== null) return byAlternate;
  }
  const generated = resource.tenant === true || isAlwaysThere(resource, key) || recordPlan(resource).catalog;
  const record = stored === undefined && key !== '' && generated ? (catalogExample(ex, resource, key) ?? tenantRecord(ex, resource, key)) : stored;
  if (!isObject(record)) return refused(ex, { ...notFound(`${resource.name} ${key} not found`), field: resource.idParameter });
  return { collection, key, record };
}

/**
 * A record named by its other name, where its id parameter says it may be (RecordPlan.alternateKeys:
 * Jira's `/issue/{issueIdOrKey}` reads an issue by its id or its key `PRJ-1`): the collection's
 * record whose field of that name holds the value.
 */
function alternateKey(ex: Exchange, resource: ArtifactResource, collection: string, value: string): { collection: string; key: string; record: JsonObject } | null {
  const fields = recordPlan(resource).alternateKeys;
  if (fields.length === 0) return null;
  for (const [key, record] of ex.state.entries(collection)) {
    if (isObject(record) && fields.some((field) => record[field] === value || (typeof record[field] === 'number' && String(record[field]) === value))) return { collection, key, record };
  }
  return null;
}

/**
 * The record an RPC-style call names in its request (`?channel=C1`, `{"transfer_id": ...}`):
 * the resource's key field, from the query, else the body. Null for a resource addressed by
 * its path, or a call that names none.
 */
function requestKey(ex: Exchange, resource: ArtifactResource): string | null {
  return resource.keyField === undefined ? null : requestKeyField(ex, resource.keyField);
}

/** A singleton for a PUT: a deleted one is created again. */
function locateSingleton(ex: Exchange, resource: ArtifactResource): { collection: string; key: string; record: JsonObject } | SimResponse {
  const parent = missingParent(ex, resource);
  if (parent) return refused(ex, parent);
  const collection = collectionName(resource, ex.path);
  return { collection, key: SINGLETON_KEY, record: singletonRecord(ex, resource, collection) ?? {} };
}

function isResponse(value: unknown): value is SimResponse {
  return isObject(value as Json) && typeof (value as SimResponse).status === 'number';
}

export function read(ex: Exchange, resource: ArtifactResource): SimResponse {
  const found = locate(ex, resource);
  if (isResponse(found)) return deletedForm(ex, resource) ?? found;
  return answerRecord(ex, resource, chooseSuccess(ex.operation, 200), found.record, { reread: true });
}

/** PUT to an item path that names a missing record: the record is created with that id. */
function createAt(ex: Exchange, resource: ArtifactResource): SimResponse | null {
  if (resource.kind === 'singleton' || resource.idParameter === null || !Object.hasOwn(ex.path, resource.idParameter) || ex.operation.write?.createsMissing !== true) return null;
  if (missingParent(ex, resource) !== null) return null;
  const collection = collectionName(resource, ex.path);
  const key = ex.path[resource.idParameter] as string;
  if (ex.state.get(collection, key) !== undefined) return null;
  const record = bodyRecord(ex, resource, 'create');
  if (resource.idField !== null) {
    const numeric = schemaTypes(ex.model.registry, objectView(ex.model.registry, itemSchema(resource)).properties[resource.idField])?.some((t) => t === 'integer' || t === 'number') === true;
    setOwn(record, resource.idField, numeric && /^-?\d+$/.test(key) ? Number(key) : key);
  }
  const stored = store(ex, resource, collection, key, completed(ex, resource, fillDerived(resource, record, ex.path, key)));
  rememberLinks(ex, collection, key);
  touchRelated(ex, resource, stored);
  const chosen = chooseSuccess(ex.operation, 201);
  const newId = idAnswer(ex, resource, chosen, stored);
  return newId === undefined ? answerRecord(ex, resource, chosen, stored) : answer(chosen, newId, ex.gen);
}

/** PUT: the body replaces the record; the id and creation time are kept. A missing one may be created (createsOnPut). */
export function replace(ex: Exchange, resource: ArtifactResource): SimResponse {
  const created = createAt(ex, resource);
  if (created !== null) return created;
  const found = resource.kind === 'singleton' ? locateSingleton(ex, resource) : locate(ex, resource);
  if (isResponse(found)) return found;
  const body = bodyRecord(ex, resource, 'write');
  // A PUT the document says changes only what it is given merges (WritePlan.put).
  const record = ex.operation.write?.put === 'merge' ? { ...found.record, ...body } : body;
  keepIdentity(ex, resource, found.record, record);
  const stored = store(ex, resource, found.collection, found.key, fillServerFields(filling(ex), resource, record, 'create', found.record));
  return answerRecord(ex, resource, chooseSuccess(ex.operation, 200), stored);
}

/** PATCH (or an update POST): merges the body into the record, or applies it as a JSON merge patch (WritePlan.patch). */
export function update(ex: Exchange, resource: ArtifactResource): SimResponse {
  const found = locate(ex, resource);
  if (isResponse(found)) return found;
  const patch = ex.operation.write?.patch ?? 'merge';
  const sent = sentPatch(ex.bodyMediaType);
  let record: JsonObject;
  if (patch === 'json-patch' || (patch === 'content-type' && sent === 'json-patch')) {
    const patched = patchedRecord(found.record, ex.body);
    if ('refusal' in patched) return refused(ex, patched.refusal);
    record = patched.record;
  } else {
    const mergePatch = patch === 'merge-patch' || ((patch === 'media-type' || patch === 'content-type') && sent === 'merge-patch');
    const body = bodyRecord(ex, resource, 'write');
    record = mergePatch ? (mergeJson(found.record, body) as JsonObject) : mergeMaps(resource, found.record, { ...found.record, ...body });
  }
  keepIdentity(ex, resource, found.record, record);
  const stored = store(ex, resource, found.collection, found.key, fillServerFields(filling(ex), resource, record, 'write', found.record));
  return answerRecord(ex, resource, chooseSuccess(ex.operation, 200), stored);
}

/** DELETE: the record is gone (a singleton is kept as `null`, so it reads as missing). */
export function remove(ex: Exchange, resource: ArtifactResource): SimResponse {
  const found = locate(ex, resource);
  if (isResponse(found)) return found;
  if (found.key === SINGLETON_KEY) ex.state.put(found.collection, SINGLETON_KEY, null);
  else {
    ex.state.delete(found.collection, found.key);
    const form = recordPlan(resource).deleted;
    if (form !== null) ex.state.put(deletedCollection(found.collection), found.key, tombstone(form, found.record));
    const links = ex.state.get(linksCollection(found.collection), found.key);
    if (links !== undefined) ex.state.delete(linksCollection(found.collection), found.key);
    countInParent(writeScope(ex), traitsOf(ex, resource).counter, -1, isObject(links) ? links : {});
  }
  const chosen = chooseSuccess(ex.operation, 204);
  return chosen.status === 204 ? answer(chosen, undefined, ex.gen) : answerRecord(ex, resource, chosen, acknowledged(ex, found.record));
}

/** An action: sets the state field and the flag the artifact names, else answers from the schema. */
export function act(ex: Exchange, resource: ArtifactResource): SimResponse {
  const onOne = resource.keyField !== undefined ? requestKey(ex, resource) !== null : resource.idParameter !== null && Object.hasOwn(ex.path, resource.idParameter);
  if (resource.kind === 'collection' && !onOne) {
    // A collection-level action (a bulk delete, an import): answered from the schema, no state change.
    const parent = missingParent(ex, resource);
    return parent ? refused(ex, parent) : answer(chooseSuccess(ex.operation, 200), undefined, ex.gen, { arrays: ex.operation.answerArrays });
  }
  const found = locate(ex, resource);
  if (isResponse(found)) return found;
  const action = ex.operation.action;
  if ((action?.stateField && action.targetState) || action?.flag) {
    const record: JsonObject = copyOwn(found.record);
    if (action.stateField && action.targetState) setOwn(record, action.stateField, action.targetState);
    if (action.flag) setOwn(record, action.flag.field, action.flag.value);
    const stored = store(ex, resource, found.collection, found.key, fillServerFields(filling(ex), resource, record, 'write', found.record));
    // An action that sets a flag answers what it documents: GitHub's merge answers `{merged, message, sha}`, not the pull request it closes.
    return action.stateField && action.targetState && !action.flag ? answerRecord(ex, resource, chooseSuccess(ex.operation, 200), stored) : recordOrSchema(ex, resource, isObject(stored) ? stored : record);
  }
  return recordOrSchema(ex, resource, found.record);
}

/** An action's answer: the record itself when the documented answer is the record, else the schema's. */
function recordOrSchema(ex: Exchange, resource: ArtifactResource, record: JsonObject): SimResponse {
  const chosen = chooseSuccess(ex.operation, 200);
  const schema = chooseMedia(chosen.response)?.[1].schema ?? null;
  const wrapped = wrapRecord(ex, resource, schema, record);
  const fits = schema !== null && ex.model.registry.validate(schema, wrapped).ok;
  return answer(chosen, fits ? wrapped : undefined, ex.gen, { arrays: ex.operation.answerArrays });
}

/**
 * What a write keeps of the record it changes: its id, its creation times, and the fields the
 * item schema marks `readOnly` that the write does not give (Jira's issue keeps its `key` through
 * a `PUT` of its fields: the server set it, the client cannot).
 */
function keepIdentity(ex: Exchange, resource: ArtifactResource, before: JsonObject, after: JsonObject): void {
  if (resource.idField !== null && Object.hasOwn(before, resource.idField)) setOwn(after, resource.idField, before[resource.idField] as Json);
  const plan = recordPlan(resource);
  for (const name of plan.kept) if (Object.hasOwn(before, name)) setOwn(after, name, before[name] as Json);
  for (const name of plan.keptUnlessGiven) if (!Object.hasOwn(after, name) && Object.hasOwn(before, name)) setOwn(after, name, before[name] as Json);
}
