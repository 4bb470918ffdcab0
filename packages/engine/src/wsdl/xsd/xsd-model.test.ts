import { describe, expect, it } from 'vitest';
import { modelOf, schemaText, TNS, validator } from './test-helpers.js';

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
    const schema = model.element({ ns: TNS, local: 'CreateCustomerRequest' }, {});
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
});
