import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Artifact, JsonSchema } from '../../../artifact/artifact.js';
import type { XmlQName } from '../../../artifact/soap.js';
import { Diagnostics } from '../../../diagnostics/diagnostics.js';
import { isObject, type Json } from '../../../json.js';
import { parseXml } from '../../../xml/parse-xml.js';
import { compileWsdl, type CompiledWsdl } from '../../../wsdl/compile-wsdl.js';
import { SchemaRegistry } from '../../schemas/schema-registry.js';
import { generateValue } from '../../values/generate-value.js';
import { randomFor } from '../../values/random.js';
import { writeElement } from './json-to-xml.js';
import { readElement } from './xml-to-json.js';

/**
 * The reader and writer over schemas the WSDL compiler writes (not only hand-written ones):
 * every message of every fixture, drawn by the value generator, round-trips through XML.
 */
const DIR = new URL('../../../../test-fixtures/wsdl/', import.meta.url);
const NOW = new Date('2024-01-01T00:00:00.000Z');

/** Each fixture as an upload: a lone WSDL as it is, a bundle folder as a zip whose first entry is its WSDL at the top. */
function uploads(): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  for (const entry of readdirSync(DIR, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.wsdl')) out.push([entry.name, readFileSync(new URL(entry.name, DIR))]);
    if (entry.isDirectory() && entry.name.startsWith('bundle-')) {
      const root = fileURLToPath(new URL(`${entry.name}/`, DIR));
      const files = readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => relative(root, join(f.parentPath, f.name)).split('\\').join('/'))
        .sort((a, b) => Number(b.endsWith('.wsdl') && !b.includes('/')) - Number(a.endsWith('.wsdl') && !a.includes('/')) || Number(b.endsWith('.wsdl')) - Number(a.endsWith('.wsdl')) || a.localeCompare(b));
      out.push([entry.name, zipSync(Object.fromEntries(files.map((f) => [f, readFileSync(join(root, f))])))]);
    }
  }
  return out.sort(([a], [b]) => a.localeCompare(b));
}

/** The value as it reads back: `xs:any` text that is not XML is left out when written. */
function expected(value: Json): Json {
  if (Array.isArray(value)) return value.map(expected);
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value)) if (!(key === '$any' && typeof inner === 'string' && !inner.trim().startsWith('<'))) out[key] = expected(inner);
  return out;
}

describe('messages of the WSDL fixtures, as the compiler describes them', () => {
  for (const [name, bytes] of uploads()) {
    it(`${name}: generated messages round-trip through XML`, async () => {
      let compiled: CompiledWsdl;
      try {
        compiled = await compileWsdl(bytes, new Diagnostics());
      } catch (error) {
        // A WSDL 2.0 description is refused by design; the compiler's tests cover it.
        if (name.startsWith('wsdl20')) return;
        throw error;
      }
      const schemas = compiled.document.schemas;
      const registry = new SchemaRegistry({ schemas } as unknown as Artifact);
      const messages: [string, XmlQName, JsonSchema][] = [];
      for (const [id, op] of Object.entries(compiled.soap.operations)) {
        messages.push([`${id} input`, op.input.element, op.input.schema]);
        if (op.output !== null) messages.push([`${id} output`, op.output.element, op.output.schema]);
        for (const fault of op.faults) if (fault.element !== null && fault.schema !== null) messages.push([`${id} fault ${fault.name}`, fault.element, fault.schema]);
      }
      expect(messages.length).toBeGreaterThan(0);
      for (const [label, element, schema] of messages) {
        for (const seed of ['a', 'b', 'c']) {
          const value = generateValue(schema, { registry, random: randomFor(label, seed), now: NOW });
          const xml = writeElement(element, value, schema, schemas);
          expect(readElement(parseXml(xml), schema, schemas), `${label} ${seed}: ${xml}`).toEqual({ value: expected(value) });
        }
      }
    });
  }
});
