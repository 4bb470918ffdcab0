import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, type SimulatorView } from '@simplane/core';
import { InlineBuildProvider } from '@simplane/engine';
import { createHarness, type Harness } from '@simplane/harness';
import { GatedProvider, tinyDocument, until } from '../support/gated-provider.js';

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

function gatedHarness(config: Record<string, unknown> = {}, clock?: ManualClock) {
  const gate = new GatedProvider(new InlineBuildProvider());
  const h = createHarness({ config: { catalog: false, ...config }, buildProvider: gate, ...(clock === undefined ? {} : { clock }) });
  open.push(h);
  return { h, gate };
}

const statusOf = async (h: Harness, id: string, apiKey?: string) =>
  (await h.request('GET', `/v1/simulators/${id}`, apiKey === undefined ? {} : { apiKey })).json<SimulatorView>();

describe('the build queue', () => {
  it('runs at most 10 builds of a workspace at once and promotes the rest in creation order', async () => {
    const { h, gate } = gatedHarness();
    const ids: string[] = [];
    for (let i = 0; i < 15; i += 1) {
      const response = await h.upload(tinyDocument(`B${String(i).padStart(2, '0')}`), {});
      expect(response.status).toBe(202);
      ids.push(response.json<SimulatorView>().id);
    }
    await until(() => gate.activeCount === 10);
    const statuses = await Promise.all(ids.map(async (id) => (await statusOf(h, id)).status));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('building'));
    expect(statuses.slice(10)).toEqual(Array(5).fill('pending'));
    const quota = (await h.request('GET', '/v1/quota')).json<{ concurrent_builds: { used: number; limit: number } }>();
    expect(quota.concurrent_builds).toEqual({ used: 10, limit: 10 });

    // Another workspace has its own slots.
    const other = await h.upload(tinyDocument('Other'), {}, { apiKey: h.keys.beta! });
    await until(() => gate.activeCount === 11);
    expect((await statusOf(h, other.json<SimulatorView>().id, h.keys.beta!)).status).toBe('building');

    // Release the ten running builds one by one: each freed slot promotes the oldest pending one.
    for (let n = 0; n < 10; n += 1) {
      expect(gate.releaseOne()).toBe(`B${String(n).padStart(2, '0')}`);
      await until(() => gate.started.length === 11 + Math.min(n + 1, 5));
      const used = (await h.request('GET', '/v1/quota')).json<{ concurrent_builds: { used: number } }>().concurrent_builds.used;
      expect(used).toBeLessThanOrEqual(10);
    }
    gate.releaseAll();
    await h.settled();
    expect(gate.started.filter((name) => name.startsWith('B'))).toEqual(ids.map((_, i) => `B${String(i).padStart(2, '0')}`));
    expect(gate.maxActive).toBeLessThanOrEqual(11);
    for (const id of ids) expect((await statusOf(h, id)).status).toBe('ready');
  });

  it('cancels a pending build at once and a running one at its next checkpoint', async () => {
    const { h, gate } = gatedHarness({ quotas: { concurrent_builds: 1 } });
    const running = (await h.upload(tinyDocument('Running'), {})).json<SimulatorView>();
    const waiting = (await h.upload(tinyDocument('Waiting'), {})).json<SimulatorView>();
    await until(() => gate.activeCount === 1);
    expect((await statusOf(h, waiting.id)).status).toBe('pending');

    const canceledPending = await h.request('POST', `/v1/simulators/${waiting.id}/cancel`);
    expect(canceledPending.status).toBe(200);
    expect(canceledPending.json()).toMatchObject({ status: 'canceled', error: { code: 'build_canceled', reason: 'canceled' } });

    const canceledRunning = await h.request('POST', `/v1/simulators/${running.id}/cancel`);
    expect(canceledRunning.status).toBe(200);
    await h.settled();
    expect(await statusOf(h, running.id)).toMatchObject({ status: 'canceled', error: { code: 'build_canceled', reason: 'canceled' } });
    expect(gate.started).toEqual(['Running']);

    // Cancelling a finished build changes nothing.
    const again = await h.request('POST', `/v1/simulators/${running.id}/cancel`);
    expect(again.json()).toMatchObject({ status: 'canceled' });
    // Another workspace cannot cancel it.
    expect((await h.request('POST', `/v1/simulators/${running.id}/cancel`, { apiKey: h.keys.beta! })).status).toBe(403);
  });

  it('starts the budget when the build leaves the queue and fails it with time_limit', async () => {
    const clock = new ManualClock('2024-05-01T10:00:00.000Z');
    const { h, gate } = gatedHarness({ quotas: { concurrent_builds: 1 } }, clock);
    const first = (await h.upload(tinyDocument('First'), {})).json<SimulatorView>();
    const second = (await h.upload(tinyDocument('Second'), { timeout_seconds: 1 })).json<SimulatorView>();
    clock.advance(60_000);
    gate.releaseOne();
    await until(async () => (await statusOf(h, second.id)).status === 'building');
    const started = await statusOf(h, second.id);
    expect(started.build.started_at).toBe('2024-05-01T10:01:00.000Z');
    expect(started.build.deadline).toBe('2024-05-01T10:01:01.000Z');
    await h.settled();
    expect(await statusOf(h, first.id)).toMatchObject({ status: 'ready' });
    expect(await statusOf(h, second.id)).toMatchObject({ status: 'failed', error: { code: 'build_failed', reason: 'time_limit' } });
  });

  it('consumes one allowance per accepted build and answers 429 with Retry-After to 00:00 UTC', async () => {
    const clock = new ManualClock('2024-05-01T23:59:00.250Z');
    const { h, gate } = gatedHarness({ quotas: { builds_per_day: 3 } }, clock);
    gate.releaseAll();
    for (let i = 0; i < 3; i += 1) expect((await h.upload(tinyDocument(`D${i}`), {})).status).toBe(202);
    const refused = await h.upload(tinyDocument('D3'), {});
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'build_rate_exceeded' });
    expect(refused.headers['retry-after']).toBe('60');
    const quota = (await h.request('GET', '/v1/quota')).json<{ builds_today: { used: number; limit: number; resets_at: string } }>();
    expect(quota.builds_today).toEqual({ used: 3, limit: 3, resets_at: '2024-05-02T00:00:00.000Z' });
    // Other workspaces keep their own allowance.
    expect((await h.upload(tinyDocument('Beta'), {}, { apiKey: h.keys.beta! })).status).toBe(202);
    clock.set('2024-05-02T00:00:00.000Z');
    expect((await h.upload(tinyDocument('Tomorrow'), {})).status).toBe(202);
    const releaser = setInterval(() => gate.releaseAll(), 5);
    await h.settled();
    clearInterval(releaser);
  });

  it('does not consume allowance when a queued build is promoted', async () => {
    const { h, gate } = gatedHarness({ quotas: { builds_per_day: 2, concurrent_builds: 1 } });
    expect((await h.upload(tinyDocument('One'), {})).status).toBe(202);
    expect((await h.upload(tinyDocument('Two'), {})).status).toBe(202);
    await until(() => gate.activeCount === 1);
    gate.releaseOne();
    await until(() => gate.started.length === 2);
    gate.releaseAll();
    await h.settled();
    const quota = (await h.request('GET', '/v1/quota')).json<{ builds_today: { used: number } }>();
    expect(quota.builds_today.used).toBe(2);
  });
});
