/**
 * A synthetic OpenAPI 3.0 document whose component schemas form one large connected graph, as
 * Stripe's do: every object links to others through expandable fields (`anyOf: [id string,
 * $ref]`) and lists of others. `resources` of the components get list, create and read.
 * Deterministic: the same sizes give the same text.
 */
export function generateConnectedDocument({ components, resources }: { components: number; resources: number }): string {
  let state = 7;
  const next = (): number => (state = (state * 48271) % 2147483647) / 2147483647;
  const pick = (): number => Math.floor(next() * components);
  const name = (i: number): string => `Object${i}`;
  const ref = (i: number): { $ref: string } => ({ $ref: `#/components/schemas/${name(i)}` });
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < components; i += 1) {
    const properties: Record<string, unknown> = {
      id: { type: 'string', maxLength: 64 },
      object: { type: 'string', enum: [`object_${i}`] },
      created: { type: 'integer' },
      description: { type: 'string', nullable: true, maxLength: 5000 },
      metadata: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 } },
    };
    for (let k = 0; k < 4; k += 1) {
      const other = pick();
      properties[`link_${k}`] = { anyOf: [{ type: 'string', maxLength: 5000 }, ref(other)], description: `The linked ${name(other)}, or its id.` };
    }
    properties.items = { type: 'array', items: ref(pick()) };
    schemas[name(i)] = { type: 'object', properties, required: ['id', 'object'] };
  }
  const json = (schema: unknown): Record<string, unknown> => ({ 'application/json': { schema } });
  const paths: Record<string, unknown> = {};
  for (let r = 0; r < Math.min(resources, components); r += 1) {
    paths[`/things${r}`] = {
      get: { operationId: `list${r}`, responses: { 200: { description: 'ok', content: json({ type: 'object', properties: { data: { type: 'array', items: ref(r) } } }) } } },
      post: { operationId: `create${r}`, requestBody: { content: json({ type: 'object', properties: { description: { type: 'string' } } }) }, responses: { 200: { description: 'ok', content: json(ref(r)) } } },
    };
    paths[`/things${r}/{id}`] = { get: { operationId: `read${r}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok', content: json(ref(r)) } } } };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Connected', version: '1' }, paths, components: { schemas } });
}
