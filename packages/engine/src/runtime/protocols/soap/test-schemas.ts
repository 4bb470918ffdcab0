/**
 * Hand-written message schemas, as a WSDL compiler annotates them (artifact/soap.ts), for the
 * SOAP protocol's tests: order, qualified and unqualified elements, arrays, nillable,
 * attributes, simple content, lists, a choice, `any`, extension by `allOf`, and recursion.
 */
import type { JsonSchema } from '../../../artifact/artifact.js';

export const NS = 'urn:example:crm';
export const OTHER_NS = 'urn:example:common';

const el = (name: string, ns = NS) => ({ 'x-xml': { name, ns } });

export const schemas: Record<string, JsonSchema> = {
  Address: {
    type: 'object',
    properties: {
      street: { type: 'string', ...el('street', '') },
      city: { type: 'string', ...el('city', '') },
      zip: { anyOf: [{ type: 'string' }, { type: 'null' }], ...el('zip', '') },
      kind: { type: 'string', enum: ['home', 'work'], 'x-xml': { name: 'kind', ns: '', attribute: true } },
    },
    required: ['street'],
    'x-xml': { order: ['street', 'city', 'zip'] },
  },
  Money: {
    type: 'object',
    properties: {
      $value: { type: 'number', 'x-xml': { text: true } },
      currency: { type: 'string', 'x-xml': { name: 'currency', ns: '', attribute: true } },
    },
    required: ['$value'],
  },
  Customer: {
    type: 'object',
    properties: {
      // Declared out of order: `x-xml.order` decides.
      name: { type: 'string', ...el('name') },
      id: { type: 'integer', ...el('id') },
      email: { type: ['string', 'null'], ...el('email') },
      active: { type: 'boolean', ...el('active') },
      tags: { type: 'array', items: { type: 'string' }, ...el('tag') },
      address: { $ref: '#/schemas/Address', ...el('address', OTHER_NS) },
      addresses: { type: 'array', items: { anyOf: [{ $ref: '#/schemas/Address' }, { type: 'null' }] }, ...el('otherAddress', OTHER_NS) },
      balance: { $ref: '#/schemas/Money', ...el('balance') },
      codes: { type: 'array', items: { type: 'integer' }, 'x-xml': { name: 'codes', ns: NS, list: true } },
      referrer: { $ref: '#/schemas/Customer', ...el('referrer') },
      status: { type: 'string', 'x-xml': { name: 'status', ns: '', attribute: true } },
      ratio: { type: 'number', ...el('ratio') },
    },
    required: ['id'],
    'x-xml': { order: ['id', 'name', 'email', 'active', 'tags', 'address', 'addresses', 'balance', 'codes', 'ratio', 'referrer'] },
  },
  Vip: {
    allOf: [
      { $ref: '#/schemas/Customer' },
      { type: 'object', properties: { level: { type: 'integer', ...el('level') } }, 'x-xml': { order: ['level'] } },
    ],
  },
  Contact: {
    type: 'object',
    properties: {
      label: { type: 'string', ...el('label') },
      phone: { type: 'string', ...el('phone') },
      mail: { type: 'string', ...el('mail') },
      extra: { type: 'array', items: { type: 'string' }, 'x-xml': { any: true } },
    },
    oneOf: [{ required: ['phone'] }, { required: ['mail'] }],
    'x-xml': { order: ['label', 'phone', 'mail'] },
  },
};

export const ref = (name: string): JsonSchema => ({ $ref: `#/schemas/${name}` });
