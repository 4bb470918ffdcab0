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

async function run(artifact: Artifact, seed: string, lazySeeding = false): Promise<string[]> {
  const client = await SimClient.open(artifact, { seed, lazySeeding });
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
  out.push(collectionsOf(client.state.snapshot()));
  return out;
}

/** A snapshot's collections by name, whatever order the collections were first written in. */
function collectionsOf(snapshot: string): string {
  const { collections } = JSON.parse(snapshot) as { collections: Array<[string, unknown]> };
  return JSON.stringify(collections.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
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

  it('seeding a part when it is first reached answers exactly as seeding every part at the start', async () => {
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const eager = await run(artifact, 'alpha');
    const lazy = await run(artifact, 'alpha', true);
    expect(lazy.slice(0, -1)).toEqual(eager.slice(0, -1));
    // What the requests reached holds the same records; the rest is seeded when reached.
    const reached = JSON.parse(lazy.at(-1)!) as Array<[string, unknown]>;
    const all = new Map(JSON.parse(eager.at(-1)!) as Array<[string, unknown]>);
    expect(reached.length).toBeGreaterThan(0);
    for (const [name, records] of reached) expect(records).toEqual(all.get(name));
    const fresh = await SimClient.open(artifact, { seed: 'alpha' });
    const client = await SimClient.open(artifact, { seed: 'alpha', lazySeeding: true });
    const seeded = JSON.parse(collectionsOf(fresh.state.snapshot())) as Array<[string, unknown]>;
    expect(JSON.parse(collectionsOf(client.state.snapshot()))).toEqual([]);
    expect(seeded.length).toBeGreaterThan(0);
    for (const [name, records] of seeded.toReversed()) expect([...client.state.entries(name)]).toEqual(records);
    expect(client.state.takeChanges()).toEqual([]);
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
