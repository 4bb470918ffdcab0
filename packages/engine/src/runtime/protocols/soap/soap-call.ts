/**
 * A SOAP call written from JSON and its answer read back to JSON, as a client of the WSDL would
 * make and read them: what a credential-backed build sends a real service (probing), and what an
 * agent's tool call sends a Simulation (runtime/tools).
 */
import type { Artifact } from '../../../artifact/artifact.js';
import { isObject, type Json } from '../../../json.js';
import { contentTypeFor, envelope } from './envelope-xml.js';
import { writeMessage } from './message-body.js';
import { readEnvelope } from './read-envelope.js';
import { readElement } from './xml-to-json.js';

/** An envelope of the operation's first binding, with its action, holding `input` (in the behaviours' form). */
export interface SoapCall {
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The call of `operation` with `input`; null for an operation the artifact has no SOAP message for. */
export function soapCallOf(artifact: Artifact, operation: string, input: Json, headers: Record<string, string>): SoapCall | null {
  const described = artifact.soap?.operations[operation];
  if (described === undefined) return null;
  const message = described.input;
  // The behaviours' form of the input back into the element's: a bare simple input is its one field's value.
  const value: Json = message.field !== undefined && isObject(input) ? (input[message.field] ?? null) : input;
  const body = envelope(described.version, writeMessage(message, value, artifact.schemas));
  const action = described.action;
  const wire: Record<string, string> = { ...headers, 'content-type': contentTypeFor(described.version, action) };
  if (described.version === '1.1') wire['soapaction'] = `"${(action ?? '').replace(/[^\x20-\x7E]/g, '').replace(/"/g, '')}"`;
  return { headers: wire, body: new TextEncoder().encode(body) };
}

/**
 * A SOAP answer's content as the JSON the operation's behaviours answer (its 200 answer
 * schema): the Body's element read by the output's schema, out of the one child that carries
 * the result where the output wraps it. A Fault, or what the output's schema cannot read, is
 * a problem.
 */
export function soapAnswerOf(artifact: Artifact, operation: string, body: Uint8Array): { value: Json } | { problem: string } {
  const described = artifact.soap?.operations[operation];
  if (described?.output === undefined || described.output === null) return { problem: 'the operation answers nothing' };
  const read = readEnvelope(body);
  if ('problem' in read) return { problem: read.message };
  if (read.payload === null) return { problem: 'the SOAP Body is empty' };
  if (read.payload.local === 'Fault') return { problem: 'the answer is a SOAP Fault' };
  const output = described.output;
  if (read.payload.local !== output.element.local || read.payload.ns !== output.element.ns) {
    return { problem: `the Body holds <${read.payload.name}>, not the ${output.element.local} the WSDL declares` };
  }
  const value = readElement(read.payload, output.schema, artifact.schemas);
  if ('problem' in value) return { problem: `${value.path === '' ? '' : `${value.path}: `}${value.problem}` };
  if (output.result === undefined) return value;
  return { value: isObject(value.value) ? (value.value[output.result] ?? null) : null };
}
