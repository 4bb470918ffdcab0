import { describe, expect, it } from 'vitest';
import { modelOf, schemaText, TNS, validator } from './test-helpers.js';
import { XSD_NS } from './xsd-index.js';

const xs = (local: string) => ({ ns: XSD_NS, local });
const tns = (local: string) => ({ ns: TNS, local });

describe('built-in simple types', () => {
  const { model } = modelOf(schemaText(''));
  it.each([
    ['string', { type: 'string' }],
    ['token', { type: 'string' }],
    ['anyURI', { type: 'string' }],
    ['int', { type: 'integer', minimum: -2147483648, maximum: 2147483647 }],
    ['long', { type: 'integer' }],
    ['unsignedShort', { type: 'integer', minimum: 0, maximum: 65535 }],
    ['positiveInteger', { type: 'integer', minimum: 1 }],
    ['decimal', { type: 'number' }],
    ['double', { type: 'number' }],
    ['boolean', { type: 'boolean' }],
    ['dateTime', { type: 'string', format: 'date-time' }],
    ['date', { type: 'string', format: 'date' }],
    ['time', { type: 'string', format: 'time' }],
    ['duration', { type: 'string', format: 'duration' }],
    ['base64Binary', { type: 'string', contentEncoding: 'base64' }],
    ['hexBinary', { type: 'string', pattern: '^(?:[0-9a-fA-F]{2})*$' }],
    ['anyType', {}],
    ['anySimpleType', {}],
  ])('%s', (local, schema) => {
    expect(model.type(xs(local), {})).toEqual(schema);
  });
});

describe('derived simple types', () => {
  const { model, diagnostics } = modelOf(
    schemaText(`
    <xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:pattern value="[A-Z]{2}\\d{3}"/><xs:maxLength value="5"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="SubCode"><xs:restriction base="tns:Code"><xs:pattern value="A.*"/><xs:pattern value="B.*"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Status"><xs:restriction base="xs:token"><xs:enumeration value="open"/><xs:enumeration value="closed"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Percent"><xs:restriction base="xs:decimal"><xs:minInclusive value="0"/><xs:maxExclusive value="100"/><xs:totalDigits value="5"/><xs:fractionDigits value="2"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Small"><xs:restriction base="xs:int"><xs:totalDigits value="3"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Whole"><xs:restriction base="xs:decimal"><xs:fractionDigits value="0"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Level"><xs:restriction base="xs:int"><xs:enumeration value="1"/><xs:enumeration value="2"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Codes"><xs:list itemType="tns:Code"/></xs:simpleType>
    <xs:simpleType name="FewCodes"><xs:restriction base="tns:Codes"><xs:maxLength value="2"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="IdOrName"><xs:union memberTypes="xs:int"><xs:simpleType><xs:restriction base="xs:string"><xs:minLength value="1"/></xs:restriction></xs:simpleType></xs:union></xs:simpleType>
    <xs:simpleType name="Block"><xs:restriction base="xs:string"><xs:pattern value="\\p{IsOldItalic}+"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Hex4"><xs:restriction base="xs:hexBinary"><xs:length value="2"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Loop"><xs:restriction base="tns:Loop"/></xs:simpleType>
  `),
  );

  it('adds facets to the base', () => {
    expect(model.type(tns('Code'), {})).toEqual({ type: 'string', pattern: '^(?:[A-Z]{2}[\\p{Nd}]{3})$', maxLength: 5 });
    expect(model.type(tns('Status'), {})).toEqual({ type: 'string', enum: ['open', 'closed'] });
    expect(model.type(tns('Percent'), {})).toEqual({ type: 'number', minimum: 0, exclusiveMaximum: 100, exclusiveMinimum: -1000 });
    expect(model.type(tns('Small'), {})).toEqual({ type: 'integer', minimum: -999, maximum: 999 });
    expect(model.type(tns('Whole'), {})).toEqual({ type: 'integer' });
    expect(model.type(tns('Level'), {})).toEqual({ type: 'integer', minimum: -2147483648, maximum: 2147483647, enum: [1, 2] });
    expect(model.type(tns('Hex4'), {})).toMatchObject({ minLength: 4, maxLength: 4 });
  });

  it('keeps each derivation step\'s patterns (alternatives within a step, all steps must hold)', () => {
    const schema = model.type(tns('SubCode'), {});
    expect(schema).toEqual({ type: 'string', pattern: '^(?:[A-Z]{2}[\\p{Nd}]{3})$', maxLength: 5, allOf: [{ pattern: '^(?:(?:A[^\\n\\r]*)|(?:B[^\\n\\r]*))$' }] });
    const valid = validator(model, schema);
    expect(valid('AB123')).toBe(true);
    expect(valid('BC123')).toBe(true);
    expect(valid('CD123')).toBe(false);
  });

  it('reads a list as an array of its items, marked for the protocol', () => {
    expect(model.type(tns('Codes'), {})).toEqual({ type: 'array', items: { type: 'string', pattern: '^(?:[A-Z]{2}[\\p{Nd}]{3})$', maxLength: 5 }, 'x-xml': { list: true } });
    expect(model.type(tns('FewCodes'), {})).toMatchObject({ type: 'array', maxItems: 2 });
  });

  it('reads a union as anyOf of its members', () => {
    const schema = model.type(tns('IdOrName'), {});
    expect(schema).toEqual({ anyOf: [{ type: 'integer', minimum: -2147483648, maximum: 2147483647 }, { type: 'string', minLength: 1 }] });
    const valid = validator(model, schema);
    expect(valid(5)).toBe(true);
    expect(valid('x')).toBe(true);
    expect(valid('')).toBe(false);
  });

  it('drops a pattern it cannot translate, with a warning at its place', () => {
    expect(model.type(tns('Block'), {})).toEqual({ type: 'string' });
    expect(diagnostics.warnings).toContainEqual(expect.objectContaining({ code: 'xsd_construct_unsupported', location: "s0.xsd#/schema/simpleType[@name='Block']/restriction/pattern" }));
  });

  it('cuts a derivation that loops', () => {
    expect(model.type(tns('Loop'), {})).toEqual({});
    expect(diagnostics.warnings).toContainEqual(expect.objectContaining({ code: 'xsd_construct_unsupported', location: "s0.xsd#/schema/simpleType[@name='Loop']" }));
  });

  it('warns of an unknown type and allows anything', () => {
    const { model: m, diagnostics: d } = modelOf(schemaText(''));
    expect(m.type(tns('Nope'), { operation: 'op', location: 'service.wsdl#/message' })).toEqual({});
    expect(d.warnings).toEqual([expect.objectContaining({ code: 'wsdl_qname_unresolved', operation: 'op', location: 'service.wsdl#/message' })]);
  });
});

describe('SOAP encoding types', () => {
  it('reads its simple types as XSD\'s, and its Array without a warning', () => {
    const enc = 'http://schemas.xmlsoap.org/soap/encoding/';
    const { model, diagnostics } = modelOf(
      schemaText(`<xs:complexType name="Items" xmlns:soapenc="${enc}"><xs:complexContent><xs:restriction base="soapenc:Array"/></xs:complexContent></xs:complexType>`),
    );
    expect(model.type({ ns: enc, local: 'string' }, {})).toEqual({ type: 'string' });
    expect(model.type({ ns: enc, local: 'Array' }, {})).toEqual({});
    expect(model.type(tns('Items'), {})).toEqual({ $ref: '#/schemas/Items' });
    expect(diagnostics.warnings).toEqual([]);
  });
});

describe('large and nested simple types', () => {
  it('shares a large declared type as a component instead of repeating it at each use', () => {
    const codes = Array.from({ length: 500 }, (_, i) => `<xs:enumeration value="CODE${i}"/>`).join('');
    const uses = Array.from({ length: 300 }, (_, i) => `<xs:element name="e${i}" type="tns:Code"/>`).join('');
    const { model } = modelOf(
      schemaText(`<xs:simpleType name="Code"><xs:restriction base="xs:string">${codes}</xs:restriction></xs:simpleType>
        <xs:simpleType name="Codes"><xs:list itemType="tns:Code"/></xs:simpleType>
        <xs:simpleType name="OneCode"><xs:restriction base="tns:Code"><xs:enumeration value="CODE1"/></xs:restriction></xs:simpleType>
        <xs:complexType name="Uses"><xs:sequence>${uses}<xs:element name="list" type="tns:Codes"/><xs:element name="one" type="tns:OneCode"/></xs:sequence><xs:attribute name="code" type="tns:Code"/></xs:complexType>`),
    );
    const schema = model.type(tns('Uses'), {});
    const uses_ = model.schemas.Uses as { properties: Record<string, unknown> };
    expect(uses_.properties.e0).toEqual({ $ref: '#/schemas/Code', 'x-xml': { name: 'e0', ns: TNS } });
    expect(uses_.properties.code).toEqual({ $ref: '#/schemas/Code', 'x-xml': { name: 'code', ns: '', attribute: true } });
    expect(uses_.properties.list).toEqual({ type: 'array', items: { $ref: '#/schemas/Code' }, 'x-xml': { list: true, name: 'list', ns: TNS } });
    // A restriction of it starts from its schema, not a reference.
    expect(uses_.properties.one).toEqual({ type: 'string', enum: ['CODE1'], 'x-xml': { name: 'one', ns: TNS } });
    expect((model.schemas.Code as { enum: unknown[] }).enum).toHaveLength(500);
    expect(JSON.stringify(model.schemas).length).toBeLessThan(40_000);
    const valid = validator(model, schema);
    const value = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`e${i}`, 'CODE7']));
    expect(valid({ ...value, list: ['CODE1', 'CODE2'], one: 'CODE1' })).toBe(true);
    expect(valid({ ...value, e0: 'NOPE', list: [], one: 'CODE1' })).toBe(false);
  });

  it('flattens unions of unions, each member once, so nesting cannot multiply them', () => {
    const levels = Array.from({ length: 30 }, (_, i) => `<xs:simpleType name="U${i}"><xs:union memberTypes="tns:U${i + 1} tns:U${i + 1} xs:int"/></xs:simpleType>`).join('');
    const { model } = modelOf(schemaText(`${levels}<xs:simpleType name="U30"><xs:restriction base="xs:string"><xs:length value="3"/></xs:restriction></xs:simpleType>`));
    expect(model.type(tns('U0'), {})).toEqual({ anyOf: [{ type: 'string', minLength: 3, maxLength: 3 }, { type: 'integer', minimum: -2147483648, maximum: 2147483647 }] });
  });
});
