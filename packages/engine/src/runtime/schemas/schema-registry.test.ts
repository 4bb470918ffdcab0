import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.js';
import { compileArtifact } from '../../testing/fixtures.js';
import { SchemaRegistry } from './schema-registry.js';

const DOC = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: { '/pets': { get: { operationId: 'listPets', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } } } } },
  components: {
    schemas: {
      Pet: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      Named: { type: 'object', properties: { name: { type: 'string', minLength: 5 } } },
    },
  },
});

describe('SchemaRegistry.validateUnchanging', () => {
  it('remembers a pass per value and schema, and nothing else', async () => {
    const { artifact } = await compileArtifact(DOC);
    const registry = new SchemaRegistry(artifact);
    const pet = { $ref: '#/schemas/Pet' };
    const named = { $ref: '#/schemas/Named' };
    const record: Record<string, unknown> = { name: 'Rex' };
    expect(registry.validateUnchanging(pet, record).ok).toBe(true);
    // A pass for one schema says nothing about another.
    expect(registry.validateUnchanging(named, record).ok).toBe(false);
    // The pass is remembered: the value is taken to be unchanged (records in state never change).
    delete record.name;
    expect(registry.validateUnchanging(pet, record).ok).toBe(true);
    expect(registry.validate(pet, record).ok).toBe(false);
    // A failure is not remembered: the same value is checked again every time.
    const nameless: Record<string, unknown> = {};
    expect(registry.validateUnchanging(pet, nameless).ok).toBe(false);
    nameless.name = 'Max';
    expect(registry.validateUnchanging(pet, nameless).ok).toBe(true);
    // A bare $ref is one schema however many objects spell it.
    const rex = { name: 'Rex' };
    expect(registry.validateUnchanging({ $ref: '#/schemas/Pet' }, rex).ok).toBe(true);
    (rex as Record<string, unknown>).name = 7;
    expect(registry.validateUnchanging({ $ref: '#/schemas/Pet' }, rex).ok).toBe(true);
    expect(registry.validateUnchanging({ $ref: '#/schemas/Pet', description: 'other' }, rex).ok).toBe(false);
    // Values that are not objects are validated every time.
    expect(registry.validateUnchanging({ type: 'string' }, 3).ok).toBe(false);
  });
});

describe('SchemaRegistry formats', () => {
  it('checks dates against the calendar however often the same text comes', async () => {
    const { artifact } = await compileArtifact(DOC);
    const registry = new SchemaRegistry(artifact);
    const instant = { type: 'string', format: 'date-time' };
    const day = { type: 'string', format: 'date' };
    for (let round = 0; round < 3; round += 1) {
      expect(registry.validate(instant, '2024-01-01T00:00:00.000Z').ok).toBe(true);
      expect(registry.validate(instant, '2024-02-30T00:00:00.000Z').ok).toBe(false);
      expect(registry.validate(instant, '2024-02-29T23:59:59Z').ok).toBe(true);
      expect(registry.validate(instant, '2023-02-29T23:59:59Z').ok).toBe(false);
      expect(registry.validate(day, '2023-02-29').ok).toBe(false);
      expect(registry.validate(day, '2024-02-29').ok).toBe(true);
      expect(registry.validate({ type: 'string', format: 'time' }, '25:00:00Z').ok).toBe(false);
    }
    // Past what is remembered, every text is still checked.
    for (let i = 0; i < 600; i += 1) expect(registry.validate(instant, `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}.${i}Z`).ok).toBe(true);
    expect(registry.validate(instant, '2024-13-01T00:00:00Z').ok).toBe(false);
  });
});

describe('SchemaRegistry patterns', () => {
  it('checks each pattern of one registry on its own, in linear time', async () => {
    const { artifact } = await compileArtifact(DOC);
    const registry = new SchemaRegistry(artifact);
    const lower = { type: 'string', pattern: '^[a-z]+$' };
    const digits = { type: 'object', properties: { n: { type: 'string', pattern: '^\\d{3}$' } } };
    const nested = { type: 'string', pattern: '^(a+)+$' };
    expect(registry.validate(lower, 'abc').ok).toBe(true);
    expect(registry.validate(lower, 'x!').ok).toBe(false);
    expect(registry.validate(digits, { n: '123' }).ok).toBe(true);
    expect(registry.validate(digits, { n: 'abc' }).problem).toContain('n must match pattern');
    expect(registry.validate(nested, `${'a'.repeat(100_000)}!`).ok).toBe(false);
    expect(registry.validate({ type: 'object', patternProperties: { '^x-': { type: 'integer' } } }, { 'x-a': 'no' }).ok).toBe(false);
  });
});

describe('SchemaRegistry references', () => {
  // Component names that need escaping in a pointer, references into a component, and
  // components that are booleans, as Swagger 2.0 definitions and hoisted references make them.
  const REFS = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Wrap' } } } } } } } },
    components: {
      schemas: {
        'Pet Record': { type: 'object', properties: { tag: { type: 'string', maxLength: 3 } }, required: ['tag'] },
        'a/b~c': { type: 'integer', minimum: 10 },
        Wrap: {
          type: 'object',
          properties: {
            pet: { $ref: '#/components/schemas/Pet%20Record' },
            tag: { $ref: '#/components/schemas/Pet%20Record/properties/tag' },
            odd: { $ref: '#/components/schemas/a~1b~0c' },
            tree: { $ref: '#/components/schemas/Tree' },
          },
        },
        Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } }, size: { $ref: '#/components/schemas/a~1b~0c' } } },
      },
    },
  });

  it('follows escaped names and pointers into a component, for checks and for resolve', async () => {
    const { artifact } = await compileArtifact(REFS);
    const registry = new SchemaRegistry(artifact);
    const wrap = { $ref: '#/schemas/Wrap' };
    expect(registry.validate(wrap, { pet: { tag: 'abc' }, tag: 'xyz', odd: 12 }).ok).toBe(true);
    expect(registry.validate(wrap, { pet: { tag: 'abcd' } })).toMatchObject({ ok: false, field: 'pet.tag' });
    expect(registry.validate(wrap, { pet: {} })).toMatchObject({ ok: false, field: 'pet.tag' });
    expect(registry.validate(wrap, { tag: 'long' })).toMatchObject({ ok: false, field: 'tag' });
    expect(registry.validate(wrap, { odd: 9 })).toMatchObject({ ok: false, field: 'odd' });
    // Recursion through a component, checked at depth.
    expect(registry.validate(wrap, { tree: { children: [{ children: [{ size: 10 }] }] } }).ok).toBe(true);
    expect(registry.validate(wrap, { tree: { children: [{ children: [{ size: 3 }] }] } })).toMatchObject({ ok: false, field: 'tree.children.0.children.0.size' });
    // resolve reads the same targets the checks use (the generator and object views rely on it).
    const properties = (registry.resolve(wrap) as { properties: Record<string, { $ref: string }> }).properties;
    expect(registry.resolve(properties.pet)).toMatchObject({ required: ['tag'] });
    expect(registry.resolve(properties.tag)).toEqual({ type: 'string', maxLength: 3 });
    expect(registry.resolve(properties.odd)).toEqual({ type: 'integer', minimum: 10 });
  });

  it('checks a schema met in many places, or in many copies, the same way each time', async () => {
    const { artifact } = await compileArtifact(REFS);
    const registry = new SchemaRegistry(artifact);
    // Copies of one schema text share one validator; each still checks its own values.
    for (let copy = 0; copy < 20; copy += 1) {
      const anyOf: JsonObject = { anyOf: [{ type: 'string', maxLength: 2 }, { $ref: '#/schemas/Pet%20Record' }] };
      expect(registry.validate(anyOf, 'ab').ok).toBe(true);
      expect(registry.validate(anyOf, { tag: 'x' }).ok).toBe(true);
      expect(registry.validate(anyOf, 'abc').ok).toBe(false);
      expect(registry.validate({ ...anyOf, description: `copy ${copy}` }, { tag: 'long' }).ok).toBe(false);
    }
    // A reference to no component constrains nothing, as before: it cannot be checked.
    expect(registry.validate({ $ref: '#/schemas/Missing' }, 42).ok).toBe(true);
    expect(registry.resolve({ $ref: '#/schemas/Missing' })).toBe(true);
  });
});

describe('SchemaRegistry with many linked components', () => {
  /** A document whose components form one chain `Link0 -> Link1 -> ... -> Link<n-1>`, each with a bounded `size`. */
  function chain(length: number): string {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < length; i += 1) {
      const next = i + 1 < length ? { next: { $ref: `#/components/schemas/Link${i + 1}` } } : {};
      schemas[`Link${i}`] = { type: 'object', properties: { size: { type: 'integer', maximum: 10 }, ...next } };
    }
    const ok = { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Link0' } } } };
    return JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/links': { get: { responses: { '200': ok } } } }, components: { schemas } });
  }

  it('checks a value through a chain of 3,000 components, where compiling it whole overflowed the stack', async () => {
    const { artifact } = await compileArtifact(chain(3000));
    const registry = new SchemaRegistry(artifact);
    const link0 = { $ref: '#/schemas/Link0' };
    expect(registry.validate(link0, { size: 1, next: { size: 2, next: { size: 3 } } }).ok).toBe(true);
    expect(registry.validate(link0, { size: 1, next: { size: 2, next: { size: 11 } } })).toMatchObject({ ok: false, field: 'next.next.size' });
    // Every later check of any link still works (a failed compile used to leave ajv broken).
    expect(registry.validate({ $ref: '#/schemas/Link2999' }, { size: 12 })).toMatchObject({ ok: false, field: 'size' });
    expect(registry.validate({ $ref: '#/schemas/Link1500' }, { next: { next: { size: 5 } } }).ok).toBe(true);
  });

  it('counts the properties a reference checked where a schema asks for unevaluatedProperties', async () => {
    const doc = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/closed': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Closed' } } } } } } } },
      components: {
        schemas: {
          Base: { type: 'object', properties: { id: { type: 'string' } } },
          Closed: { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { name: { type: 'string' } }, unevaluatedProperties: false },
        },
      },
    });
    const { artifact } = await compileArtifact(doc);
    const registry = new SchemaRegistry(artifact);
    const closed = { $ref: '#/schemas/Closed' };
    expect(registry.validate(closed, { id: 'a', name: 'b' }).ok).toBe(true);
    expect(registry.validate(closed, { id: 'a', extra: 1 }).ok).toBe(false);
    expect(registry.validate(closed, { id: 7 }).ok).toBe(false);
  });
});
