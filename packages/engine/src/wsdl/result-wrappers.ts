import type { JsonSchema } from '../artifact/artifact.js';
import type { SoapModel } from '../artifact/soap.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { squash } from '../infer/naming.js';
import type { NormalisedDocument, NormalisedOperation } from '../normalise/model.js';
import { RESULT_CHILD_NAMES } from '../vocabulary/answers.js';

/** The names a lone answer-carrying child takes: .NET's `<Operation>Result`, and those of RESULT_CHILD_NAMES. */
function carriesResult(property: string, operation: string): boolean {
  const name = property.toLowerCase();
  return name === `${operation.toLowerCase()}result` || RESULT_CHILD_NAMES.includes(name);
}

/**
 * How the SOAP messages of a WSDL are presented to behaviours, as REST bodies are: answers whose
 * element only wraps the value in one more element (`<GetEmployeeResponse>
 * <GetEmployeeResult>...`) are understood by what that element holds: the operation's answer
 * schema becomes the child's, so the record a read answers is the record a create stored, and
 * the SOAP model remembers the child (`SoapMessage.result`) to put the value back on the wire.
 * A child that is a list, or one beside other fields, is left as it is.
 */
export function unwrapResults(document: NormalisedDocument, soap: SoapModel): NormalisedDocument {
  const lookup = new SchemaLookup(document.schemas);
  const spellings = inputFieldNames(soap, lookup);
  const operations = document.operations.map((op) => recordInput(fieldForSimpleInput(op, soap, lookup, spellings), soap, lookup)).map((op): NormalisedOperation => {
    const output = soap.operations[op.id]?.output;
    if (output === undefined || output === null) return op;
    const content = lookup.deref(output.schema);
    const properties = content?.['properties'];
    if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return op;
    const names = Object.keys(properties);
    const name = names[0];
    if (names.length !== 1 || name === undefined || !carriesResult(name, soap.operations[op.id]!.name)) return op;
    const inner = (properties as Record<string, JsonSchema>)[name]!;
    if (lookup.deref(inner)?.['type'] === 'array') return op;
    output.result = name;
    const responses = Object.fromEntries(
      Object.entries(op.responses).map(([status, response]) => [
        status,
        { ...response, content: Object.fromEntries(Object.entries(response.content).map(([media, entry]) => [media, { ...entry, schema: withoutXml(inner) }])) },
      ]),
    );
    return { ...op, responses };
  });
  return { ...document, operations };
}

/** The child's schema without its place in the wrapper (its `x-xml` name): what the answer holds. */
function withoutXml(schema: JsonSchema): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  const { 'x-xml': _place, ...rest } = schema;
  return rest;
}

/** The field names the service's inputs give, by their letters (`trackingnumber` → `trackingNumber`): the first spelling met. */
function inputFieldNames(soap: SoapModel, lookup: SchemaLookup): Map<string, string> {
  const names = new Map<string, string>();
  for (const operation of Object.values(soap.operations)) {
    const properties = lookup.deref(operation.input.schema)?.['properties'];
    if (!isPlainObject(properties)) continue;
    for (const name of Object.keys(properties)) {
      const letters = squash(name);
      if (!names.has(letters)) names.set(letters, name);
    }
  }
  return names;
}

/**
 * A bare input holding a simple value (`<TrackingNumber>1Z...</TrackingNumber>`) is read by
 * behaviours as an object with that one field, spelled as the service's other inputs spell it
 * (`trackingNumber`), else as the element, so an entity keyed by `trackingNumber` finds its record
 * by it; the SOAP model remembers the field (`SoapMessage.field`).
 */
function fieldForSimpleInput(op: NormalisedOperation, soap: SoapModel, lookup: SchemaLookup, spellings: Map<string, string>): NormalisedOperation {
  const input = soap.operations[op.id]?.input;
  if (input === undefined || input.element.local === '' || op.requestBody === null) return op;
  const content = lookup.deref(input.schema);
  const type = content?.['type'];
  if (content === null || content['properties'] !== undefined || type === 'object' || (Array.isArray(type) && type.includes('object')) || content['anyOf'] !== undefined || content['oneOf'] !== undefined) return op;
  if (type === undefined && content['enum'] === undefined && content['$ref'] === undefined) return op;
  const field = spellings.get(squash(input.element.local)) ?? input.element.local;
  input.field = field;
  const schema: JsonSchema = { type: 'object', properties: { [field]: input.schema }, required: [field], additionalProperties: false };
  const requestBody = { ...op.requestBody, content: Object.fromEntries(Object.entries(op.requestBody.content).map(([media, entry]) => [media, { ...entry, schema }])) };
  return { ...op, requestBody };
}

/**
 * An input holding the record in one element beside simple values (`<AddEmployee><NewEmployee>`,
 * `<UpdateAccount><accountNumber/><changes>`) is read by behaviours as one object: the
 * record's fields beside the simple ones, as a REST write's body holds them, so a create stores
 * what was sent and an update changes it. Left as it is where names would clash, the element
 * is a list or a choice, or the input has no such element or several.
 */
function recordInput(op: NormalisedOperation, soap: SoapModel, lookup: SchemaLookup): NormalisedOperation {
  const input = soap.operations[op.id]?.input;
  if (input === undefined || input.field !== undefined || op.requestBody === null) return op;
  const content = lookup.deref(input.schema);
  const properties = content?.['properties'];
  if (content === null || !isPlainObject(properties) || content['anyOf'] !== undefined || content['oneOf'] !== undefined) return op;
  const records = Object.entries(properties).filter(([, schema]) => {
    const target = lookup.deref(schema);
    return target !== null && isPlainObject(target['properties']) && target['type'] !== 'array' && target['anyOf'] === undefined && target['oneOf'] === undefined;
  });
  if (records.length !== 1) return op;
  const [name, held] = records[0]!;
  const inner = lookup.deref(held)!;
  const innerProperties = inner['properties'] as Record<string, JsonSchema>;
  const others = Object.entries(properties).filter(([other]) => other !== name);
  if (others.some(([other]) => Object.hasOwn(innerProperties, other)) || Object.keys(innerProperties).length === 0) return op;
  // The element holds the record only where the answer holds the same fields: an update's
  // `<shipTo>` address is a field of the shipment, not the shipment.
  const answered = answerFields(soap.operations[op.id]!, lookup);
  const fields = Object.keys(innerProperties);
  const shared = fields.filter((field) => answered.has(field)).length;
  if (shared < 2 || shared * 2 < fields.length) return op;
  const required = (schema: unknown) => (Array.isArray(schema) ? schema.filter((entry): entry is string => typeof entry === 'string') : []);
  const outerRequired = required(content['required']);
  const schema: JsonSchema = {
    type: 'object',
    properties: { ...Object.fromEntries(others), ...innerProperties },
    required: [...outerRequired.filter((entry) => entry !== name), ...(outerRequired.includes(name) ? required(inner['required']) : [])],
    // A record whose type has derived types keeps their fields (xsd-model.ts, types()).
    ...(inner['additionalProperties'] === false ? { additionalProperties: false } : {}),
  };
  input.record = name;
  const requestBody = { ...op.requestBody, content: Object.fromEntries(Object.entries(op.requestBody.content).map(([media, entry]) => [media, { ...entry, schema }])) };
  return { ...op, requestBody };
}

function isPlainObject(value: unknown): value is Record<string, JsonSchema> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of the record an operation answers: its element's, or those of the one object the element wraps. */
function answerFields(operation: SoapModel['operations'][string], lookup: SchemaLookup): Set<string> {
  const fields = new Set<string>();
  if (operation.output === null) return fields;
  const content = lookup.deref(operation.output.schema);
  const properties = content?.['properties'];
  if (!isPlainObject(properties)) return fields;
  const names = Object.keys(properties);
  const only = names.length === 1 ? lookup.deref(properties[names[0]!]) : null;
  // An answer of one object (`{customer}`, `<GetEmployeeResult>`) wraps the record; any other is the record.
  const record = only !== null && isPlainObject(only['properties']) ? Object.keys(only['properties']) : names;
  for (const name of record) fields.add(name);
  return fields;
}
