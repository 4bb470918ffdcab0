/**
 * A Simulation of a WSDL for tests that send raw envelopes: the body element is written by the
 * test as XML, and the answer's body element is read back into JSON by the operation's output
 * schema, so an assertion reads fields rather than matching text.
 */
import { expect } from 'vitest';
import type { Artifact } from '../../../artifact/artifact.js';
import type { SoapOperation } from '../../../artifact/soap.js';
import { isObject, type Json, type JsonObject } from '../../../json.js';
import { compileArtifact } from '../../../testing/fixtures.js';
import { SimClient } from '../../../testing/sim-client.js';
import { parseXml } from '../../../xml/parse-xml.js';
import { childElements } from '../../../xml/xml-tree.js';
import { readElement } from './xml-to-json.js';

const ENVELOPE_NS = { '1.1': 'http://schemas.xmlsoap.org/soap/envelope/', '1.2': 'http://www.w3.org/2003/05/soap-envelope' } as const;

export type SoapVersion = keyof typeof ENVELOPE_NS;

export interface SoapSimulation {
  artifact: Artifact;
  client: SimClient;
}

/** Builds the WSDL (bytes, or a zip of a bundle) and opens a Simulation of it with `sampleRecords` seeded records per collection. */
export async function soapSimulation(spec: Uint8Array | string, sampleRecords = 0, seed = 'soap-lists'): Promise<SoapSimulation> {
  const { artifact } = await compileArtifact(spec);
  return { artifact, client: await SimClient.open(artifact, { sampleRecords, seed }) };
}

export function soapOperation(sim: SoapSimulation, name: string): SoapOperation {
  const found = Object.values(sim.artifact.soap?.operations ?? {}).find((op) => op.name === name);
  if (found === undefined) throw new Error(`the Simulator has no SOAP operation ${name}`);
  return found;
}

/**
 * Posts `body` (the body element's XML, prefixes declared in it) in an envelope of `version`
 * with the operation's action, and reads the answer: a 200 whose body element is read by the
 * output schema, the `<...Result>` child's content where the answer carries it in one.
 */
export function soapCall(sim: SoapSimulation, name: string, body: string, version: SoapVersion = '1.1'): JsonObject {
  const operation = soapOperation(sim, name);
  const action = operation.bindings.find((b) => b.version === version)?.action ?? '';
  const headers: Record<string, string> = version === '1.1' ? { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` } : { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` };
  const answer = sim.client.call({ method: 'POST', path: '/', headers, body: `<env:Envelope xmlns:env="${ENVELOPE_NS[version]}"><env:Body>${body}</env:Body></env:Envelope>` });
  expect(answer.status, answer.text).toBe(200);
  const envelope = parseXml(new TextEncoder().encode(answer.text));
  const payload = childElements(childElements(envelope).find((child) => child.local === 'Body')!)[0]!;
  const read = readElement(payload, operation.output!.schema, sim.artifact.schemas);
  if ('problem' in read) throw new Error(`the answer does not read by its schema: ${read.problem}\n${answer.text}`);
  const value = operation.output?.result === undefined ? read.value : (read.value as JsonObject)[operation.output.result];
  if (!isObject(value)) throw new Error(`the answer holds no object: ${answer.text}`);
  return value;
}

/** The records a list answer holds in `field` (one element reads as one record), or in `field` inside `wrapper`. */
export function listed(answer: JsonObject, field: string, wrapper?: string): JsonObject[] {
  const holder = wrapper === undefined ? answer : answer[wrapper];
  const held: Json | undefined = isObject(holder) ? holder[field] : undefined;
  const items = held === undefined ? [] : Array.isArray(held) ? held : [held];
  return items.filter(isObject);
}
