/**
 * Synthetic OpenAPI 3.0 documents of a chosen number of operations, shaped like real APIs:
 * resources with list/create/read/update/delete plus an action, some nested under another,
 * component schemas with descriptions and examples, shared error responses. About 1,000
 * operations make 10 MB of pretty-printed JSON. Deterministic: the same size gives the same text.
 */
export interface GenerateOptions {
  operations: number;
}

const LOREM =
  'Records are kept per workspace and change only through the operations below; every change is reflected in the record returned by the next read. ';

function words(n: number, salt: number): string {
  return `${LOREM.repeat(Math.ceil(n / 20)).split(' ').slice(salt % 7, (salt % 7) + n).join(' ')}.`;
}

function recordSchema(name: string, i: number): Record<string, unknown> {
  const prop = (type: string, extra: Record<string, unknown> = {}) => ({ type, description: words(18, i), ...extra });
  return {
    type: 'object',
    description: words(60, i),
    required: ['id', 'name', 'status', 'created_at'],
    properties: {
      id: prop('string', { format: 'uuid', readOnly: true, example: '3f1c9a52-7c1e-4d8e-9b0a-2f6d1e8c4b7a' }),
      name: prop('string', { maxLength: 200, example: `${name} example` }),
      description: prop('string', { maxLength: 2000, nullable: true }),
      status: prop('string', { enum: ['pending', 'active', 'suspended', 'canceled', 'expired'], example: 'active' }),
      email: prop('string', { format: 'email', example: 'owner@example.com' }),
      amount: prop('integer', { format: 'int64', minimum: 0, example: 1999 }),
      currency: prop('string', { enum: ['usd', 'eur', 'gbp', 'jpy'], example: 'eur' }),
      quantity: prop('integer', { format: 'int32', minimum: 1, maximum: 1000, example: 3 }),
      rating: prop('number', { format: 'double', minimum: 0, maximum: 5, example: 4.5 }),
      active: prop('boolean', { example: true }),
      tags: { ...prop('array'), items: { type: 'string', maxLength: 40 }, maxItems: 20, example: ['alpha', 'beta'] },
      metadata: { ...prop('object'), additionalProperties: { type: 'string', maxLength: 500 } },
      address: {
        ...prop('object'),
        properties: Object.fromEntries(['line1', 'line2', 'city', 'postal_code', 'state', 'country'].map((k) => [k, prop('string', { maxLength: 100 })])),
      },
      lines: {
        ...prop('array'),
        items: {
          type: 'object',
          properties: { sku: prop('string'), label: prop('string'), unit_amount: prop('integer'), quantity: prop('integer'), discount: prop('number') },
        },
      },
      created_at: prop('string', { format: 'date-time', readOnly: true, example: '2024-01-01T00:00:00Z' }),
      updated_at: prop('string', { format: 'date-time', readOnly: true, example: '2024-01-02T00:00:00Z' }),
      expires_at: prop('string', { format: 'date-time', nullable: true }),
      owner_id: prop('string', { format: 'uuid' }),
      external_ref: prop('string', { maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
      priority: prop('integer', { minimum: 0, maximum: 10 }),
    },
  };
}

function example(name: string, i: number): Record<string, unknown> {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `${name} ${i}`,
    description: words(40, i),
    status: 'active',
    email: `owner${i}@example.com`,
    amount: 1000 + i,
    currency: 'eur',
    quantity: 1 + (i % 9),
    rating: 4.5,
    active: true,
    tags: ['alpha', 'beta', 'gamma'],
    metadata: { source: 'import', batch: `b-${i}`, note: words(12, i) },
    address: { line1: `${i} Main Street`, line2: 'Suite 5', city: 'Springfield', postal_code: '12345', state: 'CA', country: 'US' },
    lines: [1, 2, 3].map((n) => ({ sku: `SKU-${i}-${n}`, label: words(6, n), unit_amount: 100 * n, quantity: n, discount: 0 })),
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-02T00:00:00Z',
    expires_at: null,
    owner_id: '00000000-0000-4000-8000-000000000001',
    external_ref: `ext_${i}`,
    priority: i % 10,
  };
}

const json = (schema: unknown, examples?: Record<string, unknown>) => ({ 'application/json': { schema, ...(examples ? { examples } : {}) } });
const errors = { '400': { $ref: '#/components/responses/BadRequest' }, '404': { $ref: '#/components/responses/NotFound' }, '422': { $ref: '#/components/responses/Invalid' } };

/** Generates the document as a value; `generateDocument` answers it as text. */
export function generateDocumentValue({ operations }: GenerateOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {
    Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, issue: { type: 'string' } } } } } },
  };
  let made = 0;
  for (let r = 0; made < operations; r++) {
    const name = `Resource${r}`;
    const plural = `resource${r}s`;
    const parent = r % 4 === 3 ? `/resource${r - 1}s/{parent_id}` : '';
    const collection = `${parent}/${plural}`;
    const item = `${collection}/{id}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    schemas[name] = recordSchema(name, r);
    const scope = parent ? [{ name: 'parent_id', in: 'path', required: true, schema: { type: 'string' } }] : [];
    const idParam = { name: 'id', in: 'path', required: true, description: words(10, r), schema: { type: 'string', format: 'uuid' } };
    const sample = { one: { summary: words(5, r), value: example(name, r) }, two: { summary: words(5, r + 1), value: example(name, r + 1) } };
    const op = (id: string, extra: Record<string, unknown>) => ({ operationId: id, summary: words(8, r), description: words(150, r + id.length), tags: [plural], ...extra });
    const all: [string, string, Record<string, unknown>][] = [
      [collection, 'get', op(`list${name}s`, {
        parameters: [...scope, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }, { name: 'cursor', in: 'query', schema: { type: 'string' } }, { name: 'status', in: 'query', schema: { type: 'string' } }],
        responses: { '200': { description: 'A page', content: json({ type: 'object', properties: { data: { type: 'array', items: ref }, next_cursor: { type: 'string', nullable: true } } }, { page: { value: { data: [0, 1, 2, 3].map((k) => example(name, r + k)), next_cursor: null } } }) }, ...errors },
      })],
      [collection, 'post', op(`create${name}`, { parameters: scope, requestBody: { required: true, content: json(ref, sample) }, responses: { '201': { description: 'Created', content: json(ref, sample) }, ...errors } })],
      [item, 'get', op(`get${name}`, { parameters: [...scope, idParam], responses: { '200': { description: 'The record', content: json(ref, sample) }, ...errors } })],
      [item, 'patch', op(`update${name}`, { parameters: [...scope, idParam], requestBody: { content: json(ref, sample) }, responses: { '200': { description: 'Updated', content: json(ref, sample) }, ...errors } })],
      [item, 'delete', op(`delete${name}`, { parameters: [...scope, idParam], responses: { '204': { description: 'Deleted' }, ...errors } })],
      [`${item}/cancel`, 'post', op(`cancel${name}`, { parameters: [...scope, idParam], responses: { '200': { description: 'Canceled', content: json(ref, sample) }, ...errors } })],
    ];
    for (const [path, method, operation] of all) {
      if (made >= operations) break;
      (paths[path] ??= {})[method] = operation;
      made++;
    }
  }
  const error = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });
  return {
    openapi: '3.0.3',
    info: { title: `Generated API of ${operations} operations`, version: '1.0.0', description: words(50, 1) },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths,
    components: {
      schemas,
      responses: { BadRequest: error('Malformed request'), NotFound: error('No such record'), Invalid: error('The body is invalid') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}

export function generateDocument(options: GenerateOptions): string {
  return JSON.stringify(generateDocumentValue(options), null, 2);
}
