import { describe, expect, it } from 'vitest';
import { StandaloneSchemaWriter } from './tool-schemas.js';

describe('StandaloneSchemaWriter', () => {
  it("carries the schemas a part reaches as $defs, without the artifact's annotations", () => {
    const writer = new StandaloneSchemaWriter({
      Pet: { type: 'object', 'x-xml': { order: ['id'] }, properties: { id: { type: 'string' }, 'x-owner': { $ref: '#/schemas/Owner' } }, required: ['id'] },
      Owner: { type: 'object', properties: { name: { type: 'string', enum: ['x-ray'] } } },
      Unused: { type: 'string' },
    });
    const root = writer.finish({ type: 'object', properties: { body: writer.part({ $ref: '#/schemas/Pet', 'x-simplane-value': { kind: 'id' } }) } });
    expect(root).toEqual({
      type: 'object',
      properties: { body: { $ref: '#/$defs/Pet' } },
      $defs: {
        Owner: { type: 'object', properties: { name: { type: 'string', enum: ['x-ray'] } } },
        Pet: { type: 'object', properties: { id: { type: 'string' }, 'x-owner': { $ref: '#/$defs/Owner' } }, required: ['id'] },
      },
    });
  });

  it('keeps the nearest definitions within its budget, and lets a reference past it accept anything', () => {
    const big = (next: string) => ({ type: 'object', description: 'x'.repeat(20_000), properties: { next: { $ref: `#/schemas/${next}` } } });
    const writer = new StandaloneSchemaWriter({ A: big('B'), B: big('C'), C: big('D'), D: { type: 'string' } });
    const root = writer.finish({ type: 'object', properties: { body: writer.part({ $ref: '#/schemas/A' }) } });
    const defs = root['$defs'] as Record<string, { properties: { next: Record<string, unknown> } }>;
    expect(Object.keys(defs)).toEqual(['A', 'B']);
    expect(defs.A!.properties.next).toEqual({ $ref: '#/$defs/B' });
    expect(defs.B!.properties.next).toEqual({ description: "A C of the API's document (its schema is left out here for size)." });
    expect(JSON.stringify(root)).not.toContain('#/$defs/C');
  });

  it('escapes names a JSON pointer cannot hold as they are', () => {
    const writer = new StandaloneSchemaWriter({ 'a/b~c': { type: 'integer' } });
    const root = writer.finish({ type: 'object', properties: { n: writer.part({ $ref: '#/schemas/a/b~c' }) } });
    expect(root).toEqual({ type: 'object', properties: { n: { $ref: '#/$defs/a~1b~0c' } }, $defs: { 'a/b~c': { type: 'integer' } } });
  });
});
