import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../xml/parse-xml.js';
import type { XmlElement } from '../../../xml/xml-tree.js';
import type { JsonSchema } from '../../../artifact/artifact.js';
import { coerce, readElement } from './xml-to-json.js';
import { NS, OTHER_NS, ref, schemas } from './test-schemas.js';

const read = (xml: string, schema = ref('Customer')) => readElement(parseXml(xml), schema, schemas);
const customer = (inner: string, attributes = '') => `<c:customer xmlns:c="${NS}" xmlns:o="${OTHER_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"${attributes}>${inner}</c:customer>`;

describe('readElement', () => {
  it('reads children by name, typed by the schema', () => {
    expect(read(customer('<c:id> 42 </c:id><c:name> Ada </c:name><c:active>1</c:active><c:ratio>-1.5e3</c:ratio>'))).toEqual({ value: { id: 42, name: ' Ada ', active: true, ratio: -1500 } });
  });

  it('leaves numbers and booleans that do not parse as text, for validation to report', () => {
    expect(read(customer('<c:id>4.0</c:id><c:active>yes</c:active><c:ratio>INF</c:ratio>'))).toEqual({ value: { id: '4.0', active: 'yes', ratio: 'INF' } });
    expect(read(customer('<c:id>0x10</c:id>'))).toEqual({ value: { id: '0x10' } });
  });

  it('accepts elements qualified differently than the schema says (a client with the wrong elementFormDefault)', () => {
    expect(read(customer('<id>1</id><o:name>x</o:name><c:address><o:street>s</o:street></c:address>'))).toEqual({ value: { id: 1, name: 'x', address: { street: 's' } } });
  });

  it('reads a single element of an array property as an array of one, and repeated ones in order', () => {
    expect(read(customer('<c:tag>a</c:tag>'))).toEqual({ value: { tags: ['a'] } });
    expect(read(customer('<c:tag>a</c:tag><c:id>1</c:id><c:tag>b</c:tag>'))).toEqual({ value: { tags: ['a', 'b'], id: 1 } });
  });

  it('reads attributes, simple content, lists and xsi:nil', () => {
    const xml = customer('<c:balance currency="EUR"> 3.25 </c:balance><c:codes>\n 1  2\t3 </c:codes><c:email xsi:nil="true"/><o:otherAddress xsi:nil="true"/><o:otherAddress kind="work"/>', ' status="gold"');
    expect(read(xml)).toEqual({ value: { status: 'gold', balance: { $value: 3.25, currency: 'EUR' }, codes: [1, 2, 3], email: null, addresses: [null, { kind: 'work' }] } });
  });

  it('never takes xsi:type or xsi:nil for a property named type or nil', () => {
    const schema: JsonSchema = { type: 'object', properties: { type: { type: 'string', 'x-xml': { name: 'type', ns: '', attribute: true } }, nil: { type: 'boolean', 'x-xml': { name: 'nil', ns: '', attribute: true } } } };
    const xsi = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
    expect(read(`<x ${xsi} xmlns:t="urn:t" xsi:type="t:Derived" xsi:nil="false"/>`, schema)).toEqual({ value: {} });
    expect(read(`<x ${xsi} xmlns:o="urn:o" o:type="a" nil="1"/>`, schema)).toEqual({ value: { type: 'a', nil: true } });
  });

  it('reads an empty element of an object as {} and follows recursive references', () => {
    expect(read(customer('<c:referrer><c:referrer><c:referrer/></c:referrer></c:referrer>'))).toEqual({ value: { referrer: { referrer: { referrer: {} } } } });
  });

  it('reads an extension (allOf) and a choice (oneOf)', () => {
    expect(read(customer('<c:id>1</c:id><c:level>3</c:level>'), ref('Vip'))).toEqual({ value: { id: 1, level: 3 } });
    expect(read(`<contact xmlns="${NS}"><mail>m</mail></contact>`, ref('Contact'))).toEqual({ value: { mail: 'm' } });
  });

  it('keeps xs:any content as self-contained XML text', () => {
    const xml = `<c:contact xmlns:c="${NS}" xmlns:x="urn:x"><c:phone>1</c:phone><x:note a="x:y">t &amp; <x:b/></x:note><plain/></c:contact>`;
    expect(read(xml, ref('Contact'))).toEqual({ value: { phone: '1', extra: ['<x:note xmlns:x="urn:x" a="x:y">t &amp; <x:b/></x:note>', '<plain/>'] } });
  });

  it('names an element the schema does not know, with its place', () => {
    expect(read(customer('<c:id>1</c:id><c:address><street>s</street><c:planet>x</c:planet></c:address>'))).toEqual({ problem: 'unexpected element <c:planet>', path: '/address/planet' });
    expect(read(customer('<c:id>1</c:id><c:id>2</c:id>'))).toEqual({ problem: 'element <c:id> is repeated', path: '/id' });
  });

  it('never throws, even on a tree deeper than the parser allows', () => {
    let deep = { ns: NS, local: 'referrer', name: 'referrer', declared: {}, attributes: [], children: [], parent: null, line: 1 } as unknown as XmlElement;
    for (let i = 0; i < 3000; i += 1) deep = { ...deep, children: [deep] } as XmlElement;
    expect(readElement(deep, ref('Customer'), schemas)).toMatchObject({ problem: 'elements are nested too deeply' });
    expect(readElement(parseXml('<a>x</a>'), { $ref: '#/schemas/Nowhere' }, schemas)).toEqual({ value: 'x' });
    // A reference that never ends says nothing of the content: its elements are kept as XML, as xs:anyType's are.
    expect(readElement(parseXml('<a><b/></a>'), { $ref: '#/schemas/Loop' }, { Loop: { $ref: '#/schemas/Loop' } })).toEqual({ value: '<b/>' });
  });
});

describe('readElement over odd schemas', () => {
  it('treats cycles of allOf, broken references and pointers into a component leniently', () => {
    const odd: Record<string, JsonSchema> = {
      Cycle: { allOf: [{ $ref: '#/schemas/Cycle' }, { properties: { a: { type: 'integer', 'x-xml': { name: 'a', ns: '' } } } }] },
      Broken: { type: 'object', properties: { b: { $ref: '#/schemas/%E0%A4%A', 'x-xml': { name: 'b', ns: '' } }, c: { $ref: '#/schemas/Cycle/allOf/1/properties/a', 'x-xml': { name: 'c', ns: '' } } } },
    };
    expect(readElement(parseXml('<x><a>1</a></x>'), { $ref: '#/schemas/Cycle' }, odd)).toEqual({ value: { a: 1 } });
    expect(readElement(parseXml('<x><b> 1 </b><c> 2 </c></x>'), { $ref: '#/schemas/Broken' }, odd)).toEqual({ value: { b: ' 1 ', c: 2 } });
  });
});

describe('lexical forms', () => {
  const read = (text: string, schema: Record<string, unknown>) => coerce(text, schema as JsonSchema, {});
  it('keeps dates and times with their zone or none, trimmed, and enumeration tokens trimmed', () => {
    expect(read('2024-01-01T10:00:00', { type: 'string', format: 'date-time' })).toBe('2024-01-01T10:00:00');
    expect(read(' 2024-01-01T10:00:00.5+02:00 ', { type: 'string', format: 'date-time' })).toBe('2024-01-01T10:00:00.5+02:00');
    expect(read('10:00:00', { type: 'string', format: 'time' })).toBe('10:00:00');
    expect(read('2024-01-01Z', { type: 'string', format: 'date' })).toBe('2024-01-01Z');
    expect(read('2024-01-01-05:00', { type: 'string', format: 'date' })).toBe('2024-01-01-05:00');
    expect(read(' open ', { type: 'string', enum: ['open', 'closed'] })).toBe('open');
    expect(read(' ajar ', { type: 'string', enum: ['open', 'closed'] })).toBe(' ajar ');
    expect(read(' kept as sent ', { type: 'string' })).toBe(' kept as sent ');
  });
});
