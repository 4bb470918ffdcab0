/**
 * A small OpenAPI 3.0 document of a shop for the tests of shared entities: `Customer` (with an
 * id, a name, an e-mail, a state and a creation time) at the collection path given, beside the
 * other resources given, each with list, create and read routes.
 */
export function shopDocument(customers: string, others: Record<string, { schema: string; item: Record<string, unknown> }> = {}, customer: Record<string, unknown> = CUSTOMER): string {
  const paths: Record<string, unknown> = {};
  const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const routes = (base: string, word: string, schema: string) => {
    paths[base] = {
      get: { operationId: `list_${word}`, responses: { 200: { description: 'ok', ...json({ type: 'array', items: ref(schema) }) } } },
      post: { operationId: `create_${word}`, requestBody: { required: true, ...json(ref(schema)) }, responses: { 201: { description: 'ok', ...json(ref(schema)) } } },
    };
    paths[`${base}/{id}`] = {
      get: { operationId: `get_${word}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok', ...json(ref(schema)) }, 404: { description: 'missing' } } },
    };
  };
  const schemas: Record<string, unknown> = { Customer: customer };
  routes(customers, 'customers', 'Customer');
  for (const [word, { schema, item }] of Object.entries(others)) {
    schemas[schema] = item;
    routes(`/${word}`, word, schema);
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Shop', version: '1' }, paths, components: { schemas } });
}

export const CUSTOMER = {
  type: 'object',
  required: ['id', 'name', 'email', 'status', 'created_at'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    status: { type: 'string', enum: ['active', 'closed'] },
    balance: { type: 'integer', minimum: 0 },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
};

export const ORDER = {
  type: 'object',
  required: ['id', 'customer', 'amount'],
  properties: { id: { type: 'string', readOnly: true }, customer: { type: 'string' }, amount: { type: 'integer', minimum: 1 } },
};

export const INVOICE = {
  type: 'object',
  required: ['number', 'total'],
  properties: { number: { type: 'integer', readOnly: true }, total: { type: 'number' }, customer_id: { type: 'string' } },
};
