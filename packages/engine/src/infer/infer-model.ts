import type { ArtifactOperation, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import { isObject, type Json } from '../json.js';
import type { NormalisedOperation } from '../normalise/model.js';
import { type Understanding, understand } from './behaviour.js';
import { actionTarget, idField } from './item-fields.js';
import { inferredRules } from '../lifecycle/inferred-rules.js';
import { singular, squash, words } from './naming.js';
import { listItems, listShape } from './list-shape.js';
import { mergeNestedAliases } from './nested-aliases.js';
import { schemaText } from './same-records.js';
import { searchLists } from './search-lists.js';
import { paramNames } from './path-shape.js';
import { findResourceShapes, groupByShape, type ResourceShape } from './resource-shapes.js';
import { findRpcShapes } from './rpc-shapes.js';
import { unannotated } from '../annotations.js';
import { requestSchema, type SchemaLookup, successSchema } from './schema-lookup.js';
import { ACKNOWLEDGING_FIELDS, WRAPPER_NAMES } from '../vocabulary/answers.js';
import { IDENTIFYING_SUFFIXES, RECORD_NAMING_FIELDS, RECORD_ONLY_FIELDS } from '../vocabulary/identifiers.js';
import { API_BASE_WORDS, TENANT_WORDS } from '../vocabulary/resources.js';

export interface InferredModel {
  operations: ArtifactOperation[];
  resources: ArtifactResource[];
}

type Crud = keyof ArtifactResource['operations'];

/**
 * The item schema, from the most telling operation: read, create, list, then request bodies;
 * and the field single-record answers wrap it in, when they do.
 */
function itemSchemaOf(ops: { op: NormalisedOperation; how: Understanding }[], word: string, lookup: SchemaLookup, rpc = false): { itemSchema: JsonSchema | null; recordField: string | null } {
  const by = (behaviour: string) => ops.find((o) => o.how.behaviour === behaviour)?.op;
  const read = by('read');
  const create = by('create');
  const list = by('list');
  const listed = list ? listItems(list, lookup, word) : null;
  const fromList = listed?.itemSchema;
  const replace = by('replace') ?? by('update');
  const readSchema = read && successSchema(read);
  const recordField = readSchema && fromList ? wrappingField(readSchema, fromList, lookup) : null;
  if (recordField !== null) return { itemSchema: fromList as JsonSchema, recordField };
  // Asana's and JSON:API's manner: the list answers compact records in `data`, the read the full
  // record in `data`; the record is the read's.
  const shared = readSchema && listed?.itemsField ? sharedWrapper(readSchema, listed.itemsField, lookup) : null;
  if (shared !== null) return shared;
  // A read and a create that both answer `{data: ...}`, or `{appBundle: ...}` for app bundles,
  // wrap the record the same way, whatever the list answers (Asana's teams are listed under an
  // organization; AWS lists summaries in `appBundleSummaryList`).
  const createAnswer = create && successSchema(create);
  const named = rpc && readSchema ? rpcWrapper(readSchema, word, lookup) : null;
  if (named !== null) return named;
  const field = readSchema ? soleObjectField(readSchema, lookup) : null;
  const wrapperName = field !== null && [...WRAPPER_NAMES, squash(singular(words(word).at(-1) ?? '')), squash(singular(word)), squash(word)].includes(squash(field));
  // The create agrees (the same field, or another holding the same record: DynamoDB's create
  // answers `{TableDescription}` where its read answers `{Table}`; or the same field beside
  // others, as Hetzner's create answers `{server, action, root_password}` where its read answers
  // `{server}`), or answers no object at all (Autotask's `{itemId: 13}`, a reference).
  const createField = createAnswer ? soleObjectField(createAnswer, lookup) : null;
  const createAgrees = createAnswer
    ? createField === field ||
      (createField !== null && field !== null && sameRecord(lookup.properties(createAnswer).get(createField), lookup.properties(readSchema as JsonSchema).get(field), lookup)) ||
      (field !== null && lookup.properties(lookup.properties(createAnswer).get(field)).size > 0) ||
      [...lookup.properties(createAnswer).values()].every((sub) => lookup.properties(sub).size === 0)
    : false;
  // An RPC call's read answering `{IPSet, LockToken}` wraps the record whatever its create
  // answers (WAF's create answers a summary of the set).
  const alike = wrapperName && (createAgrees || rpc) ? sharedWrapper(readSchema as JsonSchema, field as string, lookup) : null;
  if (alike !== null) return alike;
  const candidates = [readSchema, createAnswer, fromList, create && requestSchema(create), replace && requestSchema(replace)].filter((s): s is JsonSchema => s !== undefined && s !== null);
  const chosen = candidates[0] ?? null;
  return { itemSchema: chosen === null ? null : (memberNamedElsewhere(chosen, candidates.slice(1), lookup) ?? chosen), recordField: null };
}

/**
 * A SOAP entity's record as the named type its messages refer to (`{$ref: '#/schemas/Booking'}`)
 * rather than that type written out, where the read's (else the create's) answer holds it in
 * the record field by reference: so the entity is listed and shared as other Simulators' is.
 */
function namedRecord(itemSchema: JsonSchema | null, ops: { op: NormalisedOperation; how: Understanding }[], recordField: string | null, lookup: SchemaLookup): JsonSchema | null {
  if (itemSchema === null || recordField === null) return itemSchema;
  for (const behaviour of ['read', 'create']) {
    const op = ops.find((o) => o.how.behaviour === behaviour)?.op;
    const answer = op === undefined ? null : lookup.deref(successSchema(op) as Json);
    const properties = answer?.['properties'];
    const held = isObject(properties) ? properties[recordField] : undefined;
    const ref = isObject(held) ? held['$ref'] : undefined;
    if (typeof ref === 'string' && sameRecord({ $ref: ref }, itemSchema, lookup)) return { $ref: ref };
  }
  return itemSchema;
}

/**
 * The record in an RPC read's answer: its one object field named as the resource, or starting
 * with its name (AWS's `{KeyMetadata}`, `{ApplicationDetail}`, `{PortfolioDetail, Tags,
 * Budgets}`, `{Firewall, FirewallStatus}`), whatever else the answer holds, unless the answer
 * names a record itself.
 */
function rpcWrapper(readSchema: JsonSchema, word: string, lookup: SchemaLookup): { itemSchema: JsonSchema; recordField: string } | null {
  const whole = squash(word);
  const properties = lookup.properties(readSchema);
  // An answer naming a record at its top (Kendra's `{Id, Name, ..., IndexStatistics}`) is the record.
  const naming = RECORD_NAMING_FIELDS.flatMap((suffix) => [suffix, `${whole}${suffix}`]);
  if ([...properties.keys()].some((name) => naming.includes(squash(name)))) return null;
  const objects = [...properties].filter(([, sub]) => lookup.properties(sub).size > 0);
  const exact = objects.filter(([name]) => squash(name) === whole);
  const chosen = exact.length === 1 ? exact : objects.filter(([name]) => squash(name).startsWith(whole));
  return chosen.length === 1 ? { itemSchema: unannotated(chosen[0]![1] as JsonSchema), recordField: chosen[0]![0] as string } : null;
}

/** Whether two fields' schemas hold the same record, whatever each use of it says of it. */
function sameRecord(a: JsonSchema | undefined, b: JsonSchema | undefined, lookup: SchemaLookup): boolean {
  return a !== undefined && b !== undefined && schemaText(unannotated(a), lookup) === schemaText(unannotated(b), lookup);
}

/** The one property of an answer that is an object of named fields, or null. */
function soleObjectField(schema: JsonSchema, lookup: SchemaLookup): string | null {
  const objects = [...lookup.properties(schema)].filter(([, sub]) => lookup.properties(sub).size > 0);
  return objects.length === 1 ? (objects[0]![0] as string) : null;
}

/**
 * The record inside a read's answer whose field has the name of the list's items field
 * (`{data: Project}` beside `{data: [ProjectCompact], next_page}`): an object of named fields,
 * when the rest of the answer holds no other object and no id of its own.
 */
function sharedWrapper(readSchema: JsonSchema, itemsField: string, lookup: SchemaLookup): { itemSchema: JsonSchema; recordField: string } | null {
  const properties = lookup.properties(readSchema);
  // A wrapper does not carry an id of its own; a record with an object field (a Stripe event's
  // `data`, a PaymentIntent's expandable `customer`) does.
  if ([...properties.keys()].some((name) => RECORD_ONLY_FIELDS.includes(squash(name)))) return null;
  const inner = properties.get(itemsField);
  if (inner === undefined || lookup.properties(inner).size === 0) return null;
  const others = [...properties].filter(([name, schema]) => name !== itemsField && lookup.properties(schema).size > 0);
  return others.length === 0 ? { itemSchema: unannotated(inner as JsonSchema), recordField: itemsField } : null;
}

/**
 * The one property of a read's answer that holds what the list answers as its items: the read
 * wraps its record (DigitalOcean's `{"droplet": {...}}`, Asana's `{"data": {...}}`), and the
 * record's schema is the list's item, not the wrapper. Null when the read is the record itself.
 */
function wrappingField(readSchema: JsonSchema, listItem: JsonSchema, lookup: SchemaLookup): string | null {
  const item = schemaText(listItem, lookup);
  if (item === '{}' || item === 'true' || schemaText(readSchema, lookup) === item) return null;
  const fields = [...lookup.properties(readSchema)].filter(([, schema]) => schemaText(schema, lookup) === item).map(([name]) => name);
  return fields.length === 1 ? (fields[0] as string) : null;
}

/**
 * For an item schema that is a choice (`anyOf: [customer, deleted_customer]`, Stripe's read),
 * the member another operation answers on its own (the create's `customer`): the record's
 * schema, whose fields a write fills. A choice no operation narrows (`oneOf: [Cat, Dog]`) stays.
 */
function memberNamedElsewhere(schema: JsonSchema, others: JsonSchema[], lookup: SchemaLookup): JsonSchema | null {
  const node = lookup.deref(schema as Json);
  const members = node?.anyOf ?? node?.oneOf;
  if (!Array.isArray(members)) return null;
  const texts = new Set(others.map((other) => JSON.stringify(other)));
  return (members.find((member) => texts.has(JSON.stringify(member))) as JsonSchema | undefined) ?? null;
}

/**
 * The word a document's records are named by when its paths start at the resource, `/` and
 * `/{id}`, and its servers end in the resource's name (Vonage's applications at
 * `https://api.nexmo.com/v2/applications`, its calls at `.../v1/calls`): the servers' common
 * last segment. Null when the paths name their own resources, or the servers disagree, or
 * end in a version or `api`.
 */
function rootWord(operations: NormalisedOperation[], basePaths: readonly string[]): string | null {
  const collection = operations.some((op) => op.path === '/' && (op.method === 'GET' || op.method === 'POST'));
  const item = operations.some((op) => /^\/\{[^/}]+\}$/.test(op.path));
  if (!collection || !item || basePaths.length === 0) return null;
  const words = new Set(basePaths.map((base) => base.split('/').filter((s) => s !== '').at(-1) ?? ''));
  if (words.size !== 1) return null;
  const word = [...words][0]!;
  return /^[A-Za-z][A-Za-z_-]*$/.test(word) && !API_BASE_WORDS.includes(word.toLowerCase()) && !/^v\d/i.test(word) ? word : null;
}

/**
 * Infers behaviours and resources for the selected operations, and what list and action
 * operations need at run time (paging, filters, envelope, target state).
 */
export function inferModel(operations: NormalisedOperation[], lookup: SchemaLookup, queryVariants: ReadonlySet<string> = new Set(), basePaths: readonly string[] = []): InferredModel {
  // A variant written as a query in its template (`/templates/{id}?full=true`, routed as
  // `#full=true`) is understood by its path; a `#` the document wrote itself (`/{Bucket}#cors`)
  // names something else at the path, and keeps it.
  const rooted = rootWord(operations, basePaths);
  const pathOf = (op: NormalisedOperation) => {
    const path = queryVariants.has(op.id) ? op.path.slice(0, op.path.indexOf('#')) || '/' : op.path;
    return rooted === null ? path : `/${rooted}${path === '/' ? '' : path}`;
  };
  // The path templates a resource is found at, as the document writes them.
  const written = (template: string | undefined) => (template === undefined || rooted === null ? template : template.slice(rooted.length + 1) || '/');
  const groups = groupByShape(operations, pathOf);
  const shapes = findResourceShapes(groups, lookup);
  // A resource's name is its state's collection: an RPC resource named as a REST one would share its records.
  const named = new Set([...shapes.values()].map((shape) => shape.name));
  for (const [noun, shape] of findRpcShapes(operations, pathOf, new Set(shapes.keys()))) if (!named.has(shape.name)) shapes.set(`rpc:${noun}`, shape);
  const understood = operations.map((op) => ({ op, how: understand(op, shapes, pathOf(op)) }));
  const resources: ArtifactResource[] = [];
  /** The fields an RPC resource's read requires, by resource. */
  const readFields = new Map<string, string[]>();
  const itemSchemas = new Map<ResourceShape, JsonSchema | null>();
  const byResource = new Map<ResourceShape, typeof understood>();
  for (const u of understood) if (u.how.resource) byResource.set(u.how.resource, [...(byResource.get(u.how.resource) ?? []), u]);
  for (const shape of shapes.values()) {
    const mine = byResource.get(shape) ?? [];
    const word = (shape.segments.at(-1) as { text: string }).text;
    const collection = groups.get(shape.key);
    const item = shape.kind === 'collection' ? groups.get(`${shape.key}/{}`) : undefined;
    const itemSegments = item?.segments ?? [];
    const idParameter = itemSegments.at(-1)?.kind === 'param' ? (itemSegments.at(-1) as { name: string }).name : null;
    const found = itemSchemaOf(mine, word, lookup, shape.key.startsWith('rpc:'));
    const { recordField } = found;
    const itemSchema = mine.some(({ op }) => op.path.includes('#SOAP=')) ? namedRecord(found.itemSchema, mine, recordField, lookup) : found.itemSchema;
    itemSchemas.set(shape, itemSchema);
    const crud: ArtifactResource['operations'] = {};
    // The plain operation names the resource's read (create, ...); a query variant only when it is the only one.
    const plainFirst = [...mine.filter((u) => !queryVariants.has(u.op.id)), ...mine.filter((u) => queryVariants.has(u.op.id))];
    for (const { op, how } of plainFirst) if (how.behaviour !== 'action' && how.behaviour !== 'static') crud[how.behaviour as Crud] ??= op.id;
    const keyField = keyFieldOf(shape, mine, recordField, word, lookup, itemSchema);
    const read = mine.find((u) => u.how.behaviour === 'read')?.op;
    if (keyField.keyField !== undefined && read !== undefined) readFields.set(shape.name, requiredFields(read, lookup));
    resources.push({
      name: shape.name,
      kind: shape.kind,
      collectionPath: written(collection?.template) ?? null,
      itemPath: written(item?.template) ?? null,
      idParameter,
      idField: shape.kind === 'collection' ? (keyProperty(keyField.keyField, itemSchema, word, lookup) ?? idField(itemSchema, word, idParameter, lookup) ?? unconstrainedId(shape, itemSchema, lookup)) : null,
      parent: shape.parent?.name ?? null,
      parentParameter: shape.parentParameter,
      scopeParameters: paramNames(collection?.segments ?? itemSegments.slice(0, -1)),
      itemSchema,
      operations: crud,
      actions: mine.filter((u) => u.how.behaviour === 'action').map((u) => u.op.id),
      lifecycle: inferredRules(itemSchema, lookup),
      // Decided on the finished artifact (entities/entity.ts).
      entity: null,
      ...(recordField === null ? {} : { recordField }),
      ...keyField,
      ...bodyFieldOf(mine, itemSchema, recordField, lookup),
    });
  }
  scopeRpcRecords(resources, readFields);
  markTenants(resources, understood.map(({ how }) => how.resource?.name ?? null));
  const out = understood.map(({ op: stated, how }): ArtifactOperation => {
    // What only inference reads is not kept in the artifact.
    const { newestFirst: _read, partialUpdate: _partial, describedIds: _ids, ...op } = stated;
    const word = how.resource ? (how.resource.segments.at(-1) as { text: string }).text : '';
    const list = how.behaviour === 'list' ? listShape(stated, listItems(op, lookup, word), lookup) : null;
    const action = how.actionName !== null && how.resource ? actionTarget(how.actionName, itemSchemas.get(how.resource) ?? null, lookup, op.method) : null;
    const acknowledges = how.behaviour === 'delete' && how.resource ? acknowledgingFields(op, itemSchemas.get(how.resource) ?? null, lookup) : [];
    return { ...op, behaviour: how.behaviour, resource: how.resource?.name ?? null, readOnly: how.readOnly, list, action, ...(acknowledges.length > 0 ? { acknowledges } : {}) };
  });
  const kept = mergeNestedAliases(resources, out, lookup);
  searchLists(kept, out, lookup);
  readsByMessageTypes(out, kept, lookup);
  return { operations: out, resources: kept.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}


const acknowledging = new RegExp(`^(?:${ACKNOWLEDGING_FIELDS.join('|')})$`, 'i');

/**
 * The boolean fields of a delete's answer that say it went through and are not the record's
 * own: a delete that removed its record answers them true, never a generated `false`.
 */
function acknowledgingFields(op: NormalisedOperation, itemSchema: JsonSchema | null, lookup: SchemaLookup): string[] {
  const answer = successSchema(op);
  if (answer === null) return [];
  const own = lookup.properties(itemSchema);
  return [...lookup.properties(answer)].filter(([name, field]) => acknowledging.test(name) && !own.has(name) && (field['type'] === 'boolean' || (Array.isArray(field['type']) && field['type'].includes('boolean')))).map(([name]) => name);
}

/**
 * SOAP operations that share an entity by their message types rather than their names
 * (`TrackParcel` taking a shipment's `trackingNumber` and answering the `Shipment` that
 * `CreateShipment` made): an operation answered from the schema that requires the entity's key
 * and answers its record, the type itself or one element holding it, reads the entity's record.
 */
function readsByMessageTypes(operations: ArtifactOperation[], resources: ArtifactResource[], lookup: SchemaLookup): void {
  const entities = resources.filter((r) => r.keyField !== undefined && r.kind === 'collection' && r.parent === null && isObject(r.itemSchema) && typeof r.itemSchema['$ref'] === 'string');
  if (entities.length === 0) return;
  for (const op of operations) {
    if (op.behaviour !== 'static' || !op.path.includes('#SOAP=')) continue;
    const required = new Set(requiredFields(op, lookup));
    const answer = lookup.deref(successSchema(op) as Json);
    if (answer === null) continue;
    const held = (ref: string) => answer['$ref'] === ref || (isObject(answer['properties']) && Object.values(answer['properties']).filter((p) => isObject(p) && p['$ref'] === ref).length === 1 && Object.keys(answer['properties']).length === 1);
    const matches = entities.filter((r) => required.has(r.keyField!) && (sameRecord(answer, r.itemSchema ?? undefined, lookup) || held((r.itemSchema as { $ref: string }).$ref)));
    if (matches.length !== 1) continue;
    Object.assign(op, { behaviour: 'read', resource: matches[0]!.name, readOnly: true });
  }
}

/**
 * The one property of the create's (else the replace's or update's) body that holds the record
 * (Magento's `{"data": GiftWrapping, "storeId": ...}`), when it is not the answers' wrapper too.
 */
function bodyFieldOf(ops: { op: NormalisedOperation; how: Understanding }[], itemSchema: JsonSchema | null, recordField: string | null, lookup: SchemaLookup): { bodyField?: string } {
  if (itemSchema === null) return {};
  const item = schemaText(itemSchema, lookup);
  for (const behaviour of ['create', 'replace', 'update']) {
    const write = ops.find((o) => o.how.behaviour === behaviour)?.op;
    const body = write === undefined ? null : requestSchema(write);
    if (body === null || schemaText(body, lookup) === item) continue;
    const fields = [...lookup.properties(body)].filter(([, schema]) => schemaText(schema, lookup) === item).map(([name]) => name);
    if (fields.length === 1 && fields[0] !== recordField) return { bodyField: fields[0] as string };
  }
  return {};
}

/**
 * `id` for an RPC resource whose records the document leaves unconstrained (Slack's
 * conversation schema declares its fields under an `items` that applies to no object): a
 * created record still needs an id to be named by in the next call.
 */
function unconstrainedId(shape: ResourceShape, itemSchema: JsonSchema | null, lookup: SchemaLookup): string | null {
  return shape.key.startsWith('rpc:') && lookup.properties(itemSchema).size === 0 ? 'id' : null;
}

/**
 * The request field naming the record of an RPC resource: a query parameter or body field of
 * its read (else of its other calls on one record) named as the record's wrapper (Slack's
 * `channel`), `<resource>_id`, `<resource>Id`, `id` or the resource's word.
 */
function keyFieldOf(shape: ResourceShape, ops: { op: NormalisedOperation; how: Understanding }[], recordField: string | null, word: string, lookup: SchemaLookup, itemSchema: JsonSchema | null): { keyField?: string } {
  if (!shape.key.startsWith('rpc:')) return {};
  const one = singular(words(word).at(-1) ?? word);
  // AWS names a record by the resource's whole word: `UserPoolId`, `TableName`, `StreamArn`.
  const whole = squash(word);
  const wanted = [recordField ?? '', `${one}_id`, `${one}id`, `${whole}id`, 'id', `${whole}name`, one, `${whole}arn`].filter((name) => name !== '').map(squash);
  const onOne = ['read', 'update', 'delete', 'action'];
  const calls = ops.filter((o) => onOne.includes(o.how.behaviour)).sort((a, b) => onOne.indexOf(a.how.behaviour) - onOne.indexOf(b.how.behaviour));
  if (calls.some(({ op }) => op.path.includes('#SOAP='))) return soapKeyField(calls, wanted.slice(recordField === null ? 0 : 1), itemSchema, lookup);
  for (const { op } of calls) {
    const names = [...op.parameters.filter((p) => p.in === 'query').map((p) => p.name), ...lookup.properties(requestSchema(op)).keys()];
    for (const candidate of wanted) {
      const found = names.find((name) => squash(name) === candidate);
      if (found !== undefined) return { keyField: found };
    }
  }
  return {};
}

/** Whether a field's name says it identifies a record: `customerId`, `accountNumber`, `trackingNumber`, `bookingReference`, `orderNo`. */
function identifying(name: string): boolean {
  const squashed = squash(name);
  return IDENTIFYING_SUFFIXES.some((suffix) => squashed.endsWith(suffix));
}

/**
 * A SOAP entity's key: for each call on one record, the read first, a field named for the
 * entity's id (`customerId`, `id`), else the first identifying field the call requires that
 * the record has too (`GetAccount` takes `accountNumber`, `RetrieveBooking` takes
 * `bookingReference`). The element wrapping the record in a write (`<customer>`) is never the key.
 */
function soapKeyField(calls: { op: NormalisedOperation; how: Understanding }[], wanted: string[], itemSchema: JsonSchema | null, lookup: SchemaLookup): { keyField?: string } {
  const recordFields = new Set([...lookup.properties(itemSchema).keys()].map(squash));
  for (const { op } of calls) {
    const names = [...lookup.properties(requestSchema(op)).keys()];
    for (const candidate of wanted) {
      const found = names.find((name) => squash(name) === candidate);
      if (found !== undefined) return { keyField: found };
    }
    const found = requiredFields(op, lookup).find((name) => identifying(name) && recordFields.has(squash(name)));
    if (found !== undefined) return { keyField: found };
  }
  return {};
}

/**
 * The record's property an RPC resource's key field names (DynamoDB's `TableName` is the
 * table's own `TableName`): the record is identified by it, so the name a create gives is the
 * name later calls find it by.
 */
function keyProperty(keyField: string | undefined, itemSchema: JsonSchema | null, word: string, lookup: SchemaLookup): string | null {
  if (keyField === undefined) return null;
  const names = [...lookup.properties(itemSchema).keys()];
  const wanted = squash(keyField);
  const exact = names.find((name) => squash(name) === wanted);
  if (exact !== undefined) return exact;
  // Athena's `WorkGroup` names the work group's `Name`; a `QueueName` would name a queue's `Name`.
  const whole = squash(word);
  const rest = wanted.startsWith(whole) ? wanted.slice(whole.length) || 'name' : null;
  return rest === 'name' ? (names.find((name) => squash(name) === 'name') ?? null) : null;
}

/** The query parameters and body fields an operation requires. */
function requiredFields(op: NormalisedOperation, lookup: SchemaLookup): string[] {
  const body = lookup.deref(requestSchema(op) as Json)?.required;
  return [...op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name), ...(Array.isArray(body) ? body.filter((name): name is string => typeof name === 'string') : [])];
}

/**
 * RPC records named within a parent: a resource whose read requires another RPC resource's key
 * field besides its own (Cognito's `GetGroup` takes `UserPoolId` and `GroupName`) is that
 * resource's child. Its records are kept per parent, under the parent's key the request names,
 * as a REST resource's are under its path's parent id, and a parent that does not exist is
 * refused. The parent's own scope comes first, so a grandchild names both.
 */
function scopeRpcRecords(resources: ArtifactResource[], readFields: Map<string, string[]>): void {
  const byKey = new Map<string, ArtifactResource>();
  for (const resource of resources) if (resource.keyField !== undefined) byKey.set(resource.keyField, resource);
  const parentOf = new Map<ArtifactResource, ArtifactResource>();
  for (const resource of resources) {
    const parent = (readFields.get(resource.name) ?? []).map((field) => byKey.get(field)).find((found) => found !== undefined && found !== resource && found.keyField !== resource.keyField);
    if (parent !== undefined) parentOf.set(resource, parent);
  }
  const scopeOf = (resource: ArtifactResource, depth: number): string[] => {
    const parent = parentOf.get(resource);
    return parent === undefined || depth > 8 ? [] : [...scopeOf(parent, depth + 1), parent.keyField as string];
  };
  for (const [resource, parent] of parentOf) {
    const scope = scopeOf(resource, 0);
    // A cycle (each read requiring the other's key) scopes neither.
    if (new Set(scope).size !== scope.length || scope.includes(resource.keyField as string)) continue;
    resource.parent = parent.name;
    resource.parentParameter = parent.keyField as string;
    resource.scopeParameters = scope;
  }
}


/**
 * Marks the tenant: a top-level collection named as an account (organization, workspace...)
 * under which at least half of the document's operations lie. Its clients use their own
 * account's id throughout, which no simulated state can know in advance.
 */
function markTenants(resources: ArtifactResource[], operationResources: Array<string | null>): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const under = new Map<string, number>();
  for (const name of operationResources) {
    let parent = name === null ? null : (byName.get(name)?.parent ?? null);
    for (let hops = 0; parent !== null && hops < 16; hops += 1) {
      under.set(parent, (under.get(parent) ?? 0) + 1);
      parent = byName.get(parent)?.parent ?? null;
    }
  }
  for (const resource of resources) {
    const word = singular(words(resource.name).at(-1) ?? '');
    if (resource.parent === null && resource.kind === 'collection' && TENANT_WORDS.includes(word) && (under.get(resource.name) ?? 0) * 2 >= operationResources.length) resource.tenant = true;
  }
}
