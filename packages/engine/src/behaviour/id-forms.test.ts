import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { bytes, compileArtifact, fixture } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';
import { withEntities } from '../entities/entity.js';
import { withPlans } from './plan-artifact.js';

const idForms = (artifact: Artifact) => Object.fromEntries(artifact.resources.map((r) => [r.name, r.records?.idForm]));
const built = async (name: string) => (await compileArtifact(fixture(`records/${name}`))).artifact;
const basic = { authorization: `Basic ${Buffer.from('sk_test:').toString('base64')}` };
const form = { ...basic, 'content-type': 'application/x-www-form-urlencoded' };
const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('the form of new ids, learned from the document', () => {
  it('takes the prefix, the characters and the length of ids given only in answers\u2019 examples (Stripe-like)', async () => {
    const forms = idForms(await built('payments-prefixed-3.0.yaml'));
    expect(forms['customers']).toEqual({ kind: 'prefixed', prefix: 'cus_', alphabet: BASE62, length: 14, from: 'examples' });
    expect(forms['payment_intents']).toEqual({ kind: 'prefixed', prefix: 'pi_', alphabet: BASE62, length: 24, from: 'examples' });
  });

  it('keeps a pattern the id schema gives, and learns a capitals prefix and hex from examples where it gives none (Twilio-like)', async () => {
    const forms = idForms(await built('calls-sid-3.0.yaml'));
    expect(forms['Accounts.Messages']).toEqual({ kind: 'pattern', pattern: '^SM[0-9a-fA-F]{32}$', length: 34 });
    // One example's `CAaaaa…` and another's `CA5ef8…` agree: `CA` and 32 lower-case hex digits.
    expect(forms['Accounts.Calls']).toEqual({ kind: 'prefixed', prefix: 'CA', alphabet: '0123456789abcdef', length: 32, from: 'examples' });
  });

  it('learns upper-case letters and digits, without a prefix, from wrapped and listed examples (Square-like)', async () => {
    const forms = idForms(await built('customers-upper-3.0.yaml'));
    expect(forms['customers']).toEqual({ kind: 'prefixed', prefix: '', alphabet: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', length: 26, from: 'examples' });
  });

  it('gives an upgraded artifact the form its own engine minted, ignoring examples', async () => {
    const forms = idForms(withPlans(await built('payments-prefixed-3.0.yaml'), 3));
    expect(forms['customers']).toBeNull();
    expect(idForms(withPlans(await built('calls-sid-3.0.yaml'), 3))['Accounts.Calls']).toBeNull();
  });

  it('puts a form learned from examples in a shared entity\u2019s digest, which covers only schemas', async () => {
    const artifact = await built('payments-prefixed-3.0.yaml');
    const bySchemas = { ...artifact, resources: withEntities(artifact) };
    const digest = (a: Artifact) => a.resources.find((r) => r.name === 'customers')!.entity?.digest;
    expect(digest(bySchemas)).toMatch(/^sha256:/);
    expect(digest(artifact)).not.toBe(digest(bySchemas));
    // Where nothing is learned (the old rules), the digest stays the schemas' own.
    expect(digest(withPlans(bySchemas, 3))).toBe(digest(bySchemas));
  });
});

describe('new records in a Simulation', () => {
  it('are given ids like the real API\u2019s, the same for the same seed', async () => {
    const { artifact } = await compileArtifact(fixture('records/payments-prefixed-3.0.yaml'));
    const ids = async () => {
      const client = await SimClient.open(artifact, { sampleRecords: 0, seed: 'ids' });
      const customers = [1, 2, 3].map((n) => (client.call({ method: 'POST', path: '/v1/customers', headers: form, body: `name=Ada+${n}` }).json as { id: string }).id);
      const intent = client.call({ method: 'POST', path: '/v1/payment_intents', headers: form, body: 'amount=2000&currency=usd' });
      expect(intent.status).toBe(200);
      const intentId = (intent.json as { id: string }).id;
      expect(client.call({ method: 'GET', path: `/v1/payment_intents/${intentId}`, headers: basic }).status).toBe(200);
      return [...customers, intentId];
    };
    const first = await ids();
    expect(first.slice(0, 3)).toEqual(first.slice(0, 3).map(() => expect.stringMatching(/^cus_[0-9A-Za-z]{14}$/)));
    expect(new Set(first.slice(0, 3)).size).toBe(3);
    expect(first[3]).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(await ids()).toEqual(first);
  });

  it('gives calls `CA` and 32 hex digits and messages ids matching their pattern', async () => {
    const { artifact } = await compileArtifact(fixture('records/calls-sid-3.0.yaml'));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const account = `AC${'0'.repeat(32)}`;
    const call = client.call({ method: 'POST', path: `/2010-04-01/Accounts/${account}/Calls.json`, headers: form, body: 'To=%2B14155551212&From=%2B15017122661' });
    expect(call.status).toBe(201);
    const sid = (call.json as { sid: string }).sid;
    expect(sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(client.call({ method: 'GET', path: `/2010-04-01/Accounts/${account}/Calls/${sid}.json`, headers: basic }).json).toMatchObject({ sid });
    const message = client.call({ method: 'POST', path: `/2010-04-01/Accounts/${account}/Messages.json`, headers: form, body: 'To=%2B14155551212' });
    expect((message.json as { sid: string }).sid).toMatch(/^SM[0-9a-fA-F]{32}$/);
  });

  it('gives customers 26 upper-case letters and digits, in sample records too', async () => {
    const { artifact } = await compileArtifact(fixture('records/customers-upper-3.0.yaml'));
    const client = await SimClient.open(artifact, { sampleRecords: 2 });
    const bearer = { authorization: 'Bearer token' };
    const made = client.call({ method: 'POST', path: '/v2/customers', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ given_name: 'Ada' }) });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ customer: { id: expect.stringMatching(/^[0-9A-Z]{26}$/), given_name: 'Ada' } });
    const listed = client.call({ method: 'GET', path: '/v2/customers', headers: bearer }).json as { customers: Array<{ id: string }> };
    expect(listed.customers).toHaveLength(3);
    expect(listed.customers.map((c) => c.id)).toEqual(listed.customers.map(() => expect.stringMatching(/^[0-9A-Z]{26}$/)));
  });
});

describe('x-simplane-behaviour records.idForm', () => {
  const overlay = (idForm: unknown) =>
    bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'ids', version: '1' }, actions: [{ target: '$.components.schemas.customer', update: { 'x-simplane-behaviour': { records: { idForm } } } }] }));

  it('replaces the learned form, and new ids follow it', async () => {
    const idForm = { kind: 'prefixed', prefix: 'cust-', alphabet: '0123456789', length: 8 };
    const { artifact, outcome } = await compileArtifact(fixture('records/payments-prefixed-3.0.yaml'), { overlays: [overlay(idForm)] });
    expect(outcome.warnings).toEqual([]);
    expect(idForms(artifact)['customers']).toEqual({ ...idForm, from: 'override' });
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/v1/customers', headers: form, body: 'name=Ada' });
    expect((made.json as { id: string }).id).toMatch(/^cust-[0-9]{8}$/);
  });

  it('leaves out a form without what its kind needs, with a warning, and keeps the learned one', async () => {
    const { artifact, outcome } = await compileArtifact(fixture('records/payments-prefixed-3.0.yaml'), { overlays: [overlay({ kind: 'prefixed', prefix: 'cust-' })] });
    expect(outcome.warnings.map((w) => w.code)).toEqual(['behaviour_override_invalid']);
    expect(idForms(artifact)['customers']).toMatchObject({ kind: 'prefixed', prefix: 'cus_' });
  });
});
