import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { SimClient, type SimCall } from '../testing/sim-client.js';

/** 200 requests mixing creates, reads, lists, updates, actions, deletes and refusals. */
function script(): SimCall[] {
  const calls: SimCall[] = [];
  for (let i = 0; i < 40; i += 1) {
    calls.push({ method: 'POST', path: '/v2/users', body: { email: `u${i}@example.com` } });
    calls.push({ method: 'GET', path: '/v2/users', query: `page=${(i % 3) + 1}&per_page=5` });
    calls.push({ method: 'POST', path: '/v2/users', body: { name: 'no email' } });
    calls.push({ method: 'GET', path: '/v2/users/00000000-0000-4000-8000-000000000000' });
    calls.push({ method: 'GET', path: '/v2/users/findme' });
  }
  return calls;
}

async function run(artifact: Artifact, seed: string): Promise<string[]> {
  const client = await SimClient.open(artifact, { seed });
  const out: string[] = [];
  for (const call of script()) {
    const answer = client.call(call);
    out.push(`${answer.status} ${JSON.stringify(answer.headers)} ${answer.text}`);
    // Follow-ups on what was just created: read it, order for it, cancel the order.
    const id = (answer.json as { userId?: string } | undefined)?.userId;
    if (answer.status === 201 && id) {
      const order = client.call({ method: 'POST', path: `/v2/users/${id}/orders`, body: { items: [{ sku: 'x', quantity: 1 }] } });
      out.push(order.text);
      out.push(client.call({ method: 'POST', path: `/v2/users/${id}/orders/${(order.json as { id: string }).id}/cancel` }).text);
    }
  }
  out.push(client.state.snapshot());
  return out;
}

describe('determinism', () => {
  it('the same artifact, seed and requests give byte-identical answers and state; another seed differs', async () => {
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const first = await run(artifact, 'alpha');
    const second = await run(artifact, 'alpha');
    expect(first.length).toBeGreaterThan(200);
    expect(second).toEqual(first);
    const other = await run(artifact, 'beta');
    expect(other).not.toEqual(first);
    expect(other.filter((line, i) => line !== first[i]).length).toBeGreaterThan(100);
  });

  it('a fork (the state copied after a step) mints the same ids as its parent from there on', async () => {
    const { artifact } = await compileArtifact(fixture('bank-3.0.yaml'));
    const parent = await SimClient.open(artifact, { seed: 's' });
    const headers = { 'x-api-key': 'k' };
    parent.call({ method: 'POST', path: '/accounts', body: { currency: 'EUR' }, headers });
    const fork = await SimClient.open(artifact, { seed: 's', sampleRecords: 0 });
    const copy = JSON.parse(parent.state.snapshot()) as { collections: Array<[string, Array<[string, never]>]> };
    for (const [name, records] of copy.collections) for (const [key, value] of records) fork.state.put(name, key, value);
    fork.step = parent.step;
    const a = parent.call({ method: 'POST', path: '/accounts', body: { currency: 'USD' }, headers });
    const b = fork.call({ method: 'POST', path: '/accounts', body: { currency: 'USD' }, headers });
    expect(b.text).toBe(a.text);
  });

  it('generated answers of reads repeat while no step happens, and never come from Math.random', async () => {
    const { artifact } = await compileArtifact(fixture('bank-3.0.yaml'));
    const original = Math.random;
    Math.random = () => {
      throw new Error('Math.random was used');
    };
    try {
      const client = await SimClient.open(artifact, { seed: 's' });
      const balance = (n: number) => client.call({ method: 'GET', path: `/accounts/acc_${n}/balance`, headers: { 'x-api-key': 'k' } }).text;
      expect(balance(1)).toBe(balance(1));
    } finally {
      Math.random = original;
    }
  });
});
