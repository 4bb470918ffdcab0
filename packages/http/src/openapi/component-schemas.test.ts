import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ComponentSchemas } from './component-schemas.js';

const JSON_VALUE = { $ref: '#/components/schemas/JsonValue' };

describe('ComponentSchemas', () => {
  it('moves the $defs zod writes for a JSON value into one JsonValue component, shared by every schema', () => {
    const schemas = new ComponentSchemas(new Map());
    const first = schemas.schemaOf(z.strictObject({ metadata: z.record(z.string(), z.json()) }));
    const second = schemas.schemaOf(z.strictObject({ value: z.json(), list: z.array(z.json()) }));

    expect(first).not.toHaveProperty('$defs');
    expect(first).toMatchObject({ properties: { metadata: { additionalProperties: JSON_VALUE } } });
    expect(second).toMatchObject({ properties: { value: JSON_VALUE, list: { items: JSON_VALUE } } });
    const all = schemas.all() as Record<string, { description: string; anyOf: unknown[] }>;
    expect(Object.keys(all)).toEqual(['JsonValue']);
    expect(all.JsonValue?.description).toBe('Any JSON value.');
    expect(all.JsonValue?.anyOf).toContainEqual({ type: 'array', items: JSON_VALUE });
    expect(JSON.stringify(all)).not.toContain('$defs');
  });

  it('refers to a named schema, and hoists the cycles inside it too', () => {
    const event = z.strictObject({ kind: z.string(), data: z.json() });
    const schemas = new ComponentSchemas(new Map([[event, 'Event']]));
    expect(schemas.schemaOf(event)).toEqual({ $ref: '#/components/schemas/Event' });
    expect(schemas.all()).toMatchObject({ Event: { properties: { data: JSON_VALUE } }, JsonValue: {} });
  });

  it('points a named recursive schema at its own component', () => {
    interface Node {
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.strictObject({ children: z.array(node) }));
    const schemas = new ComponentSchemas(new Map([[node, 'Node']]));
    expect(schemas.all()).toMatchObject({ Node: { properties: { children: { items: { $ref: '#/components/schemas/Node' } } } } });
  });

  it('refuses a recursive schema it has no name for, rather than leave a reference that resolves nowhere', () => {
    interface Tree {
      leaves: Tree[];
    }
    const tree: z.ZodType<Tree> = z.lazy(() => z.strictObject({ leaves: z.array(tree) }));
    const schemas = new ComponentSchemas(new Map());
    expect(() => schemas.schemaOf(z.strictObject({ tree }))).toThrow(/RECURSIVE_SCHEMAS/);
    expect(() => schemas.schemaOf(tree)).toThrow(/cannot refer to itself/);
  });
});
