import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimCall } from '../../testing/sim-client.js';

type Rec = Record<string, unknown>;

const charge = {
  type: 'object',
  required: ['id', 'amount', 'amount_refunded', 'refunded', 'currency'],
  properties: { id: { type: 'string' }, amount: { type: 'integer' }, amount_refunded: { type: 'integer' }, refunded: { type: 'boolean' }, currency: { type: 'string' } },
};
const refund = {
  type: 'object',
  required: ['id', 'amount', 'charge'],
  properties: { id: { type: 'string' }, amount: { type: 'integer' }, charge: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Charge' }] } },
};
/** A payout names a charge too, but pays nothing back: the charge has no `amount_paid_out`. */
const payout = { type: 'object', required: ['id', 'amount'], properties: { id: { type: 'string' }, amount: { type: 'integer' }, charge_id: { type: 'string' } } };
const body = { content: { 'application/json': { schema: { type: 'object' } } } };
const ok = (schema: string, status = '200') => ({ [status]: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } } });
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

const document = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Payments', version: '1' },
  paths: {
    '/charges': { post: { operationId: 'createCharge', requestBody: body, responses: ok('Charge', '201') } },
    '/charges/{charge}': { get: { operationId: 'readCharge', parameters: [param('charge')], responses: ok('Charge') } },
    '/charges/{charge}/refunds': { post: { operationId: 'refundCharge', parameters: [param('charge')], requestBody: body, responses: ok('Refund', '201') } },
    '/refunds': { post: { operationId: 'createRefund', requestBody: body, responses: ok('Refund', '201') } },
    '/payouts': { post: { operationId: 'createPayout', requestBody: body, responses: ok('Payout', '201') } },
  },
  components: { schemas: { Charge: charge, Refund: refund, Payout: payout } },
});

describe('a record whose amount moves an amount of another', () => {
  it("adds to the total of the record it names or is created under, and sets its flag once the whole amount is moved: a charge's refunds", async () => {
    const { artifact } = await compileArtifact(document);
    // Decided at build time: refunds add to the charge their path or their `charge` field names.
    expect(artifact.resources.find((r) => r.name === 'charges.refunds' || r.name === 'refunds')?.records?.moves).toEqual(
      expect.arrayContaining([expect.objectContaining({ target: 'charges', total: 'amount_refunded', flag: 'refunded' })]),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    const call = (request: SimCall): Rec => {
      const answer = client.call(request);
      expect(answer.status).toBeLessThan(300);
      expect(checker.problem(answer)).toBeNull();
      return answer.json as Rec;
    };
    const read = (id: unknown) => call({ method: 'GET', path: `/charges/${String(id)}` });
    // A new charge has had nothing refunded, whatever the generator would say.
    const paid = call({ method: 'POST', path: '/charges', body: { amount: 2000, currency: 'usd' } });
    expect(paid).toMatchObject({ amount_refunded: 0, refunded: false });
    call({ method: 'POST', path: '/refunds', body: { charge: paid.id, amount: 500 } });
    expect(read(paid.id)).toMatchObject({ amount: 2000, amount_refunded: 500, refunded: false });
    call({ method: 'POST', path: `/charges/${String(paid.id)}/refunds`, body: { amount: 1500 } });
    expect(read(paid.id)).toMatchObject({ amount_refunded: 2000, refunded: true });
    // A refund that leaves its amount out is for the whole charge (inherit), and refunds it.
    const other = call({ method: 'POST', path: '/charges', body: { amount: 700, currency: 'eur' } });
    expect(call({ method: 'POST', path: '/refunds', body: { charge: other.id } })).toMatchObject({ amount: 700 });
    expect(read(other.id)).toMatchObject({ amount_refunded: 700, refunded: true });
    // A record naming a charge whose total is not of its kind moves nothing.
    call({ method: 'POST', path: '/payouts', body: { amount: 300, charge_id: other.id } });
    expect(read(other.id)).toMatchObject({ amount_refunded: 700 });
    // Nor does a refund of a charge the Simulation does not hold.
    expect(call({ method: 'POST', path: '/refunds', body: { charge: 'ch_missing', amount: 5 } })).toMatchObject({ charge: 'ch_missing' });
  });
});

describe('the totals of what is done to an amount', () => {
  const captured = {
    type: 'object',
    required: ['id', 'amount', 'amount_captured', 'captured'],
    properties: { id: { type: 'string' }, amount: { type: 'integer' }, amount_captured: { type: 'integer' }, captured: { type: 'boolean' } },
  };
  const intent = {
    type: 'object',
    required: ['id', 'amount', 'status'],
    properties: { id: { type: 'string' }, amount: { type: 'integer' }, amount_received: { type: 'integer' }, status: { type: 'string', enum: ['requires_confirmation', 'succeeded'] } },
  };
  const form = (properties: Record<string, unknown>) => ({ content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } } });
  const holds = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Holds', version: '1' },
    paths: {
      '/charges': { post: { operationId: 'createCharge', requestBody: form({ amount: { type: 'integer' }, capture: { type: 'boolean', description: 'Whether to capture the charge at once. Defaults to `true`.' } }), responses: ok('Charge') } },
      '/charges/{charge}': { get: { operationId: 'readCharge', parameters: [param('charge')], responses: ok('Charge') } },
      '/charges/{charge}/capture': { post: { operationId: 'captureCharge', parameters: [param('charge')], responses: ok('Charge') } },
      '/payment_intents': { post: { operationId: 'createIntent', requestBody: form({ amount: { type: 'integer' }, confirm: { type: 'boolean' } }), responses: ok('Intent') } },
      '/payment_intents/{intent}': { get: { operationId: 'readIntent', parameters: [param('intent')], responses: ok('Intent') } },
      '/payment_intents/{intent}/confirm': { post: { operationId: 'confirmIntent', parameters: [param('intent')], responses: ok('Intent') } },
    },
    components: { schemas: { Charge: captured, Intent: intent } },
  });

  it('are the whole amount once the record reaches the end they name, and an action a create asks for by default is applied', async () => {
    const { artifact } = await compileArtifact(holds);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    const call = (method: string, path: string, body?: string): Rec => {
      const answer = client.call({ method, path, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }) });
      expect(answer.status).toBe(200);
      expect(checker.problem(answer)).toBeNull();
      return answer.json as Rec;
    };
    // `capture` defaults to true: a charge is captured unless its client says otherwise.
    expect(call('POST', '/charges', 'amount=2000')).toMatchObject({ captured: true, amount_captured: 2000 });
    const held = call('POST', '/charges', 'amount=900&capture=false');
    expect(held).toMatchObject({ captured: false, amount_captured: 0 });
    expect(call('POST', `/charges/${String(held.id)}/capture`)).toMatchObject({ captured: true, amount_captured: 900 });
    // A payment intent that succeeded has received its amount, confirmed at once or later.
    expect(call('POST', '/payment_intents', 'amount=1000&confirm=true')).toMatchObject({ status: 'succeeded', amount_received: 1000 });
    const waiting = call('POST', '/payment_intents', 'amount=300');
    expect(waiting.status).toBe('requires_confirmation');
    expect(waiting.amount_received ?? 0).toBe(0);
    expect(call('POST', `/payment_intents/${String(waiting.id)}/confirm`)).toMatchObject({ status: 'succeeded', amount_received: 300 });
  });
});
