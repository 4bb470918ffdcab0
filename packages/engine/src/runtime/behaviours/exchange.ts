import type { SimContext, StateAccess } from '@simplane/core';
import type { ArtifactOperation, ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { squash } from '../text.js';
import { recordPlan } from '../records/fill-fields.js';
import { collectionName, recordKey, SINGLETON_KEY } from '../records/collections.js';
import { generateValue, type GenerateContext } from '../values/generate-value.js';
import type { RuntimeModel } from '../model.js';
import { coerce } from '../checking/coerce.js';
import { randomFor } from '../values/random.js';
import type { Refusal } from '../answers/refusal-reason.js';
import { objectView, type ObjectView } from '../schemas/schema-view.js';
import type { UploadedFile } from '../protocols/rest/request-body.js';
import type { WritePlan } from '../../artifact/behaviour.js';

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
  /** The files a multipart body carries, by part: what a create's WritePlan.upload reads. */
  files?: readonly UploadedFile[];
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
    if (parent.tenant === true || (parent.kind === 'collection' && (isAlwaysThere(parent, key) || uncreatable(parent)))) {
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

/** Whether an id names the caller's own record (`/users/me/meetings`, RecordPlan.aliases): the account exists, as a tenant does. */
export function isSelfAlias(resource: ArtifactResource, key: string): boolean {
  return recordPlan(resource).aliases.includes(key.toLowerCase());
}

/** Whether an id names a record that is always there: an alias (`me`), or an id the document names so (RecordPlan.wellKnownIds: Box's root folder `0`). */
export function isAlwaysThere(resource: ArtifactResource, key: string): boolean {
  return isSelfAlias(resource, key) || (recordPlan(resource).wellKnownIds?.includes(key) ?? false);
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
  if (resource.idField !== null && !(isSelfAlias(resource, key) && record[resource.idField] !== undefined)) {
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

/** A write's body without the credentials and request controls (WritePlan.withheld) the record's schema does not declare: a real API keeps them, if at all, out of the record it answers. */
function withoutWithheld(body: JsonObject, view: ObjectView, withheld: WritePlan['withheld']): JsonObject {
  if (withheld === undefined) return body;
  for (const field of Object.keys(body)) {
    if (Object.hasOwn(view.properties, field)) continue;
    const name = squash(field);
    if (withheld.names.includes(name) || withheld.endings.some((ending) => name.endsWith(ending))) delete body[field];
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
  const record = withoutWithheld(unwrapped(asBodyObject(ex.body), resource, view), view, ex.operation.write?.withheld);
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
    withUpload(ex, record, view);
  }
  return record;
}

/**
 * A record made from a multipart upload (WritePlan.upload): the fields the plan names take the
 * file's size, name and media type where the form does not give them; the file's content is
 * kept only where the record declares a field for it, as a real API keeps the file apart.
 */
function withUpload(ex: Exchange, record: JsonObject, view: ObjectView): void {
  const upload = ex.operation.write?.upload;
  const file = upload === undefined ? undefined : ex.files?.find((f) => f.part === upload.part);
  if (upload === undefined || file === undefined) return;
  if (!Object.hasOwn(view.properties, upload.part)) delete record[upload.part];
  const taken: [string | undefined, Json | null][] = [[upload.size, file.size], [upload.name, file.filename], [upload.mediaType, file.mediaType]];
  for (const [field, value] of taken) if (field !== undefined && value !== null && !Object.hasOwn(record, field)) setOwn(record, field, value);
}
