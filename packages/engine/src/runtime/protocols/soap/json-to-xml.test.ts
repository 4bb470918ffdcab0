import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../xml/parse-xml.js';
import type { Json } from '../../../json.js';
import type { JsonSchema } from '../../../artifact/artifact.js';
import { writeElement } from './json-to-xml.js';
import { readElement } from './xml-to-json.js';
import { NS, OTHER_NS, ref, schemas } from './test-schemas.js';

const name = { ns: NS, local: 'customer' };

function roundTrip(value: Json, schema: JsonSchema = ref('Customer')): Json {
  const xml = writeElement(name, value, schema, schemas);
  const result = readElement(parseXml(xml), schema, schemas);
  if (!('value' in result)) throw new Error(`${result.problem} at ${result.path} in ${xml}`);
  return result.value;
}

const customer: Json = {
  id: 7,
  name: 'Ada',
  email: null,
  active: true,
  tags: ['a', 'b'],
  address: { street: '1 Main St', city: 'Springfield', zip: null, kind: 'home' },
  addresses: [{ street: 'x' }, null, { street: 'y', kind: 'work' }],
  balance: { $value: 12.5, currency: 'EUR' },
  codes: [1, 2, 3],
  ratio: 0.25,
  referrer: { id: 1, name: 'Bob', referrer: { id: 0 } },
  status: 'gold',
};

describe('writeElement', () => {
  it('writes children in the schema order, qualified by prefixes declared on the outermost element only', () => {
    const xml = writeElement(name, { name: 'Ada', id: 7, address: { street: 's' } }, ref('Customer'), schemas);
    expect(xml).toBe(`<ns1:customer xmlns:ns1="${NS}" xmlns:ns2="${OTHER_NS}"><ns1:id>7</ns1:id><ns1:name>Ada</ns1:name><ns2:address><street>s</street></ns2:address></ns1:customer>`);
  });

  it('round-trips every kind of content', () => {
    expect(roundTrip(customer)).toEqual(customer);
  });

  it('writes the extension after its base (allOf), and reads it back', () => {
    const vip = { id: 3, name: 'V', level: 2 };
    const xml = writeElement(name, vip, ref('Vip'), schemas);
    expect(xml).toMatch(/<ns1:name>V<\/ns1:name><ns1:level>2<\/ns1:level>/);
    expect(roundTrip(vip, ref('Vip'))).toEqual(vip);
  });

  it('writes null as xsi:nil where the schema allows it, and leaves it out elsewhere', () => {
    const xml = writeElement(name, { id: 1, email: null, name: null }, ref('Customer'), schemas);
    expect(xml).toContain('<ns1:email xsi:nil="true"/>');
    expect(xml).toContain(`xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`);
    expect(xml).not.toContain('ns1:name');
    expect(writeElement(name, null, ref('Customer'), schemas, { nillable: true })).toBe(`<ns1:customer xmlns:ns1="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/>`);
  });

  it('leaves out properties the schema does not know', () => {
    expect(writeElement(name, { id: 1, secret: 'x', __proto__: 'y' } as Json, ref('Customer'), schemas)).toBe(`<ns1:customer xmlns:ns1="${NS}"><ns1:id>1</ns1:id></ns1:customer>`);
  });

  it('writes numbers without exponents and booleans as XSD does', () => {
    const xml = (ratio: number) => writeElement({ ns: '', local: 'c' }, { id: 1, ratio }, ref('Customer'), schemas);
    expect(xml(1e21)).toContain('<ns1:ratio>1000000000000000000000</ns1:ratio>');
    expect(xml(1.5e-7)).toContain('<ns1:ratio>0.00000015</ns1:ratio>');
    expect(xml(-1.234e25)).toContain('<ns1:ratio>-12340000000000000000000000</ns1:ratio>');
    expect(xml(-0)).toContain('<ns1:ratio>0</ns1:ratio>');
    expect(writeElement({ ns: '', local: 'c' }, { active: false }, ref('Customer'), schemas)).toContain('<ns1:active>false</ns1:active>');
  });

  it('keeps hostile strings well-formed', () => {
    const hostile = ']]><x>&amp;"\'\u0000\u0001\uDFFF\uD800\uFFFE</x><!--\r\n\t';
    const value = { id: 1, name: hostile, status: hostile, address: { street: hostile } };
    const xml = writeElement(name, value, ref('Customer'), schemas);
    const read = readElement(parseXml(xml), ref('Customer'), schemas);
    const safe = ']]><x>&amp;"\'\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD</x><!--\r\n\t';
    expect(read).toEqual({ value: { id: 1, name: safe, status: safe, address: { street: safe } } });
    // A valid surrogate pair is kept.
    expect(roundTrip({ id: 1, name: 'a\uD83D\uDE00b' })).toEqual({ id: 1, name: 'a\uD83D\uDE00b' });
  });

  it('re-emits any content only when it is one well-formed element', () => {
    const value = { label: 'l', phone: '1', extra: ['<x:note xmlns:x="urn:x" a="1">hi<b/></x:note>', 'not xml', '<!DOCTYPE a [<!ENTITY e "e">]><a>&e;</a>', '<a>', 5] };
    const xml = writeElement({ ns: NS, local: 'contact' }, value as Json, ref('Contact'), schemas);
    expect(xml).toBe(`<ns1:contact xmlns:ns1="${NS}"><ns1:label>l</ns1:label><ns1:phone>1</ns1:phone><x:note xmlns:x="urn:x" a="1">hi<b/></x:note></ns1:contact>`);
    expect(readElement(parseXml(xml), ref('Contact'), schemas)).toEqual({ value: { label: 'l', phone: '1', extra: ['<x:note xmlns:x="urn:x" a="1">hi<b/></x:note>'] } });
  });

  it('re-emits several any elements kept as one string, as the compiler\'s single `$any` string property holds them', () => {
    const schema: JsonSchema = { type: 'object', properties: { $any: { type: 'string', 'x-xml': { any: true } } }, 'x-xml': { order: ['$any'] } };
    const value = { $any: '<a:x xmlns:a="urn:a">1</a:x><y/>' };
    const xml = writeElement({ ns: '', local: 'w' }, value, schema, schemas);
    expect(xml).toBe('<w><a:x xmlns:a="urn:a">1</a:x><y/></w>');
    expect(readElement(parseXml(xml), schema, schemas)).toEqual({ value });
    expect(writeElement({ ns: '', local: 'w' }, { $any: '</any><any>' }, schema, schemas)).toBe('<w/>');
    expect(writeElement({ ns: '', local: 'w' }, { $any: 'text <b/> more' }, schema, schemas)).toBe('<w><b/></w>');
  });

  it('is deterministic', () => {
    expect(writeElement(name, customer, ref('Customer'), schemas)).toBe(writeElement(name, structuredClone(customer), ref('Customer'), schemas));
  });

  it('stops at a bounded depth instead of overflowing the stack', () => {
    let deep: Json = { id: 0 };
    for (let i = 1; i < 5000; i += 1) deep = { id: i, referrer: deep };
    const xml = writeElement(name, deep, ref('Customer'), schemas);
    expect(xml.startsWith('<ns1:customer')).toBe(true);
  });
});
