import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Artifact, JsonSchema } from '../../artifact/artifact.js';
import { SchemaRegistry } from '../../runtime/schemas/schema-registry.js';
import { generateValue } from '../../runtime/values/generate-value.js';
import { randomFor } from '../../runtime/values/random.js';
import { Diagnostics } from '../../diagnostics/diagnostics.js';
import { parseXml } from '../../xml/parse-xml.js';
import { XsdModel } from './xsd-model.js';

/** Shared by this folder's tests: a schema text converted, and a validator over the result. */
export const TNS = 'urn:test';

export function schemaText(body: string, attributes = 'targetNamespace="urn:test" elementFormDefault="qualified"'): string {
  return `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:test" ${attributes}>${body}</xs:schema>`;
}

export function modelOf(...texts: (string | { path: string; text: string; targetNamespace?: string })[]): { model: XsdModel; diagnostics: Diagnostics } {
  const diagnostics = new Diagnostics();
  const sources = texts.map((t, i) => (typeof t === 'string' ? { path: `s${i}.xsd`, schema: parseXml(t) } : { path: t.path, schema: parseXml(t.text), ...(t.targetNamespace === undefined ? {} : { targetNamespace: t.targetNamespace }) }));
  return { model: new XsdModel(sources, diagnostics), diagnostics };
}

/** An ajv 2020 validator for a schema that refers to the model's components. */
export function validator(model: XsdModel, schema: JsonSchema): (value: unknown) => boolean {
  const ajv = new Ajv2020.default({ strict: false, allErrors: false });
  (addFormats.default as unknown as (ajv: unknown) => void)(ajv);
  const root = { schemas: model.schemas, ...(typeof schema === 'object' ? schema : {}) };
  const check = ajv.compile(root as object);
  return (value) => check(value) as boolean;
}

/** Values the runtime's generator makes for a schema, with whether each passes the SchemaRegistry's check. */
export function generated(model: XsdModel, schema: JsonSchema, seeds = ['a', 'b', 'c', 'd', 'e', 'f']): { value: unknown; ok: boolean; problem: string | null }[] {
  const registry = new SchemaRegistry({ schemas: model.schemas } as unknown as Artifact);
  return seeds.map((seed) => {
    const value = generateValue(schema, { registry, random: randomFor(seed), now: new Date('2024-01-01T00:00:00Z') });
    const verdict = registry.validate(schema, value);
    return { value, ok: verdict.ok, problem: verdict.problem };
  });
}
