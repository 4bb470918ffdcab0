/**
 * An artifact's operations as tools for agents (core's OperationTools): each described from the
 * document, with an input schema made of its parameters and body and an output schema made of
 * its success answers. Calls travel as the operation's protocol says: REST as the method, path,
 * query, headers and body its parameters name; SOAP as an envelope of its first binding.
 * Operations of the AWS protocols are not offered (their calls are named in headers and
 * bodies a client library writes).
 */
import type { OperationTool, OperationTools, SimResponse } from '@simplane/core';
import type { ArtifactOperation, JsonSchema } from '../../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../../json.js';
import { soapAnswerOf, soapCallOf } from '../protocols/soap/soap-call.js';
import type { RuntimeModel } from '../model.js';
import { restAnswerOf, restCallOf, restInputSchema } from './rest-tool.js';
import { StandaloneSchemaWriter } from './tool-schemas.js';

/** Longest description offered: a document's summary can be a page. */
const MAX_DESCRIPTION = 2048;

export function operationTools(model: RuntimeModel): OperationTools {
  const { artifact } = model;
  const offered = artifact.operations.filter((op) => protocolOf(op) === 'rest' || (protocolOf(op) === 'soap' && artifact.soap?.operations[op.id] !== undefined));
  const list: OperationTool[] = offered.map((op) => ({
    operation: op.id,
    description: describe(op),
    readOnly: op.readOnly,
    inputSchema: inputSchema(model, op),
    outputSchema: outputSchema(model, op),
  }));
  const byId = new Map(offered.map((op) => [op.id, op]));
  return {
    list,
    request(operation, args) {
      const op = byId.get(operation);
      if (op === undefined) return null;
      if (protocolOf(op) === 'rest') return restCallOf(op, args);
      const call = soapCallOf(artifact, op.id, args['body'] ?? {}, {});
      return call === null ? null : { method: 'POST', path: '/', query: '', headers: call.headers, body: call.body };
    },
    answer(operation, response: SimResponse) {
      const op = byId.get(operation);
      if (op === undefined || response.body === null) return undefined;
      if (protocolOf(op) === 'rest') return restAnswerOf(response);
      const read = soapAnswerOf(artifact, op.id, response.body);
      return 'value' in read ? read.value : undefined;
    },
  };
}

function protocolOf(op: ArtifactOperation): string {
  return op.protocol ?? 'rest';
}

/** The document's summary and description, then how the call travels, what the build understood it to do and whether it can write. */
function describe(op: ArtifactOperation): string {
  const how = protocolOf(op) === 'soap' ? `SOAP operation ${op.id}` : `${op.method} ${op.path}`;
  const what = op.resource === null ? op.behaviour : `${op.behaviour} on ${op.resource}`;
  const writes = op.readOnly ? 'Read-only.' : 'Can change the Simulation\'s state (recorded as a step).';
  const said = [op.summary?.trim() ?? '', op.description ?? ''].filter((text, i, all) => text !== '' && all.indexOf(text) === i);
  const facts = `${how} (${what}). ${writes}`;
  // The facts always fit: what the document says is cut to leave room for them.
  const room = MAX_DESCRIPTION - facts.length - 2;
  const prose = said.join('\n\n');
  return prose === '' ? facts : `${prose.length > room ? `${prose.slice(0, room - 1)}…` : prose}\n\n${facts}`;
}

function inputSchema(model: RuntimeModel, op: ArtifactOperation): JsonObject {
  const writer = new StandaloneSchemaWriter(model.artifact.schemas);
  if (protocolOf(op) === 'rest') return writer.finish(restInputSchema(model.artifact, op, writer));
  const body = soapInputSchema(model, op);
  const root: JsonObject = {
    type: 'object',
    properties: { body: { ...asObject(writer.part(body)), description: 'The request message\'s content, as JSON: the envelope, namespaces and SOAPAction are written from the WSDL.' } },
    required: ['body'],
    additionalProperties: false,
  };
  return writer.finish(root);
}

/** What a success answers: `{status, body}`, the body as any of the success answers' JSON schemas. */
function outputSchema(model: RuntimeModel, op: ArtifactOperation): JsonObject | null {
  const schemas: JsonSchema[] = [];
  for (const [status, response] of Object.entries(op.responses)) {
    if (!/^2(\d\d|XX)$/.test(status)) continue;
    for (const [media, entry] of Object.entries(response.content)) {
      const json = protocolOf(op) === 'soap' || media === 'application/json' || media.endsWith('+json');
      if (json && entry.schema !== null && !schemas.some((s) => JSON.stringify(s) === JSON.stringify(entry.schema))) schemas.push(entry.schema);
    }
  }
  if (schemas.length === 0) return null;
  const writer = new StandaloneSchemaWriter(model.artifact.schemas);
  const body: Json = schemas.length === 1 ? writer.part(schemas[0]!) : { anyOf: schemas.map((s) => writer.part(s)) };
  return writer.finish({
    type: 'object',
    properties: { status: { type: 'integer', description: 'The HTTP status the API answered.' }, body },
    required: ['status'],
  });
}

/**
 * The request element's content, as the call writes it: the message's own schema, or, for an
 * element holding one simple value, the object of its one field the operation reads.
 */
function soapInputSchema(model: RuntimeModel, op: ArtifactOperation): JsonSchema | null {
  const message = model.artifact.soap?.operations[op.id]?.input;
  if (message !== undefined && message.field === undefined) return message.schema;
  return Object.values(op.requestBody?.content ?? {})[0]?.schema ?? null;
}

function asObject(value: Json): JsonObject {
  return isObject(value) ? value : {};
}
