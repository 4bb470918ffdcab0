import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../xml/parse-xml.js';
import type { Json } from '../../../json.js';
import type { JsonSchema } from '../../../artifact/artifact.js';
import { writeElement } from './json-to-xml.js';
import { readElement } from './xml-to-json.js';
import { xmlSafe } from './xml-text.js';
import { NS, ref, schemas } from './test-schemas.js';

/** JSON → XML → parseXml → JSON. */
function roundTrip(value: Json, schema: JsonSchema): Json {
  const xml = writeElement({ ns: NS, local: 'message' }, value, schema, schemas);
  const read = readElement(parseXml(xml), schema, schemas);
  if (!('value' in read)) throw new Error(`${read.problem} at ${read.path}`);
  return read.value;
}

// Any text a value may hold, once the characters XML cannot carry are replaced (as the writer does).
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom(' padded ', '\r\n\t', ']]>', '<&>"\'')).map(xmlSafe);
const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));
const integer = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(1e21, -(2 ** 60)));
const some = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 1, maxLength: 4 });

const address = fc.record(
  { street: text, city: text, zip: fc.option(text, { nil: null }), kind: fc.constantFrom('home', 'work') },
  { requiredKeys: ['street'] },
);

const { customer } = fc.letrec<{ customer: Record<string, Json> }>((tie) => ({
  customer: fc.record(
    {
      id: integer,
      name: text,
      email: fc.option(text, { nil: null }),
      active: fc.boolean(),
      tags: some(text),
      address,
      addresses: some(fc.option(address, { nil: null })),
      balance: fc.record({ $value: number, currency: text }, { requiredKeys: ['$value'] }),
      codes: some(integer),
      ratio: number,
      referrer: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant({ id: 0 }), tie('customer')),
      status: text,
    },
    { requiredKeys: ['id'] },
  ),
}));

const fragments = ['<x:note xmlns:x="urn:x" a="1">hi</x:note>', '<plain/>', '<y:list xmlns:y="urn:y"><y:i>1</y:i><y:i>2</y:i></y:list>'];
const contact = fc
  .tuple(fc.option(text, { nil: undefined }), fc.oneof(fc.record({ phone: text }), fc.record({ mail: text })), fc.option(some(fc.constantFrom(...fragments)), { nil: undefined }))
  .map(([label, choice, extra]) => ({ ...(label === undefined ? {} : { label }), ...choice, ...(extra === undefined ? {} : { extra }) }) as Record<string, Json>);

describe('JSON → XML → JSON', () => {
  it('gives back any customer (order, namespaces, arrays, nil, attributes, simple content, lists, recursion)', () => {
    fc.assert(fc.property(customer, (value) => {
      expect(roundTrip(value, ref('Customer'))).toEqual(value);
    }), { numRuns: 300 });
  });

  it('gives back an extension (allOf) of it', () => {
    fc.assert(fc.property(customer, fc.integer(), (value, level) => {
      expect(roundTrip({ ...value, level }, ref('Vip'))).toEqual({ ...value, level });
    }), { numRuns: 100 });
  });

  it('gives back a choice with xs:any content', () => {
    fc.assert(fc.property(contact, (value) => {
      expect(roundTrip(value, ref('Contact'))).toEqual(value);
    }), { numRuns: 200 });
  });

  it('writes the same bytes for the same value', () => {
    const write = (value: Json) => writeElement({ ns: NS, local: 'm' }, value, ref('Customer'), schemas);
    fc.assert(
      fc.property(customer, (value) => {
        expect(write(value)).toBe(write(structuredClone(value)));
      }),
      { numRuns: 50 },
    );
  });
});

describe('large messages', () => {
  const message = (n: number) => ({
    id: 1,
    tags: Array.from({ length: n }, (_, i) => `tag ${i}`),
    addresses: Array.from({ length: n }, (_, i) => ({ street: `${i} Main St`, zip: i % 2 === 0 ? null : String(i), kind: 'home' })),
  });

  it('reads back a 10,000-item array as it was written', () => {
    const value = message(10_000);
    const xml = writeElement({ ns: NS, local: 'm' }, value, ref('Customer'), schemas);
    expect(readElement(parseXml(xml), ref('Customer'), schemas)).toEqual({ value });
  });
});
