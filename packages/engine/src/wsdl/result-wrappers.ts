import type { JsonSchema } from '../artifact/artifact.js';
import type { SoapModel } from '../artifact/soap.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import type { NormalisedDocument, NormalisedOperation } from '../normalise/model.js';

/** The names a lone answer-carrying child takes: .NET's `<Operation>Result`, JAX-WS's `return`, and plain `result`. */
function carriesResult(property: string, operation: string): boolean {
  const name = property.toLowerCase();
  return name === `${operation.toLowerCase()}result` || name === 'return' || name === 'result';
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
  const operations = document.operations.map((op) => fieldForSimpleInput(op, soap, lookup)).map((op): NormalisedOperation => {
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

/**
 * A bare input holding a simple value (`<TrackingNumber>1Z...</TrackingNumber>`) is read by
 * behaviours as an object with that one field, named after the element, so an entity keyed by
 * `trackingNumber` finds its record by it; the SOAP model remembers the field (`SoapMessage.field`).
 */
function fieldForSimpleInput(op: NormalisedOperation, soap: SoapModel, lookup: SchemaLookup): NormalisedOperation {
  const input = soap.operations[op.id]?.input;
  if (input === undefined || input.element.local === '' || op.requestBody === null) return op;
  const content = lookup.deref(input.schema);
  const type = content?.['type'];
  if (content === null || content['properties'] !== undefined || type === 'object' || (Array.isArray(type) && type.includes('object')) || content['anyOf'] !== undefined || content['oneOf'] !== undefined) return op;
  if (type === undefined && content['enum'] === undefined && content['$ref'] === undefined) return op;
  const field = input.element.local;
  input.field = field;
  const schema: JsonSchema = { type: 'object', properties: { [field]: input.schema }, required: [field], additionalProperties: false };
  const requestBody = { ...op.requestBody, content: Object.fromEntries(Object.entries(op.requestBody.content).map(([media, entry]) => [media, { ...entry, schema }])) };
  return { ...op, requestBody };
}
