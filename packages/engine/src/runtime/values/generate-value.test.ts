import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Artifact, JsonSchema } from '../../artifact/artifact.js';
import { compileArtifact, fixture } from '../../testing/fixtures.js';
import { markSchemaValueHints } from '../../behaviour/plan-values.js';
import { generateProperty, generateValue } from './generate-value.js';
import { patternString, patternStringWithin } from './pattern-string.js';
import { randomFor } from './random.js';
import { SchemaRegistry } from '../schemas/schema-registry.js';

const FIXTURES = readdirSync(new URL('../../../test-fixtures/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => entry.name)
  .sort();
const NOW = new Date('2024-01-01T00:00:00.000Z');

/** Every schema an artifact holds: components, parameters, bodies and responses. */
function allSchemas(artifact: Artifact): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = Object.entries(artifact.schemas).map(([name, s]) => [`#/schemas/${name}`, s]);
  for (const op of artifact.operations) {
    for (const p of op.parameters) out.push([`${op.id} ${p.in}:${p.name}`, p.schema]);
    for (const [media, entry] of Object.entries(op.requestBody?.content ?? {})) if (entry.schema !== null) out.push([`${op.id} body ${media}`, entry.schema]);
    for (const [status, response] of Object.entries(op.responses)) {
      for (const [media, entry] of Object.entries(response.content)) if (entry.schema !== null) out.push([`${op.id} ${status} ${media}`, entry.schema]);
    }
  }
  return out;
}

describe('a flag saying a record is live', () => {
  it('is false, since a Simulation is never the live system, wherever the schema allows false', () => {
    const registry = new SchemaRegistry({ schemas: {} } as unknown as Artifact);
    const charge: JsonSchema = { type: 'object', required: ['id', 'livemode', 'paid'], properties: { id: { type: 'string' }, livemode: { type: 'boolean' }, paid: { type: 'boolean' }, is_live: { type: 'boolean' } } };
    markSchemaValueHints(charge, registry);
    const drawn = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => generateValue(charge, { registry, random: randomFor(seed), now: NOW }) as Record<string, unknown>);
    expect(new Set(drawn.map((c) => c.livemode))).toEqual(new Set([false]));
    expect(new Set(drawn.filter((c) => 'is_live' in c).map((c) => c.is_live))).toEqual(new Set([false]));
    // Other booleans are drawn as ever.
    expect(new Set(drawn.map((c) => c.paid))).toEqual(new Set([true, false]));
    const flags = { type: 'object', properties: { livemode: { type: 'boolean' } } } satisfies JsonSchema;
    const liveOnly = { type: 'object', properties: { livemode: { type: 'boolean', enum: [true] } } } satisfies JsonSchema;
    markSchemaValueHints(flags, registry);
    markSchemaValueHints(liveOnly, registry);
    expect(generateProperty(flags.properties.livemode, { registry, random: randomFor('x'), now: NOW })).toBe(false);
    expect(generateProperty(liveOnly.properties.livemode, { registry, random: randomFor('x'), now: NOW })).toBe(true);
  });
});

describe('generateValue', () => {
  it.each(FIXTURES)('generates a valid value for every schema of %s', async (name) => {
    const { artifact } = await compileArtifact(fixture(name));
    const registry = new SchemaRegistry(artifact);
    const failures: string[] = [];
    for (const [where, schema] of allSchemas(artifact)) {
      for (const seed of ['a', 'b', 'c', 'd', 'e']) {
        const value = generateValue(schema, { registry, random: randomFor(seed, where), now: NOW });
        const verdict = registry.validate(schema, value);
        if (!verdict.ok) failures.push(`${where} (${seed}): ${verdict.problem} in ${JSON.stringify(value)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('honours formats, bounds, patterns, combinators and recursion', async () => {
    const { artifact } = await compileArtifact(fixture('zoo-circular-3.0.yaml'));
    const registry = new SchemaRegistry(artifact);
    const schemas: JsonSchema[] = [
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'uuid' },
      { type: 'string', format: 'email' },
      { type: 'string', format: 'uri' },
      { type: 'string', format: 'date' },
      { type: 'integer', format: 'int64', minimum: 10, maximum: 12 },
      { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      { type: 'integer', multipleOf: 5, minimum: 1 },
      { type: 'string', minLength: 30, maxLength: 31 },
      { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
      { type: 'string', pattern: '^(?=.*x)[a-z]+$', examples: ['abx'] },
      // Patterns longer than the default length, and a minLength beside a pattern.
      { type: 'string', pattern: '^[0-9a-z]{32}$' },
      { type: 'string', pattern: '^import-token-[0-9a-zA-Z]{16,64}$' },
      { type: 'string', minLength: 36, maxLength: 36, pattern: '^[a-z0-9-]+$' },
      { type: 'string', minLength: 20, pattern: 'arn:.*' },
      { type: 'string', format: 'duration' },
      { type: 'string', format: 'uri-template' },
      { type: 'string', format: 'json-pointer' },
      { type: 'string', format: 'relative-json-pointer' },
      { type: 'string', format: 'regex' },
      { type: 'object', minProperties: 1 },
      { type: 'object', minProperties: 3, properties: { a: { type: 'string' } } },
      { type: 'object', minProperties: 2, properties: { a: { type: 'string' }, b: { type: 'integer' } }, additionalProperties: false },
      { type: 'array', items: { type: 'integer' }, minItems: 3, maxItems: 3 },
      { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { const: 7 } }, required: ['b'] }] },
      { oneOf: [{ type: 'string', maxLength: 0, minLength: 1 }, { type: 'boolean' }] },
      { anyOf: [{ type: 'null' }, { type: 'integer' }] },
      { type: ['null', 'string'], enum: [null, 'x'] },
      { type: 'object', properties: { n: { const: 'fixed' } }, required: ['n'], additionalProperties: false },
      ...Object.keys(artifact.schemas).map((name) => ({ $ref: `#/schemas/${name}` })),
    ];
    for (const schema of schemas) {
      const value = generateValue(schema, { registry, random: randomFor('seed', JSON.stringify(schema)), now: NOW });
      expect(registry.validate(schema, value), `${JSON.stringify(schema)} → ${JSON.stringify(value)}`).toMatchObject({ ok: true });
    }
  });

  it('ends recursion that passes through allOf wrappers, and a schema that requires itself', async () => {
    // Converted AWS documents wrap every property as {allOf: [{$ref}, {description}]}; the
    // wrapper is resolved without a $ref hop being counted, so only nesting bounds the value.
    const wrap = (name: string) => ({ allOf: [{ $ref: `#/components/schemas/${name}` }, { description: name }] });
    const document = {
      openapi: '3.0.3',
      info: { title: 'recursive', version: '1' },
      paths: {
        '/query': {
          post: {
            responses: {
              '200': {
                description: 'rows',
                content: { 'application/json': { schema: { type: 'object', properties: { Rows: wrap('Data'), Points: wrap('Points'), Columns: { type: 'array', items: wrap('Column') }, Endless: wrap('Endless') } } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Datum: { type: 'object', properties: { Scalar: { type: 'string' }, Series: wrap('Points'), Array: wrap('Data') } },
          Data: { type: 'array', items: { $ref: '#/components/schemas/Datum' } },
          Points: { type: 'array', items: { $ref: '#/components/schemas/Point' } },
          Point: { type: 'object', required: ['Time', 'Value'], properties: { Time: { type: 'string', format: 'date-time' }, Value: wrap('Datum') } },
          Column: { type: 'object', required: ['Type'], properties: { Name: { type: 'string' }, Type: wrap('Type') } },
          Type: { type: 'object', properties: { Scalar: { type: 'string' }, Array: wrap('Column') } },
          Endless: { type: 'object', required: ['next'], properties: { next: wrap('Endless') } },
        },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(document));
    const registry = new SchemaRegistry(artifact);
    const depth = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0;
    for (const name of ['Datum', 'Point', 'Column', 'Type']) {
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
        const schema: JsonSchema = { $ref: `#/schemas/${name}` };
        const value = generateValue(schema, { registry, random: randomFor(seed, name), now: NOW });
        expect(registry.validate(schema, value).ok, `${name} ${JSON.stringify(value)}`).toBe(true);
        expect(depth(value)).toBeLessThan(40);
      }
    }
    // No finite value fits; a bounded placeholder is answered instead of a stack overflow.
    const endless = generateValue({ $ref: '#/schemas/Endless' }, { registry, random: randomFor('x'), now: NOW });
    expect(depth(endless)).toBeLessThanOrEqual(50);
  });

  it('is deterministic for the same stream and varies with it', async () => {
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const registry = new SchemaRegistry(artifact);
    const gen = (seed: string) => JSON.stringify(generateValue({ $ref: '#/schemas/User' }, { registry, random: randomFor(seed, 1, 'op'), now: NOW }));
    expect(gen('x')).toBe(gen('x'));
    expect(gen('x')).not.toBe(gen('y'));
  });

  it('uses a schema\'s examples that validate: the only one always, a seeded pick among several', async () => {
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const registry = new SchemaRegistry(artifact);
    const drawn = (schema: JsonSchema) => new Set(Array.from({ length: 40 }, (_, i) => generateValue(schema, { registry, random: randomFor('examples', i), now: NOW })));
    expect([...drawn({ type: 'string', examples: ['Rex'] })]).toEqual(['Rex']);
    const several = drawn({ type: 'string', maxLength: 3, examples: ['Rex', 'Kit', 'Tom', 'too long'] });
    expect([...several].sort()).toEqual(['Kit', 'Rex', 'Tom']);
  });

  it('gives a map a few entries of its value schema, within minProperties and maxProperties', async () => {
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const registry = new SchemaRegistry(artifact);
    const make = (schema: JsonSchema, i: number) => generateValue(schema, { registry, random: randomFor('maps', i), now: NOW }) as Record<string, unknown>;
    const counts = { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } } as JsonSchema;
    const sizes = new Set<number>();
    for (let i = 0; i < 30; i += 1) {
      const map = make(counts, i);
      expect(registry.validate(counts, map).ok).toBe(true);
      sizes.add(Object.keys(map).length);
      for (const value of Object.values(map)) expect(Number.isInteger(value)).toBe(true);
    }
    expect([...sizes].sort()).toEqual([1, 2, 3]);
    expect(Object.keys(make({ type: 'object', additionalProperties: { type: 'string' }, minProperties: 5 } as JsonSchema, 1)).length).toBeGreaterThanOrEqual(5);
    expect(make({ type: 'object', additionalProperties: { type: 'string' }, maxProperties: 0 } as JsonSchema, 1)).toEqual({});
    // A map inside an allOf wrapper that only describes it, as converted AWS documents write them.
    const wrapped = { allOf: [{ type: 'object', minProperties: 4, additionalProperties: { type: 'integer' } }, { description: 'Counts.' }] } as JsonSchema;
    const counted = make(wrapped, 1);
    expect(Object.keys(counted).length).toBeGreaterThanOrEqual(4);
    expect(registry.validate(wrapped, counted).ok).toBe(true);
    // Keys the generator cannot draw: the minimal attempt, an empty map, still validates.
    expect(make({ type: 'object', additionalProperties: { type: 'string' }, propertyNames: { pattern: '^x-' } } as JsonSchema, 1)).toEqual({});
    // Named properties keep the object a record, not a map.
    expect(Object.keys(make({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: { type: 'string' } } as JsonSchema, 1))).toEqual(['a']);
  });

  it('draws strings for the patterns documents write, short, seeded, and checked', async () => {
    const patterns = [
      '^acc_[a-z0-9]+$',
      '^[A-Z]{2}\\d{2,4}$',
      '^(foo|bar)-[0-9a-f]{8}$',
      'x?y*z+',
      '^\\w+@\\w+\\.com$',
      // Beyond a hand-written generator's reach: alternation in optional groups, lazy
      // quantifiers, negated classes, classes outside ASCII, Unicode property classes.
      '^arn:aws((-us-gov)|(-iso)|(-iso-b)|(-cn))?:kms:[a-z0-9-]+:\\d{12}?:key/[0-9a-f-]{36}$',
      '^(?:[^/]+/)+[^/]+$',
      '^\\S+\\s\\S+$',
      '^[\\u00C0-\\u00FF]{3}$',
      '^[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]+$',
      '^\\p{Lu}\\p{Ll}+$',
      '[\\P{M}\\p{M}]{1,5000}',
    ];
    for (const pattern of patterns) {
      const value = patternString(pattern, randomFor('p', pattern));
      expect(value, pattern).not.toBeNull();
      expect(new RegExp(pattern, 'u').test(value as string), `${pattern} → ${value}`).toBe(true);
      // Seeded: the same randomness draws the same string.
      expect(patternString(pattern, randomFor('p', pattern)), pattern).toBe(value);
    }
    // A format's own value where the pattern allows it, so the value passes both.
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const registry = new SchemaRegistry(artifact);
    const email = { type: 'string', format: 'email', pattern: '^.+@.+$' } as JsonSchema;
    for (let i = 0; i < 10; i += 1) {
      const value = generateValue(email, { registry, random: randomFor('email', i), now: NOW });
      expect(registry.validate(email, value).ok, String(value)).toBe(true);
    }
    // Bounded repetitions draw a few more than their minimum, not thousands.
    expect((patternString('^.{0,262144}$', randomFor('q')) as string).length).toBeLessThanOrEqual(16);
    expect((patternString('^[a-z]{4,}$', randomFor('q')) as string).length).toBeLessThanOrEqual(7);
    // Long runs, for ids: open-ended quantifiers repeat 16 times.
    expect(patternString('^id_[a-z0-9]+$', randomFor('q'), 'long')).toMatch(/^id_[a-z0-9]{16}$/);
    // The least runs, for a length the schema bounds: exactly the minimum of each quantifier.
    expect(patternString('^.*[0-9a-f]{8}-[0-9a-f]{4}.*$', randomFor('q'), 'least')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}$/);
    expect(patternStringWithin('.*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*', randomFor('q'), 36, 36)).toHaveLength(36);
    expect(patternStringWithin('^arn:.*$', randomFor('q'), 20, 2048)?.length).toBeGreaterThanOrEqual(20);
    // A length no usual run makes (AWS's UUID: `^[a-f0-9\-]+$`, exactly 36): repeated to make it.
    expect(patternStringWithin('^[a-f0-9\\-]+$', randomFor('q'), 36, 36)).toMatch(/^[a-f0-9-]{36}$/);
    expect(patternStringWithin('^[0-9]+$', randomFor('q'), 12, 12)).toMatch(/^[0-9]{12}$/);
    expect(patternStringWithin('^st-[a-zA-Z0-9]+$', randomFor('q'), 16, 16)).toMatch(/^st-[a-zA-Z0-9]{13}$/);
    // Hex in either case is written in lowercase, as Twilio's SIDs and digests are; a class of
    // only uppercase hex, or of letters beyond hex, keeps its case.
    const sids = Array.from({ length: 20 }, (_, i) => patternString('^SM[0-9a-fA-F]{32}$', randomFor('sid', i)));
    for (const sid of sids) expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sids.join('')).toMatch(/[a-f]/);
    expect(Array.from({ length: 20 }, (_, i) => patternString('^[0-9A-F]{32}$', randomFor('upper', i))).join('')).toMatch(/^[0-9A-F]+$/);
    expect(Array.from({ length: 20 }, (_, i) => patternString('^[a-zA-Z0-9]{22}$', randomFor('b62', i))).join('')).toMatch(/[A-Z]/);
    // Patterns that cannot be drawn: a string longer than any answer should carry, a negated
    // property class standing alone, a pattern nothing matches.
    expect(patternString('^a{20000}$', randomFor('q'))).toBeNull();
    // Nested quantifiers multiply: bounded at 17 each, ten levels would draw 17^10 characters.
    expect(patternString(`^${'('.repeat(10)}a${'){1,99}'.repeat(10)}$`, randomFor('q'))).toBeNull();
    expect(patternString('^((a{1,99}){1,99}){1,99}$', randomFor('q'))?.length).toBeLessThanOrEqual(17 ** 3);
    expect(patternString('^\\P{L}+$', randomFor('q'))).toBeNull();
    expect(patternString('^a$b', randomFor('q'))).toBeNull();
  });
});
