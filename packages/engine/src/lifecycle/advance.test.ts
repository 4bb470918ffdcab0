import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ClockEvent } from '@simplane/core';
import { readArtifact } from '../artifact/build-artifact.js';
import { EngineRuntime } from '../runtime/engine-runtime.js';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { resourceDocument } from '../testing/resource-document.js';
import { SimClient } from '../testing/sim-client.js';

const time = { type: 'string', format: 'date-time' };
const T = new Date('2024-01-01T00:00:00.000Z');
const day = 86_400_000;
const at = (ms: number) => new Date(T.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();

const token = (lifecycle?: unknown) => ({
  type: 'object',
  properties: { id: { type: 'string', readOnly: true }, status: { type: 'string', enum: ['active', 'expired', 'revoked', 'canceled'] }, expires_at: time, cancel_at: time, canceled_at: { type: ['string', 'null'], format: 'date-time' }, created_at: time, updated_at: time },
  ...(lifecycle === undefined ? {} : { 'x-simplane-lifecycle': lifecycle }),
});

async function open(lifecycle?: unknown, options: { seed?: string } = {}): Promise<SimClient> {
  const document = resourceDocument(
    { tokens: { schema: 'Token', item: token(lifecycle) }, posts: { schema: 'Post', item: { type: 'object', properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' }, notes: { type: 'integer' } } } } },
    { notes: { parent: 'posts', schema: 'Note', item: { type: 'object', properties: { id: { type: 'string', readOnly: true }, status: { enum: ['open', 'expired'] }, expires_at: time } } } },
  );
  const { artifact } = await compileArtifact(document);
  return SimClient.open(artifact, { sampleRecords: 0, start: T, seed: options.seed ?? 'seed-1' });
}

function create(client: SimClient, body: Record<string, unknown>, path = '/tokens'): string {
  const answer = client.call({ method: 'POST', path, body: { status: 'active', ...body } });
  expect(answer.status).toBe(201);
  return (answer.json as { id: string }).id;
}

function advance(client: SimClient, from: number, to: number): ClockEvent[] {
  return client.simulator.advance!(client.state, at(from), at(to), { seed: client.seed, step: client.step + 1, now: at(to) });
}

const read = (client: SimClient, id: string, path = '/tokens') => client.call({ method: 'GET', path: `${path}/${id}` }).json as Record<string, unknown>;

describe('advance: scheduled lifecycle events', () => {
  it('expires a record 30 days after it was made in an advance past that time, not in one short of it, stamping the write time', async () => {
    const client = await open();
    const id = create(client, { expires_at: iso(30 * day + 1000) });
    expect(read(client, id).created_at).toBe(iso(1000));
    expect(advance(client, 1000, 29 * day)).toEqual([]);
    expect(read(client, id).status).toBe('active');
    const events = advance(client, 29 * day, 31 * day);
    expect(events).toEqual([{ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), type: 'expiry', resource: 'tokens', recordId: id, at: at(30 * day + 1000) }]);
    expect(read(client, id)).toMatchObject({ status: 'expired', updated_at: iso(30 * day + 1000) });
    // An expired record stays expired: nothing more falls due.
    expect(advance(client, 31 * day, 400 * day)).toEqual([]);
  });

  it('takes the window as (from, to]: an event due at `from` was the last advance\'s, one due at `to` is this one\'s', async () => {
    const client = await open();
    const first = create(client, { expires_at: iso(day) });
    const second = create(client, { expires_at: iso(2 * day) });
    expect(advance(client, day, 2 * day).map((e) => e.recordId)).toEqual([second]);
    expect(read(client, first).status).toBe('active');
  });

  it('fires nothing for a record in an end state, or whose time field holds no time', async () => {
    const client = await open();
    create(client, { status: 'revoked', expires_at: iso(day) });
    create(client, { status: 'expired', expires_at: iso(day) });
    create(client, {});
    expect(advance(client, 0, 10 * day)).toEqual([]);
  });

  it('commits in time order, ties in record order and then rule order', async () => {
    const client = await open([{ name: 'cancel-too', at: 'expires_at', set: { cancel_at: '2030-01-01T00:00:00.000Z' } }]);
    const late = create(client, { expires_at: iso(3 * day) });
    const a = create(client, { expires_at: iso(day) });
    const b = create(client, { expires_at: iso(day) });
    const events = advance(client, 0, 5 * day);
    expect(events.map((e) => [e.recordId, e.type, e.at.getTime() - T.getTime()])).toEqual([
      [a, 'expiry', day],
      [a, 'set', day],
      [b, 'expiry', day],
      [b, 'set', day],
      [late, 'expiry', 3 * day],
      [late, 'set', 3 * day],
    ]);
  });

  it('commits an event another one makes fall due inside the window (a cancellation stamps canceled_at, a deletion counts from it)', async () => {
    const client = await open([{ name: 'purge', after: 'PT1H', from: 'canceled_at', delete: true }]);
    const id = create(client, { cancel_at: iso(day) });
    const kept = create(client, { cancel_at: iso(3 * day) });
    const events = advance(client, 0, 2 * day);
    expect(events.map((e) => [e.type, e.recordId, e.at.toISOString()])).toEqual([
      ['expiry', id, iso(day)],
      ['delete', id, iso(day + 3_600_000)],
    ]);
    expect(client.call({ method: 'GET', path: `/tokens/${id}` }).status).toBe(404);
    expect(read(client, kept).status).toBe('active');
  });

  it('is deterministic: the same state and window give the same events and changes, and ids differ by record', async () => {
    const run = async () => {
      const client = await open([{ after: 'P1D', from: 'created_at', set: { cancel_at: '2030-01-01T00:00:00.000Z' } }]);
      for (let i = 0; i < 5; i += 1) create(client, { expires_at: iso((i % 2) * day + 1000) });
      client.state.takeChanges();
      const events = advance(client, 0, 3 * day);
      return { events, changes: JSON.stringify(client.state.takeChanges()), snapshot: client.state.snapshot() };
    };
    const [one, two] = [await run(), await run()];
    expect(one).toEqual(two);
    expect(one.events.length).toBe(10);
    expect(new Set(one.events.map((e) => e.id)).size).toBe(10);
  });

  it('reaches the records of a nested collection under each parent record', async () => {
    const client = await open();
    const post = client.call({ method: 'POST', path: '/posts', body: { title: 'one' } }).json as { id: string };
    const note = create(client, { status: 'open', expires_at: iso(day) }, `/posts/${post.id}/notes`);
    expect(advance(client, 0, 2 * day)).toEqual([expect.objectContaining({ resource: 'posts.notes', recordId: note })]);
    expect(read(client, note, `/posts/${post.id}/notes`).status).toBe('expired');
  });

  it('deletes as a DELETE does: the parent\'s count of the record goes down', async () => {
    const document = resourceDocument(
      { posts: { schema: 'Post', item: { type: 'object', properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' }, notes: { type: 'integer', minimum: 0 } } } } },
      { notes: { parent: 'posts', schema: 'Note', item: { type: 'object', properties: { id: { type: 'string', readOnly: true }, expires_at: time }, 'x-simplane-lifecycle': [{ at: 'expires_at', delete: true }] } } },
    );
    const client = await SimClient.open((await compileArtifact(document)).artifact, { sampleRecords: 0, start: T });
    const post = client.call({ method: 'POST', path: '/posts', body: { title: 'one', notes: 0 } }).json as { id: string };
    const notes = `/posts/${post.id}/notes`;
    const gone = (client.call({ method: 'POST', path: notes, body: { expires_at: iso(day) } }).json as { id: string }).id;
    client.call({ method: 'POST', path: notes, body: { expires_at: iso(9 * day) } });
    expect(read(client, post.id, '/posts').notes).toBe(2);
    expect(advance(client, 0, 2 * day)).toEqual([expect.objectContaining({ type: 'delete', resource: 'posts.notes', recordId: gone, at: at(day) })]);
    expect(client.call({ method: 'GET', path: `${notes}/${gone}` }).status).toBe(404);
    expect(read(client, post.id, '/posts')).toMatchObject({ notes: 1 });
  });

  it('schedules nothing where an Overlay switched the inferred rule off', async () => {
    const overlay = { overlay: '1.0.0', info: { title: 'no expiry', version: '1' }, actions: [{ target: '$.components.schemas.Token', update: { 'x-simplane-lifecycle': [{ name: 'expired-at-expires_at', enabled: false }, { name: 'canceled-at-cancel_at', enabled: false }] } }] };
    const { artifact } = await compileArtifact(resourceDocument({ tokens: { schema: 'Token', item: token() } }), { overlays: [bytes(JSON.stringify(overlay))] });
    expect(artifact.resources[0]?.lifecycle).toEqual([]);
    const client = await SimClient.open(artifact, { sampleRecords: 0, start: T });
    expect(client.simulator.advance).toBeUndefined();
  });

  it('runs a version 1 artifact: its lifecycle hints are inferred rules', async () => {
    const stored = readFileSync(new URL('./coupons-3.1.v1-artifact.json', import.meta.url));
    expect(JSON.parse(stored.toString('utf8')).version).toBe(1);
    expect(readArtifact(stored).resources[0]?.lifecycle).toEqual([
      { name: 'expired-at-expiresAt', source: 'inferred', type: 'expiry', at: 'expiresAt', after: null, from: null, set: { state: 'expired' }, delete: false, when: { state: ['active'] } },
    ]);
    const simulator = await new EngineRuntime().load(stored, 'sha256:v1');
    const client = await SimClient.open(readArtifact(stored), { sampleRecords: 0, start: T });
    const made = client.call({ method: 'POST', path: '/coupons', body: { code: 'SAVE10', state: 'active', expiresAt: iso(day) } });
    expect(made.status).toBe(201);
    const events = simulator.advance!(client.state, T, at(2 * day), { seed: 's', step: 2, now: at(2 * day) });
    expect(events).toEqual([expect.objectContaining({ resource: 'coupons', recordId: 'SAVE10', type: 'expiry' })]);
  });
});
