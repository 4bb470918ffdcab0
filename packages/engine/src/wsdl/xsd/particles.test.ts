import { describe, expect, it } from 'vitest';
import { generated, modelOf, schemaText, TNS, validator } from './test-helpers.js';

const tns = (local: string) => ({ ns: TNS, local });
type Obj = { properties: Record<string, unknown>; required?: string[]; anyOf?: Obj[]; 'x-xml': unknown };

describe('particles', () => {
  const { model, diagnostics } = modelOf(
    schemaText(`
    <xs:complexType name="Fixed">
      <xs:sequence><xs:element name="kind" type="xs:string" fixed="invoice"/><xs:element name="count" type="xs:int" fixed="3" minOccurs="0"/></xs:sequence>
      <xs:attribute name="version" type="xs:decimal" fixed="2.0"/>
      <xs:attribute name="flags" type="tns:Flags"/>
    </xs:complexType>
    <xs:simpleType name="Flags"><xs:list itemType="xs:boolean"/></xs:simpleType>
    <xs:complexType name="Many">
      <xs:sequence>
        <xs:choice><xs:element name="a1" type="xs:string"/><xs:element name="a2" type="xs:string"/><xs:element name="a3" type="xs:string"/></xs:choice>
        <xs:choice><xs:element name="b1" type="xs:string"/><xs:element name="b2" type="xs:string"/><xs:element name="b3" type="xs:string"/></xs:choice>
        <xs:choice><xs:element name="c1" type="xs:string"/><xs:element name="c2" type="xs:string"/></xs:choice>
      </xs:sequence>
    </xs:complexType>
    <xs:complexType name="Nested">
      <xs:choice>
        <xs:sequence><xs:element name="first" type="xs:string"/><xs:element name="last" type="xs:string"/></xs:sequence>
        <xs:element name="full" type="xs:string"/>
        <xs:choice><xs:element name="x" type="xs:string"/><xs:element name="y" type="xs:string"/></xs:choice>
      </xs:choice>
    </xs:complexType>
    <xs:complexType name="Repeated">
      <xs:choice maxOccurs="unbounded"><xs:element name="add" type="xs:string"/><xs:element name="remove" type="xs:string"/></xs:choice>
    </xs:complexType>
    <xs:complexType name="Twice">
      <xs:sequence><xs:element name="id" type="xs:string"/><xs:element ref="o:id" xmlns:o="urn:other"/></xs:sequence>
    </xs:complexType>
    <xs:element name="Ping"><xs:complexType/></xs:element>
    <xs:element name="Keyed">
      <xs:complexType><xs:all><xs:element name="b" type="xs:string" minOccurs="0"/><xs:element name="a" type="xs:string"/></xs:all></xs:complexType>
      <xs:key name="k"><xs:selector xpath="."/><xs:field xpath="a"/></xs:key>
    </xs:element>
    <xs:complexType name="Refs">
      <xs:sequence><xs:element name="node" type="tns:Refs" nillable="true" maxOccurs="2"/></xs:sequence>
    </xs:complexType>
  `),
    schemaText('<xs:element name="id" type="xs:int"/>', 'targetNamespace="urn:other" elementFormDefault="qualified"'),
  );

  it('narrows fixed values to the one allowed, typed', () => {
    model.type(tns('Fixed'), {});
    const fixed = model.schemas.Fixed as Obj;
    expect(fixed.properties).toEqual({
      kind: { type: 'string', enum: ['invoice'], 'x-xml': { name: 'kind', ns: TNS } },
      count: { type: 'integer', minimum: -2147483648, maximum: 2147483647, enum: [3], 'x-xml': { name: 'count', ns: TNS } },
      version: { type: 'number', enum: [2], 'x-xml': { name: 'version', ns: '', attribute: true } },
      flags: { type: 'array', items: { type: 'boolean' }, 'x-xml': { list: true, name: 'flags', ns: '', attribute: true } },
    });
  });

  it('writes out choices while the combinations are few, and leaves the rest optional', () => {
    const schema = model.type(tns('Many'), {});
    const many = model.schemas.Many as Obj;
    // 3 x 3 = 9 combinations; the third choice would make 18, so it is not enforced.
    expect(many.anyOf).toHaveLength(9);
    expect(Object.keys(many.anyOf![0]!.properties)).toEqual(['a1', 'b1', 'c1', 'c2']);
    const valid = validator(model, schema);
    expect(valid({ a1: 'x', b2: 'y' })).toBe(true);
    expect(valid({ a1: 'x', b2: 'y', c1: 'z', c2: 'w' })).toBe(true);
    expect(valid({ a1: 'x', a2: 'x', b2: 'y' })).toBe(false);
    expect(valid({ b2: 'y' })).toBe(false);
    expect(generated(model, schema).filter((r) => !r.ok)).toEqual([]);
  });

  it('reads a choice of a sequence, an element and a choice as three branches', () => {
    const schema = model.type(tns('Nested'), {});
    const nested = model.schemas.Nested as Obj;
    expect(nested['x-xml']).toEqual({ order: ['first', 'last', 'full', 'x', 'y'] });
    expect(nested.anyOf!.map((b) => [Object.keys(b.properties).join(','), b.required ?? []])).toEqual([
      ['first,last', ['first', 'last']],
      ['full', ['full']],
      ['x,y', []],
    ]);
    const valid = validator(model, schema);
    expect(valid({ first: 'a', last: 'b' })).toBe(true);
    expect(valid({ full: 'a' })).toBe(true);
    expect(valid({ x: 'a' })).toBe(true);
    expect(valid({ first: 'a' })).toBe(false);
    expect(valid({ first: 'a', last: 'b', full: 'c' })).toBe(false);
    expect(generated(model, schema).filter((r) => !r.ok)).toEqual([]);
  });

  it('reads a repeated choice as arrays of each member', () => {
    model.type(tns('Repeated'), {});
    expect((model.schemas.Repeated as Obj).properties).toEqual({
      add: { type: 'array', items: { type: 'string' }, 'x-xml': { name: 'add', ns: TNS } },
      remove: { type: 'array', items: { type: 'string' }, 'x-xml': { name: 'remove', ns: TNS } },
    });
  });

  it('names a second element of one local name in another namespace apart', () => {
    model.type(tns('Twice'), {});
    const twice = model.schemas.Twice as Obj;
    expect(twice.properties.id_2).toEqual({ type: 'integer', minimum: -2147483648, maximum: 2147483647, 'x-xml': { name: 'id', ns: 'urn:other' } });
    expect(twice['x-xml']).toEqual({ order: ['id', 'id_2'] });
  });

  it('reads an empty type, xs:all, and ignores identity constraints', () => {
    expect(model.element(tns('Ping'), {})).toEqual({ $ref: '#/schemas/Ping' });
    expect(model.schemas.Ping).toEqual({ type: 'object', properties: {}, additionalProperties: false, 'x-xml': { order: [] } });
    model.element(tns('Keyed'), {});
    expect(model.schemas.Keyed).toMatchObject({ required: ['a'], 'x-xml': { order: ['b', 'a'] } });
  });

  it('lets items of a repeated nillable element be null', () => {
    const schema = model.type(tns('Refs'), {});
    expect((model.schemas.Refs as Obj).properties.node).toEqual({ type: 'array', items: { anyOf: [{ $ref: '#/schemas/Refs' }, { type: 'null' }] }, minItems: 1, maxItems: 2, 'x-xml': { name: 'node', ns: TNS } });
    expect(validator(model, schema)({ node: [null, { node: [null] }] })).toBe(true);
  });

  it('warns of nothing here', () => {
    expect(diagnostics.warnings).toEqual([]);
  });
});

describe('names that JavaScript objects treat specially', () => {
  it('are plain properties', () => {
    const { model } = modelOf(schemaText('<xs:element name="__proto__"><xs:complexType><xs:sequence><xs:element name="__proto__" type="xs:string"/><xs:element name="constructor" type="xs:int"/></xs:sequence><xs:attribute name="__proto__" type="xs:string"/></xs:complexType></xs:element>'));
    expect(model.element(tns('__proto__'), {})).toEqual({ $ref: '#/schemas/__proto__' });
    const schema = model.schemas['__proto__'] as { properties: object };
    expect(Object.keys(schema.properties)).toEqual(['__proto__', 'constructor', '@__proto__']);
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(model.schemas)).toBe(Object.prototype);
  });
});

describe('defaults and mixed content', () => {
  it('annotates defaults, typed, and reads mixed text without elements as $value', () => {
    const { model } = modelOf(
      schemaText(`
      <xs:element name="Query">
        <xs:complexType>
          <xs:sequence><xs:element name="limit" type="xs:int" default="20" minOccurs="0"/><xs:element name="note" minOccurs="0"><xs:complexType mixed="true"><xs:attribute name="lang" type="xs:language" default="en"/></xs:complexType></xs:element></xs:sequence>
          <xs:attribute name="units" default="metric"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="metric"/><xs:enumeration value="imperial"/></xs:restriction></xs:simpleType></xs:attribute>
        </xs:complexType>
      </xs:element>`),
    );
    model.element(tns('Query'), {});
    const query = model.schemas.Query as Obj;
    expect(query.properties.limit).toEqual({ type: 'integer', minimum: -2147483648, maximum: 2147483647, default: 20, 'x-xml': { name: 'limit', ns: TNS } });
    expect(query.properties.units).toEqual({ type: 'string', enum: ['metric', 'imperial'], default: 'metric', 'x-xml': { name: 'units', ns: '', attribute: true } });
    expect(model.schemas.Query_note).toEqual({
      type: 'object',
      properties: { $value: { type: 'string', 'x-xml': { text: true } }, lang: { type: 'string', default: 'en', 'x-xml': { name: 'lang', ns: '', attribute: true } } },
      required: ['$value'],
      additionalProperties: false,
      'x-xml': { order: [] },
    });
  });
});

describe('a choice of one branch', () => {
  it('is that branch, as a sequence', () => {
    const { model } = modelOf(schemaText('<xs:complexType name="One"><xs:choice><xs:sequence><xs:element name="a" type="xs:string"/><xs:element name="b" type="xs:string" minOccurs="0"/></xs:sequence></xs:choice></xs:complexType>'));
    model.type(tns('One'), {});
    expect(model.schemas.One).toMatchObject({ type: 'object', required: ['a'], additionalProperties: false, 'x-xml': { order: ['a', 'b'] } });
    expect(model.schemas.One).not.toHaveProperty('anyOf');
  });
});
