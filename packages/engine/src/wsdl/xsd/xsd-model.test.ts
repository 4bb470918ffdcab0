import { describe, expect, it } from 'vitest';
import { generated, modelOf, schemaText, TNS, validator } from './test-helpers.js';

const tns = (local: string) => ({ ns: TNS, local });

describe('XsdModel', () => {
  it('converts a global element with an anonymous sequence', () => {
    const { model, diagnostics } = modelOf(
      schemaText(`
      <xs:element name="CreateCustomerRequest">
        <xs:complexType><xs:sequence>
          <xs:element name="name" type="xs:string"/>
          <xs:element name="age" type="xs:int" minOccurs="0"/>
          <xs:element name="tag" type="xs:string" maxOccurs="unbounded" minOccurs="0"/>
        </xs:sequence><xs:attribute name="id" type="xs:long" use="required"/></xs:complexType>
      </xs:element>`),
    );
    const schema = model.element(tns('CreateCustomerRequest'), {});
    expect(schema).toEqual({ $ref: '#/schemas/CreateCustomerRequest' });
    expect(model.schemas).toEqual({
      CreateCustomerRequest: {
        type: 'object',
        properties: {
          name: { type: 'string', 'x-xml': { name: 'name', ns: TNS } },
          age: { type: 'integer', minimum: -2147483648, maximum: 2147483647, 'x-xml': { name: 'age', ns: TNS } },
          tag: { type: 'array', items: { type: 'string' }, 'x-xml': { name: 'tag', ns: TNS } },
          id: { type: 'integer', 'x-xml': { name: 'id', ns: '', attribute: true } },
        },
        required: ['name', 'id'],
        additionalProperties: false,
        'x-xml': { order: ['name', 'age', 'tag'] },
      },
    });
    expect(diagnostics.warnings).toEqual([]);
    const valid = validator(model, schema);
    expect(valid({ name: 'a', id: 1 })).toBe(true);
    expect(valid({ name: 'a' })).toBe(false);
  });

  it('gives a simple-typed element its simple schema, and converts only what is asked for', () => {
    const { model } = modelOf(schemaText('<xs:element name="Count" type="xs:unsignedByte"/><xs:complexType name="Unused"><xs:sequence/></xs:complexType>'));
    expect(model.element(tns('Count'), {})).toEqual({ type: 'integer', minimum: 0, maximum: 255 });
    expect(model.schemas).toEqual({});
    expect(model.hasElement(tns('Count'))).toBe(true);
    expect(model.hasElement(tns('Nope'))).toBe(false);
  });

  it('reads a substitution group as a choice of its members, and reports them', () => {
    const { model, diagnostics } = modelOf(
      schemaText(`
      <xs:element name="Vehicle" type="tns:VehicleType" abstract="true"/>
      <xs:complexType name="VehicleType"><xs:sequence><xs:element name="wheels" type="xs:int"/></xs:sequence></xs:complexType>
      <xs:element name="Car" substitutionGroup="tns:Vehicle"/>
      <xs:element name="Truck" substitutionGroup="tns:Vehicle" nillable="true">
        <xs:complexType><xs:complexContent><xs:extension base="tns:VehicleType"><xs:sequence><xs:element name="load" type="xs:int"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
      </xs:element>
      <xs:element name="Garage"><xs:complexType><xs:sequence><xs:element ref="tns:Vehicle"/></xs:sequence></xs:complexType></xs:element>`),
    );
    expect(model.elementInfo(tns('Vehicle'))).toEqual({ nillable: false, abstract: true, substitutes: [tns('Car'), tns('Truck')] });
    expect(model.elementInfo(tns('Truck'))).toEqual({ nillable: true, abstract: false, substitutes: [] });
    expect(model.elementInfo(tns('Nope'))).toBeUndefined();
    const schema = model.element(tns('Garage'), {});
    expect(model.schemas.Garage).toEqual({
      type: 'object',
      anyOf: [
        { type: 'object', properties: { Car: { $ref: '#/schemas/VehicleType', 'x-xml': { name: 'Car', ns: TNS } } }, required: ['Car'], additionalProperties: false },
        { type: 'object', properties: { Truck: { anyOf: [{ $ref: '#/schemas/Truck' }, { type: 'null' }], 'x-xml': { name: 'Truck', ns: TNS } } }, required: ['Truck'], additionalProperties: false },
      ],
      'x-xml': { order: ['Car', 'Truck'] },
    });
    expect(model.schemas.Truck).toMatchObject({ required: ['wheels', 'load'] });
    const valid = validator(model, schema);
    expect(valid({ Car: { wheels: 4 } })).toBe(true);
    expect(valid({ Truck: null })).toBe(true);
    expect(valid({})).toBe(false);
    expect(generated(model, schema).filter((r) => !r.ok)).toEqual([]);
    expect(diagnostics.warnings).toEqual([]);
  });

  it('keeps names unique across namespaces, deterministically', () => {
    const texts = [
      schemaText('<xs:complexType name="Item"><xs:sequence><xs:element name="a" type="xs:string"/></xs:sequence></xs:complexType><xs:element name="Order"><xs:complexType><xs:sequence><xs:element name="Item" type="tns:Item"/><xs:element name="line"><xs:complexType><xs:sequence><xs:element name="n" type="xs:int"/></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element>'),
      schemaText('<xs:complexType name="Item"><xs:sequence><xs:element name="b" type="xs:string"/></xs:sequence></xs:complexType><xs:element name="Item" type="b:Item" xmlns:b="urn:b"/>', 'targetNamespace="urn:b" xmlns:b="urn:b"'),
    ];
    const run = (reverse: boolean) => {
      const { model } = modelOf(...texts);
      const asks = [() => model.element({ ns: 'urn:b', local: 'Item' }, {}), () => model.element(tns('Order'), {})];
      for (const ask of reverse ? asks.reverse() : asks) ask();
      return model;
    };
    const model = run(false);
    expect(model.element({ ns: 'urn:b', local: 'Item' }, {})).toEqual({ $ref: '#/schemas/Item_2' });
    expect(Object.keys(model.schemas).sort()).toEqual(['Item', 'Item_2', 'Order', 'Order_line']);
    expect((model.schemas.Item_2 as { properties: object }).properties).toHaveProperty('b');
    // Names do not depend on what is asked first.
    const other = run(true);
    expect(Object.fromEntries(Object.entries(other.schemas).sort())).toEqual(Object.fromEntries(Object.entries(model.schemas).sort()));
    expect(JSON.stringify(run(false).schemas)).toBe(JSON.stringify(model.schemas));
  });

  it('gives a chameleon include its includer\'s namespace', () => {
    const { model, diagnostics } = modelOf(
      schemaText('<xs:element name="Root" type="tns:Shared"/>'),
      { path: 'common.xsd', targetNamespace: TNS, text: '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified"><xs:complexType name="Shared"><xs:sequence><xs:element name="inner" type="Code"/></xs:sequence></xs:complexType><xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:length value="2"/></xs:restriction></xs:simpleType></xs:schema>' },
    );
    expect(model.element(tns('Root'), {})).toEqual({ $ref: '#/schemas/Shared' });
    expect((model.schemas.Shared as { properties: unknown }).properties).toEqual({ inner: { type: 'string', minLength: 2, maxLength: 2, 'x-xml': { name: 'inner', ns: TNS } } });
    expect(diagnostics.warnings).toEqual([]);
  });

  it('warns of unknown names with readable locations, and reads on', () => {
    const { model, diagnostics } = modelOf(
      schemaText(`
      <xs:complexType name="Broken">
        <xs:complexContent><xs:extension base="tns:Missing">
          <xs:sequence>
            <xs:element name="a" type="tns:NoType"/>
            <xs:element ref="tns:NoElement"/>
            <xs:group ref="tns:NoGroup"/>
          </xs:sequence>
          <xs:attributeGroup ref="tns:NoAttributes"/>
          <xs:attribute ref="xml:lang"/>
        </xs:extension></xs:complexContent>
      </xs:complexType>
      <xs:redefine schemaLocation="old.xsd"/>`),
    );
    expect(model.element(tns('Missing'), { operation: 'getIt', location: 'service.wsdl#/message/part' })).toEqual({});
    model.type(tns('Broken'), {});
    const base = "s0.xsd#/schema/complexType[@name='Broken']/complexContent/extension";
    expect(diagnostics.warnings.map((w) => [w.code, w.location])).toEqual([
      ['xsd_construct_unsupported', "s0.xsd#/schema/redefine[@schemaLocation='old.xsd']"],
      ['wsdl_qname_unresolved', 'service.wsdl#/message/part'],
      ['wsdl_qname_unresolved', base],
      ['wsdl_qname_unresolved', `${base}/sequence/element[@name='a']`],
      ['wsdl_qname_unresolved', `${base}/sequence/element[@ref='tns:NoElement']`],
      ['wsdl_qname_unresolved', `${base}/sequence/group[@ref='tns:NoGroup']`],
      ['wsdl_qname_unresolved', `${base}/attributeGroup[@ref='tns:NoAttributes']`],
    ]);
    expect((model.schemas.Broken as { properties: unknown }).properties).toEqual({
      a: { 'x-xml': { name: 'a', ns: TNS } },
      NoElement: { 'x-xml': { name: 'NoElement', ns: TNS } },
      lang: { type: 'string', 'x-xml': { name: 'lang', ns: 'http://www.w3.org/XML/1998/namespace', attribute: true } },
    });
  });

  it('stops following groups nested without end', () => {
    const nested = (inner: string) => `${'<xs:sequence>'.repeat(200)}${inner}${'</xs:sequence>'.repeat(200)}`;
    const groups = Array.from({ length: 100 }, (_, i) => `<xs:group name="G${i}">${nested(`<xs:element name="e${i}" type="xs:string"/>${i < 99 ? `<xs:group ref="tns:G${i + 1}"/>` : ''}`)}</xs:group>`).join('');
    const { model, diagnostics } = modelOf(schemaText(`${groups}<xs:complexType name="Deep"><xs:group ref="tns:G0"/></xs:complexType>`));
    model.type(tns('Deep'), {});
    expect(diagnostics.warnings.map((w) => w.code)).toEqual(['xsd_construct_unsupported']);
    expect(Object.keys((model.schemas.Deep as { properties: object }).properties)).toEqual(['e0', 'e1']);
  });

  it('cuts derivation cycles and deep chains', () => {
    const chain = Array.from({ length: 100 }, (_, i) => `<xs:complexType name="T${i}"><xs:complexContent><xs:extension base="tns:T${i + 1}"><xs:sequence><xs:element name="e${i}" type="xs:string"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>`).join('');
    const { model, diagnostics } = modelOf(schemaText(`${chain}<xs:complexType name="T100"><xs:complexContent><xs:extension base="tns:T0"/></xs:complexContent></xs:complexType><xs:group name="G"><xs:sequence><xs:group ref="tns:G"/></xs:sequence></xs:group><xs:complexType name="UsesG"><xs:group ref="tns:G"/></xs:complexType>`));
    model.type(tns('T0'), {});
    model.type(tns('UsesG'), {});
    expect(diagnostics.warnings.map((w) => w.code)).toContain('xsd_construct_unsupported');
    expect(Object.keys((model.schemas.T0 as { properties: object }).properties).length).toBeGreaterThan(10);
  });

});

describe('warnings', () => {
  it('of a name the bundle lacks come once, at its first reference, but for the WSDL side\'s asks', () => {
    const { model, diagnostics } = modelOf(schemaText('<xs:complexType name="A"><xs:sequence><xs:element name="p" type="tns:Price"/><xs:element name="q" type="tns:Price"/></xs:sequence></xs:complexType><xs:complexType name="B"><xs:sequence><xs:element name="r" type="tns:Price"/></xs:sequence></xs:complexType>'));
    model.type(tns('A'), {});
    model.type(tns('B'), {});
    model.type(tns('Price'), { operation: 'one' });
    model.type(tns('Price'), { operation: 'two' });
    expect(diagnostics.warnings.map((w) => [w.operation, w.location])).toEqual([
      ['', "s0.xsd#/schema/complexType[@name='A']/sequence/element[@name='p']"],
      ['one', ''],
      ['two', ''],
    ]);
    expect(diagnostics.warnings[0]!.message).toContain('not reported again');
  });

  it('name a substitution group head the bundle lacks, and XSD 1.1 constructs, with locations of at most 512 characters', () => {
    const deep = (n: number, inner: string): string => (n === 0 ? inner : `<xs:element name="level${n}_with_a_long_enough_name"><xs:complexType><xs:sequence>${deep(n - 1, inner)}</xs:sequence></xs:complexType></xs:element>`);
    const { model, diagnostics } = modelOf(
      schemaText(`
      <xs:element name="Member" substitutionGroup="tns:NoHead" type="xs:string"/>
      <xs:element name="Root"><xs:complexType><xs:sequence>${deep(12, '<xs:element name="leaf" type="tns:Missing"/>')}</xs:sequence><xs:assert test="true()"/></xs:complexType></xs:element>`),
    );
    expect(model.elementInfo(tns('Member'))).toEqual({ nillable: false, abstract: false, substitutes: [] });
    expect(model.elementInfo(tns('NoHead'))).toBeUndefined();
    model.elementInfo(tns('Root'));
    model.element(tns('Root'), {});
    expect(diagnostics.warnings.map((w) => w.code)).toEqual(['wsdl_qname_unresolved', 'xsd_construct_unsupported', 'wsdl_qname_unresolved']);
    expect(diagnostics.warnings[0]!.location).toBe("s0.xsd#/schema/element[@name='Member']");
    const long = diagnostics.warnings[2]!.location;
    expect(long.length).toBeLessThanOrEqual(512);
    expect(long.endsWith("/element[@name='leaf']")).toBe(true);
  });
});
