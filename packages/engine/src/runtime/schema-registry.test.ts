import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
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
