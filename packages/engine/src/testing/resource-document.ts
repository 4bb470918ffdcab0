/**
 * A small OpenAPI 3.1 document with CRUD routes for each resource given (`/tokens`,
 * `/tokens/{id}`), each item schema a component: for tests of what the compiler infers from an
 * item schema alone.
 */
export function resourceDocument(resources: Record<string, { schema: string; item: Record<string, unknown> }>, nested: Record<string, { parent: string; schema: string; item: Record<string, unknown> }> = {}): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
  const routes = (base: string, word: string, schema: string, params: unknown[]) => {
    const item = `${word.replace(/s$/, '')}Id`;
    paths[base] = {
      get: { operationId: `list_${word}`, parameters: params, responses: { 200: { description: 'ok', ...json({ type: 'array', items: ref(schema) }) } } },
      post: { operationId: `create_${word}`, parameters: params, requestBody: { required: true, ...json(ref(schema)) }, responses: { 201: { description: 'ok', ...json(ref(schema)) } } },
    };
    paths[`${base}/{${item}}`] = {
      get: { operationId: `get_${word}`, parameters: [...params, id(item)], responses: { 200: { description: 'ok', ...json(ref(schema)) }, 404: { description: 'missing' } } },
      patch: { operationId: `update_${word}`, parameters: [...params, id(item)], requestBody: { required: true, ...json(ref(schema)) }, responses: { 200: { description: 'ok', ...json(ref(schema)) } } },
      delete: { operationId: `delete_${word}`, parameters: [...params, id(item)], responses: { 204: { description: 'gone' } } },
    };
    return item;
  };
  const items: Record<string, string> = {};
  for (const [word, { schema, item }] of Object.entries(resources)) {
    schemas[schema] = item;
    items[word] = routes(`/${word}`, word, schema, []);
  }
  for (const [word, { parent, schema, item }] of Object.entries(nested)) {
    schemas[schema] = item;
    const parentId = items[parent] as string;
    routes(`/${parent}/{${parentId}}/${word}`, word, schema, [id(parentId)]);
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Lifecycle', version: '1' }, paths, components: { schemas } });
}
