import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
import { ResponseChecker } from '../testing/response-check.js';
import { SimClient, type SimCall } from '../testing/sim-client.js';

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
