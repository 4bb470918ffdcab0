import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../../testing/fixtures.js';
import { ResponseChecker } from '../../../testing/response-check.js';
import { SimClient, type SimCall } from '../../../testing/sim-client.js';

/**
 * An API in Stripe's manner: form bodies with bracketed names for nested values, a read that
 * answers the record or its deleted form, an error envelope whose `type` is an enum, and
 * statuses listed alphabetically.
 */
const customer = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { type: 'string', enum: ['customer'] },
    created: { type: 'integer', format: 'unix-time' },
    email: { type: 'string', nullable: true },
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    items: { type: 'array', items: { type: 'object', properties: { price: { type: 'string' }, quantity: { type: 'integer' } } } },
  },
  required: ['id', 'object', 'created'],
};
const deletedCustomer = {
  type: 'object',
  properties: { id: { type: 'string' }, object: { type: 'string', enum: ['customer'] }, deleted: { type: 'boolean', enum: [true] } },
  required: ['id', 'object', 'deleted'],
};
const error = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        param: { type: 'string' },
        type: { type: 'string', enum: ['api_error', 'card_error', 'idempotency_error', 'invalid_request_error'] },
        charge: { type: 'string' },
        decline_code: { type: 'string' },
      },
      required: ['type'],
    },
  },
  required: ['error'],
};
const json = (schema: unknown) => ({ 'application/json': { schema } });
const form = (schema: unknown) => ({ 'application/x-www-form-urlencoded': { schema } });
const answers = (schema: unknown) => ({ '200': { description: 'ok', content: json(schema) }, default: { description: 'error', content: json(error) } });

const paymentIntent = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    amount: { type: 'integer' },
    currency: { type: 'string' },
    status: { type: 'string', enum: ['canceled', 'processing', 'requires_action', 'requires_confirmation', 'succeeded'] },
    // Expandable: the id, or the customer itself when the request asks.
    customer: { anyOf: [{ type: 'string', maxLength: 5000 }, customer], nullable: true },
  },
  required: ['id', 'amount', 'currency', 'status'],
};

const document = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Payments', version: '1' },
  security: [{ basicAuth: [] }, { bearerAuth: [] }],
  components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' }, bearerAuth: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/v1/customers': {
      post: {
        operationId: 'PostCustomers',
        requestBody: {
          content: form({
            type: 'object',
            additionalProperties: false,
            properties: {
              email: { type: 'string' },
              metadata: { anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'string', enum: [''] }] },
              items: { type: 'array', items: { type: 'object', properties: { price: { type: 'string' }, quantity: { type: 'integer' } }, additionalProperties: false } },
              expand: { type: 'array', items: { type: 'string' } },
              'filter[name]': { type: 'string' },
            },
          }),
        },
        responses: answers(customer),
      },
    },
    '/v1/customers/{customer}': {
      get: { operationId: 'GetCustomer', parameters: [{ name: 'customer', in: 'path', required: true, schema: { type: 'string' } }], responses: answers({ anyOf: [customer, deletedCustomer] }) },
    },
    '/v1/payment_intents': {
      post: {
        operationId: 'PostPaymentIntents',
        requestBody: { content: form({ type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' }, customer: { type: 'string' }, expand: { type: 'array', items: { type: 'string' } } }, required: ['amount', 'currency'] }) },
        responses: answers(paymentIntent),
      },
    },
    '/v1/payment_intents/{intent}': {
      get: {
        operationId: 'GetPaymentIntentsIntent',
        parameters: [
          { name: 'intent', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'expand', in: 'query', style: 'deepObject', explode: true, schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: answers(paymentIntent),
      },
    },
    '/v1/payment_intents/{intent}/confirm': {
      post: {
        operationId: 'PostPaymentIntentsIntentConfirm',
        parameters: [{ name: 'intent', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: form({ type: 'object', properties: { payment_method: { type: 'string' } } }) },
        responses: answers(paymentIntent),
      },
    },
  },
});

async function open() {
  const { artifact } = await compileArtifact(document);
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  const checker = new ResponseChecker(artifact);
  return (c: SimCall, auth = true) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: 'Bearer sk_test_1' } : {}), ...c.headers };
    const answer = client.call({ ...c, headers });
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
}

describe('form bodies with bracketed names', () => {
  it('read nested objects and arrays, coerced by the schema, and keep a property whose name has brackets', async () => {
    const call = await open();
    const body = 'email=ada%40example.com&metadata[team]=core&metadata[tier]=2&items[0][price]=p_1&items[0][quantity]=2&items[1][price]=p_2&expand[]=a&expand[]=b&filter[name]=literal';
    const created = call({ method: 'POST', path: '/v1/customers', body });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({
      email: 'ada@example.com',
      metadata: { team: 'core', tier: '2' },
      items: [{ price: 'p_1', quantity: 2 }, { price: 'p_2' }],
      'filter[name]': 'literal',
    });
    // `expand[]` directs the answer; the customer does not declare it, so it is not kept.
    expect(created.json).not.toHaveProperty('expand');
    const id = (created.json as { id: string }).id;
    expect(call({ method: 'GET', path: `/v1/customers/${id}` }).json).toEqual(created.json);
    // The other branch of a choice: an empty text is a valid body (it unsets the metadata; the
    // record's schema holds only an object there, so the record has none).
    const unset = call({ method: 'POST', path: '/v1/customers', body: 'metadata=' });
    expect(unset.status).toBe(200);
    expect(unset.json).not.toHaveProperty('metadata');
  });

  it('refuse a nested value of the wrong type in the document format, and never touch object prototypes', async () => {
    const call = await open();
    const wrong = call({ method: 'POST', path: '/v1/customers', body: 'items[0][quantity]=two' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('items');
    const hostile = call({ method: 'POST', path: '/v1/customers', body: '__proto__[polluted]=1&constructor[prototype][polluted]=1&metadata[__proto__][polluted]=1' });
    expect(hostile.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Deeper than the bracket levels read: the rest stays part of the key, and the schema refuses it.
    expect(call({ method: 'POST', path: '/v1/customers', body: `metadata${'[a]'.repeat(40)}=x` }).status).toBe(400);
  });
});

describe('a record whose read answers a choice of schemas', () => {
  it('is the member the create answers: its server fields are filled from the clock, nothing else is made up', async () => {
    const call = await open();
    const created = call({ method: 'POST', path: '/v1/customers', body: 'email=grace%40example.com' });
    expect(created.status).toBe(200);
    expect(Object.keys(created.json as object).sort()).toEqual(['created', 'email', 'id', 'object']);
    // SimClient's clock starts at 2024-01-01 and moves a second per step.
    expect(created.json).toMatchObject({ object: 'customer', created: 1704067201 });
  });
});

describe('errors with an enumerated kind', () => {
  it('fill the envelope with what the refusal says and pick the kind that names it', async () => {
    const call = await open();
    const missing = call({ method: 'POST', path: '/v1/payment_intents', body: 'currency=usd' });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: { code: 'validation_failed', message: 'the request body is not valid: amount is required', param: 'amount', type: 'invalid_request_error' } });
    const unknown = call({ method: 'GET', path: '/v1/customers/cus_missing' });
    expect(unknown.status).toBe(404);
    expect((unknown.json as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const anonymous = call({ method: 'GET', path: '/v1/customers/cus_missing' }, false);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('; or bearerAuth: an Authorization: Bearer token is required') } });
  });
});

describe('a new record status', () => {
  it('starts in a state a record starts in (requires_confirmation), not the first that does not name an end, however the enum is ordered', async () => {
    const call = await open();
    expect(call({ method: 'POST', path: '/v1/payment_intents', body: 'amount=2000&currency=usd' }).json).toMatchObject({ amount: 2000, status: 'requires_confirmation' });
  });

  it('answers an expanded field as the record its id names, only where asked', async () => {
    const call = await open();
    const buyer = call({ method: 'POST', path: '/v1/customers', body: 'email=ada%40example.com' }).json as { id: string };
    const intent = call({ method: 'POST', path: '/v1/payment_intents', body: `amount=500&currency=eur&customer=${buyer.id}` }).json as { id: string; customer: string };
    expect(intent.customer).toBe(buyer.id);
    expect(call({ method: 'GET', path: `/v1/payment_intents/${intent.id}` }).json).toMatchObject({ customer: buyer.id });
    const withCustomer = call({ method: 'GET', path: `/v1/payment_intents/${intent.id}`, query: 'expand[]=customer' }).json as { customer: unknown };
    expect(withCustomer.customer).toEqual(call({ method: 'GET', path: `/v1/customers/${buyer.id}` }).json);
    // A write may ask too (Stripe's `expand[]` form field); the stored record keeps the id.
    const created = call({ method: 'POST', path: '/v1/payment_intents', body: `amount=700&currency=eur&customer=${buyer.id}&expand[]=customer` }).json as { id: string; customer: { email: string } };
    expect(created.customer).toMatchObject({ id: buyer.id, email: 'ada@example.com' });
    expect(call({ method: 'GET', path: `/v1/payment_intents/${created.id}` }).json).toMatchObject({ customer: buyer.id });
    // An id nobody created stays an id.
    const stranger = call({ method: 'POST', path: '/v1/payment_intents', body: 'amount=1&currency=eur&customer=cus_nobody' }).json as { id: string };
    expect(call({ method: 'GET', path: `/v1/payment_intents/${stranger.id}`, query: 'expand[]=customer' }).json).toMatchObject({ customer: 'cus_nobody' });
  });

  it('moves on confirm to the state that says it went through, since a state waits for confirmation', async () => {
    const call = await open();
    const intent = call({ method: 'POST', path: '/v1/payment_intents', body: 'amount=2000&currency=usd' }).json as { id: string };
    const confirmed = call({ method: 'POST', path: `/v1/payment_intents/${intent.id}/confirm`, body: 'payment_method=pm_card_visa' });
    expect(confirmed.json).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(call({ method: 'GET', path: `/v1/payment_intents/${intent.id}` }).json).toMatchObject({ status: 'succeeded' });
  });
});
