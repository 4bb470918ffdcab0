import { describe, expect, it } from 'vitest';
import { generated, modelOf, schemaText, TNS, validator } from './test-helpers.js';

const tns = (local: string) => ({ ns: TNS, local });

describe('complex types', () => {
  const { model, diagnostics } = modelOf(
    schemaText(`
    <xs:complexType name="Party">
      <xs:sequence>
        <xs:element name="id" type="xs:string"/>
        <xs:sequence minOccurs="0"><xs:element name="note" type="xs:string"/></xs:sequence>
      </xs:sequence>
      <xs:attribute name="version" type="xs:int"/>
    </xs:complexType>
    <xs:complexType name="Customer">
      <xs:complexContent><xs:extension base="tns:Party">
        <xs:sequence>
          <xs:element name="name" type="xs:string" nillable="true"/>
          <xs:element name="address" minOccurs="0">
            <xs:complexType><xs:sequence><xs:element name="city" type="xs:string"/></xs:sequence></xs:complexType>
          </xs:element>
          <xs:element name="phone" type="xs:string" minOccurs="1" maxOccurs="3"/>
          <xs:element ref="tns:Tag" minOccurs="0"/>
        </xs:sequence>
        <xs:attribute name="id" type="xs:string"/>
      </xs:extension></xs:complexContent>
    </xs:complexType>
    <xs:element name="Tag" type="xs:string"/>
    <xs:complexType name="Money">
      <xs:simpleContent><xs:extension base="xs:decimal"><xs:attribute name="currency" type="xs:string" use="required"/></xs:extension></xs:simpleContent>
    </xs:complexType>
    <xs:complexType name="Euro">
      <xs:simpleContent><xs:restriction base="tns:Money"><xs:minInclusive value="0"/></xs:restriction></xs:simpleContent>
    </xs:complexType>
    <xs:complexType name="Node">
      <xs:sequence><xs:element name="child" type="tns:Node" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
    </xs:complexType>
    <xs:complexType name="Payment">
      <xs:sequence>
        <xs:element name="amount" type="tns:Money"/>
        <xs:choice>
          <xs:element name="card" type="xs:string"/>
          <xs:element name="iban" type="xs:string"/>
        </xs:choice>
        <xs:choice minOccurs="0">
          <xs:element name="email" type="xs:string"/>
          <xs:element name="sms" type="xs:string"/>
        </xs:choice>
        <xs:any namespace="##other" processContents="lax" minOccurs="0"/>
      </xs:sequence>
      <xs:anyAttribute/>
    </xs:complexType>
    <xs:complexType name="Unqualified">
      <xs:sequence><xs:element name="local" type="xs:string" form="unqualified"/><xs:element ref="tns:Tag"/></xs:sequence>
      <xs:attribute name="q" type="xs:string" form="qualified"/>
    </xs:complexType>
    <xs:group name="Common"><xs:sequence><xs:element name="created" type="xs:dateTime"/></xs:sequence></xs:group>
    <xs:attributeGroup name="Audit"><xs:attribute name="by" type="xs:string" use="required"/></xs:attributeGroup>
    <xs:complexType name="Audited">
      <xs:sequence><xs:group ref="tns:Common"/><xs:element name="by" type="xs:string" minOccurs="0"/></xs:sequence>
      <xs:attributeGroup ref="tns:Audit"/>
    </xs:complexType>
    <xs:complexType name="Short">
      <xs:complexContent><xs:restriction base="tns:Party">
        <xs:sequence><xs:element name="id" type="xs:string"/></xs:sequence>
        <xs:attribute name="version" use="prohibited"/>
      </xs:restriction></xs:complexContent>
    </xs:complexType>
  `),
  );

  it('flattens an extension: the base\'s properties, then its own, in one order', () => {
    expect(model.type(tns('Customer'), {})).toEqual({ $ref: '#/schemas/Customer' });
    const customer = model.schemas.Customer as Record<string, unknown>;
    expect(customer['x-xml']).toEqual({ order: ['id', 'note', 'name', 'address', 'phone', 'Tag'] });
    expect(customer.required).toEqual(['id', 'name', 'phone']);
    expect(Object.keys(customer.properties as object)).toEqual(['id', 'note', 'name', 'address', 'phone', 'Tag', 'version', '@id']);
    expect((customer.properties as Record<string, unknown>)['@id']).toEqual({ type: 'string', 'x-xml': { name: 'id', ns: '', attribute: true } });
  });

  it('names an anonymous type after its element, and refers to it', () => {
    const customer = model.schemas.Customer as { properties: Record<string, unknown> };
    expect(customer.properties.address).toEqual({ $ref: '#/schemas/Customer_address', 'x-xml': { name: 'address', ns: TNS } });
    expect(model.schemas.Customer_address).toMatchObject({ properties: { city: { type: 'string' } }, required: ['city'] });
  });

  it('makes a repeated element an array and a nillable one accept null', () => {
    const customer = model.schemas.Customer as { properties: Record<string, unknown> };
    expect(customer.properties.phone).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, 'x-xml': { name: 'phone', ns: TNS } });
    expect(customer.properties.name).toEqual({ type: ['string', 'null'], 'x-xml': { name: 'name', ns: TNS } });
    const valid = validator(model, { $ref: '#/schemas/Customer' });
    expect(valid({ id: '1', name: null, phone: ['1'] })).toBe(true);
    expect(valid({ id: '1', name: 'x', phone: [] })).toBe(false);
    expect(valid({ id: '1', name: 'x', phone: ['1'], extra: 1 })).toBe(false);
  });

  it('reads simple content as $value beside the attributes, and restricts it', () => {
    model.type(tns('Euro'), {});
    model.type(tns('Money'), {});
    expect(model.schemas.Money).toEqual({
      type: 'object',
      properties: { $value: { type: 'number', 'x-xml': { text: true } }, currency: { type: 'string', 'x-xml': { name: 'currency', ns: '', attribute: true } } },
      required: ['$value', 'currency'],
      additionalProperties: false,
      'x-xml': { order: [] },
    });
    expect((model.schemas.Euro as { properties: Record<string, unknown> }).properties.$value).toEqual({ type: 'number', minimum: 0, 'x-xml': { text: true } });
  });

  it('keeps a recursive type finite', () => {
    expect(model.type(tns('Node'), {})).toEqual({ $ref: '#/schemas/Node' });
    expect((model.schemas.Node as { properties: Record<string, unknown> }).properties.child).toEqual({ type: 'array', items: { $ref: '#/schemas/Node' }, 'x-xml': { name: 'child', ns: TNS } });
    const valid = validator(model, { $ref: '#/schemas/Node' });
    expect(valid({ child: [{ child: [{}] }] })).toBe(true);
  });

  it('enforces a choice: exactly one where required, at most one where optional', () => {
    const schema = model.type(tns('Payment'), {});
    const payment = model.schemas.Payment as Record<string, unknown>;
    expect(payment['x-xml']).toEqual({ order: ['amount', 'card', 'iban', 'email', 'sms', '$any'] });
    // One branch per combination: card or iban, then email, sms or neither.
    const branches = payment.anyOf as { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean }[];
    expect(branches.map((b) => Object.keys(b.properties).join(','))).toEqual([
      'amount,card,email,$any', 'amount,card,sms,$any', 'amount,card,$any',
      'amount,iban,email,$any', 'amount,iban,sms,$any', 'amount,iban,$any',
    ]);
    expect(branches[0]!.required).toEqual(['amount', 'card', 'email']);
    expect(branches[0]!.properties.$any).toEqual({ type: 'string', 'x-xml': { any: true } });
    const valid = validator(model, schema);
    const amount = { $value: 1, currency: 'EUR' };
    expect(valid({ amount, card: 'x' })).toBe(true);
    expect(valid({ amount, iban: 'x', sms: 'y' })).toBe(true);
    expect(valid({ amount })).toBe(false);
    expect(valid({ amount, card: 'x', iban: 'y' })).toBe(false);
    expect(valid({ amount, card: 'x', email: 'a', sms: 'b' })).toBe(false);
  });

  it('gives values the generator makes that the schema accepts', () => {
    for (const name of ['Customer', 'Payment', 'Node', 'Audited', 'Euro']) {
      const results = generated(model, model.type(tns(name), {}));
      expect(results.filter((r) => !r.ok).map((r) => [name, r.problem, JSON.stringify(r.value)])).toEqual([]);
    }
  });

  it('qualifies elements and attributes per form, and a reference by its element', () => {
    const schema = model.schemas.Unqualified ?? (model.type(tns('Unqualified'), {}), model.schemas.Unqualified);
    expect((schema as { properties: unknown }).properties).toEqual({
      local: { type: 'string', 'x-xml': { name: 'local', ns: '' } },
      Tag: { type: 'string', 'x-xml': { name: 'Tag', ns: TNS } },
      q: { type: 'string', 'x-xml': { name: 'q', ns: TNS, attribute: true } },
    });
  });

  it('expands groups and attribute groups', () => {
    model.type(tns('Audited'), {});
    const audited = model.schemas.Audited as Record<string, unknown>;
    expect(Object.keys(audited.properties as object)).toEqual(['created', 'by', '@by']);
    expect(audited.required).toEqual(['created', '@by']);
  });

  it('reads a restriction as its own content, dropping prohibited attributes', () => {
    model.type(tns('Short'), {});
    expect(Object.keys((model.schemas.Short as { properties: object }).properties)).toEqual(['id']);
  });

  it('warns of nothing in a clean schema', () => {
    expect(diagnostics.warnings).toEqual([]);
  });
});
