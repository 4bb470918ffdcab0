import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../artifact/artifact.js';
import type { JsonObject } from '../json.js';
import { standaloneSchema } from '../runtime/tools/tool-schema.js';
import { ToolDefinitionCopies, ToolSchemaWriter } from './tool-schemas.js';

/** A tool schema as the build keeps it and as a client reads it. */
function written(schemas: Record<string, JsonSchema>, make: (writer: ToolSchemaWriter) => JsonObject) {
  const copies = new ToolDefinitionCopies(schemas);
  const writer = new ToolSchemaWriter(copies);
  const kept = writer.finish(make(writer));
  return { kept, used: copies.used, read: standaloneSchema(kept, copies.used) };
}

describe('tool schemas', () => {
  it("carry the schemas a part reaches as $defs, without the artifact's annotations", () => {
    const { kept, used, read } = written(
      {
        Pet: { type: 'object', 'x-xml': { order: ['id'] }, properties: { id: { type: 'string' }, 'x-owner': { $ref: '#/schemas/Owner' } }, required: ['id'] },
        Owner: { type: 'object', properties: { name: { type: 'string', enum: ['x-ray'] } } },
        Unused: { type: 'string' },
      },
      (writer) => ({ type: 'object', properties: { body: writer.part({ $ref: '#/schemas/Pet', 'x-simplane-value': { kind: 'id' } }) } }),
    );
    expect(read).toEqual({
      type: 'object',
      properties: { body: { $ref: '#/$defs/Pet' } },
      $defs: {
        Owner: { type: 'object', properties: { name: { type: 'string', enum: ['x-ray'] } } },
        Pet: { type: 'object', properties: { id: { type: 'string' }, 'x-owner': { $ref: '#/$defs/Owner' } }, required: ['id'] },
      },
    });
    expect(kept.defs).toEqual(['Owner', 'Pet']);
    expect(Object.keys(used).sort()).toEqual(['Owner', 'Pet']);
  });

  it('keep the nearest definitions within their budget, and let a reference past it accept anything', () => {
    const big = (next: string) => ({ type: 'object', description: 'x'.repeat(20_000), properties: { next: { $ref: `#/schemas/${next}` } } });
    const { kept, read } = written({ A: big('B'), B: big('C'), C: big('D'), D: { type: 'string' } }, (writer) => ({ type: 'object', properties: { body: writer.part({ $ref: '#/schemas/A' }) } }));
    expect(kept).toMatchObject({ defs: ['A', 'B'], trimmed: true });
    const defs = read['$defs'] as Record<string, { properties: { next: Record<string, unknown> } }>;
    expect(Object.keys(defs)).toEqual(['A', 'B']);
    expect(defs.A!.properties.next).toEqual({ $ref: '#/$defs/B' });
    expect(defs.B!.properties.next).toEqual({ description: "A C of the API's document (its schema is left out here for size)." });
    expect(JSON.stringify(read)).not.toContain('#/$defs/C');
  });

  it('share one copy of a definition between tools, each trimmed as its own budget says', () => {
    const copies = new ToolDefinitionCopies({ Big: { type: 'object', description: 'x'.repeat(40_000), properties: { small: { $ref: '#/schemas/Small' } } }, Small: { type: 'string' } });
    const whole = new ToolSchemaWriter(copies);
    const a = whole.finish({ type: 'object', properties: { small: whole.part({ $ref: '#/schemas/Small' }), big: whole.part({ $ref: '#/schemas/Big' }) } });
    const cut = new ToolSchemaWriter(copies);
    const b = cut.finish({ type: 'object', properties: { big: cut.part({ $ref: '#/schemas/Big' }) } });
    expect(a).toMatchObject({ defs: ['Big', 'Small'] });
    expect(a.trimmed).toBeUndefined();
    expect(b).toMatchObject({ defs: ['Big'], trimmed: true });
    expect(standaloneSchema(b, copies.used)).toMatchObject({ $defs: { Big: { properties: { small: { description: "A Small of the API's document (its schema is left out here for size)." } } } } });
    expect(standaloneSchema(a, copies.used)).toMatchObject({ $defs: { Big: { properties: { small: { $ref: '#/$defs/Small' } } } } });
  });

  it('escape names a JSON pointer cannot hold as they are', () => {
    const { read } = written({ 'a/b~c': { type: 'integer' } }, (writer) => ({ type: 'object', properties: { n: writer.part({ $ref: '#/schemas/a/b~c' }) } }));
    expect(read).toEqual({ type: 'object', properties: { n: { $ref: '#/$defs/a~1b~0c' } }, $defs: { 'a/b~c': { type: 'integer' } } });
  });
});
