import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimCall } from '../../testing/sim-client.js';

type Rec = Record<string, unknown>;

const intent = {
  type: 'object',
  required: ['id', 'amount', 'currency', 'status', 'created', 'description'],
  properties: {
    id: { type: 'string' },
    amount: { type: 'integer' },
    currency: { type: 'string' },
    status: { type: 'string', enum: ['requires_confirmation', 'succeeded'] },
    created: { type: 'integer' },
    description: { type: 'string', nullable: true },
  },
};
const refund = {
  type: 'object',
  required: ['id', 'amount', 'currency', 'status', 'created', 'description', 'payment_intent'],
  properties: {
    id: { type: 'string' },
    amount: { type: 'integer', minimum: 1 },
    currency: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'succeeded'] },
    created: { type: 'integer' },
    description: { type: 'string' },
    payment_intent: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/PaymentIntent' }], nullable: true },
  },
};
const customer = { type: 'object', required: ['id', 'currency', 'country'], properties: { id: { type: 'string' }, currency: { type: 'string' }, country: { type: 'string', minLength: 2, maxLength: 2 } } };
const order = { type: 'object', required: ['id', 'currency', 'country', 'customer_id'], properties: { id: { type: 'string' }, customer_id: { type: 'string' }, currency: { type: 'string' }, country: { type: 'string' } } };

function collection(name: string, schema: string) {
  const ok = (status: string) => ({ [status]: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } } });
  const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'expand', in: 'query', style: 'deepObject', explode: true, schema: { type: 'array', items: { type: 'string' } } }];
  return {
    [`/${name}`]: { post: { operationId: `create_${name}`, requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: ok('201') } },
    [`/${name}/{id}`]: { get: { operationId: `read_${name}`, parameters: id, responses: ok('200') } },
  };
}

const document = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Payments', version: '1' },
  paths: { ...collection('payment_intents', 'PaymentIntent'), ...collection('refunds', 'Refund'), ...collection('customers', 'Customer'), ...collection('orders', 'Order') },
  components: { schemas: { PaymentIntent: intent, Refund: refund, Customer: customer, Order: order } },
});

async function open() {
  const { artifact } = await compileArtifact(document);
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  const checker = new ResponseChecker(artifact);
  const call = (call: SimCall): Rec => {
    const answer = client.call(call);
    expect(answer.status).toBe(201);
    expect(checker.problem(answer)).toBeNull();
    return answer.json as Rec;
  };
  return { call, client };
}

describe('a new record naming another', () => {
  it('takes the values it left out from the record it names: a refund is for its payment intent amount, in its currency', async () => {
    const { call, client } = await open();
    const paid = call({ method: 'POST', path: '/payment_intents', body: { amount: 2000, currency: 'eur', description: 'Rent' } });
    const refunded = call({ method: 'POST', path: '/refunds', body: { payment_intent: paid.id } });
    expect(refunded).toMatchObject({ payment_intent: paid.id, amount: 2000, currency: 'eur' });
    // Its own id, state, time and description are its own.
    expect(refunded.id).not.toBe(paid.id);
    expect(refunded.status).toBe('pending');
    expect(refunded.description).not.toBe('Rent');
    // The field names the payment intent for `expand` too, though it is nullable (an anyOf in an anyOf).
    const read = client.call({ method: 'GET', path: `/refunds/${String(refunded.id)}`, query: 'expand[]=payment_intent' });
    expect(read.json).toMatchObject({ payment_intent: { id: paid.id, amount: 2000 } });
    // What the create gives wins.
    expect(call({ method: 'POST', path: '/refunds', body: { payment_intent: paid.id, amount: 500 } })).toMatchObject({ amount: 500, currency: 'eur' });
  });

  it('by an `_id` field naming a collection, and only values that fit its own schema', async () => {
    const { call } = await open();
    const buyer = call({ method: 'POST', path: '/customers', body: { currency: 'GBP', country: 'GB' } });
    expect(call({ method: 'POST', path: '/orders', body: { customer_id: buyer.id } })).toMatchObject({ customer_id: buyer.id, currency: 'GBP', country: 'GB' });
    // A record nobody created gives nothing: the fields are generated.
    const stray = call({ method: 'POST', path: '/refunds', body: { payment_intent: 'pi_missing' } });
    expect(stray.currency).not.toBe('eur');
    const paid = call({ method: 'POST', path: '/payment_intents', body: { amount: 0, currency: 'usd' } });
    // 0 does not fit the refund's minimum of 1: generated instead.
    expect(call({ method: 'POST', path: '/refunds', body: { payment_intent: paid.id } })).toMatchObject({ currency: 'usd', amount: expect.any(Number) });
    expect(call({ method: 'POST', path: '/refunds', body: { payment_intent: paid.id } }).amount).toBeGreaterThanOrEqual(1);
  });
});
