/**
 * Two control planes on one Postgres server when the network to it goes silent: connections
 * stay open and new ones are accepted, but nothing is answered (a partition). A proxy on
 * loopback stands between them and the server. Every request, on connections the pools already
 * hold, must answer 503 with `Retry-After` within the configured bound, keep nothing it refused,
 * and the same processes must serve again as soon as the server answers.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlackHoleProxy, createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { openControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passes } from '../support/clock.js';

const KEY = 'database-black-hole-key-1';
/** The bound of every database call here: each statement's answer, and a connection. */
const BOUND_MS = 1_000;
/** Words of driver and socket errors that must never reach a response body. */
const DRIVER_WORDS = /ECONN|EPIPE|ETIMEDOUT|terminated|timeout|Connection|pg_|postgres|SQL|127\.0\.0\.1:\d/i;

interface Plane {
  plane: ControlPlane;
  server: Server;
  url: string;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { code?: string; detail?: string } & Record<string, unknown>;
}

let database: TestDatabase;
let proxy: BlackHoleProxy;
const planes: Plane[] = [];

async function openPlane(secretKey: string): Promise<Plane> {
  const plane = await openControlPlane(
    parseConfig({
      organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [KEY] }] }],
      catalog: false,
      build_workers: 0,
      simulation_sweep_interval_ms: 0,
      log_level: 'silent',
      secret_key: secretKey,
      storage: { kind: 'postgres', database_url: proxy.through(database.url!), max_connections: 2, query_timeout_ms: BOUND_MS, connect_timeout_ms: BOUND_MS },
    }),
  );
  const server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { plane, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function ask(url: string, method: string, path: string, auth: { key?: string; token?: string }, json?: unknown): Promise<Answer> {
  const headers: Record<string, string> = auth.token === undefined ? { authorization: `Bearer ${auth.key}` } : { 'simulation-token': auth.token };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${path}`, { method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text === '' ? {} : JSON.parse(text) };
}

function expectUnavailable(answer: Answer, codes: readonly string[], what: string): void {
  expect({ what, status: answer.status, code: answer.body.code }).toMatchObject({ status: 503 });
  expect(codes, what).toContain(answer.body.code);
  expect(Number(answer.retryAfter), `${what}: Retry-After`).toBeGreaterThan(0);
  expect(answer.body.detail).not.toMatch(DRIVER_WORDS);
}

beforeAll(async () => {
  database = await createServerDatabase();
  const direct = new URL(database.url!);
  proxy = new BlackHoleProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  await proxy.listen();
  const secretKey = randomBytes(32).toString('base64');
  planes.push(await openPlane(secretKey), await openPlane(secretKey));
}, 60_000);

afterAll(async () => {
  proxy?.forward();
  for (const { plane, server } of planes) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await plane.close();
  }
  await proxy?.close();
  await database?.dispose();
}, 30_000);

describe('two control planes when their database stops answering', () => {
  // The outage lasts until every answer is in: a call that waited for the database would hold
  // this test until its timeout, so the timeout is the bound's test.
  it('answer 503 with Retry-After on both, keep no refused write, and serve again once the database answers', async () => {
    const [a, b] = planes as [Plane, Plane];
    const form = new FormData();
    form.append('spec', new Blob([passes]), 'passes.yaml');
    form.append('request', JSON.stringify({ references: ['passes:v1'] }));
    expect((await fetch(`${a.url}/v1/simulators`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: form })).status).toBe(202);
    await a.plane.scheduler.idle();
    const created = await ask(a.url, 'POST', '/v1/simulations', { key: KEY }, { simulator_id: 'passes:v1', sample_records: 0, seed: 'black-hole' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sim = created.body as { id: string; token: string };
    const pass = { holder: 'ada', expires_at: '2030-01-01T00:00:00Z' };
    expect((await ask(a.url, 'POST', `/sim/${sim.id}/passes`, { token: sim.token }, pass)).status).toBe(201);
    // Both pools now hold open connections, and B has the Simulation loaded too.
    expect((await ask(b.url, 'GET', `/sim/${sim.id}/passes`, { token: sim.token })).status).toBe(200);
    expect((await ask(b.url, 'GET', '/v1/simulations', { key: KEY })).status).toBe(200);

    proxy.blackHole();
    const answers = await Promise.all(
      [a, b].flatMap((p) => [
        ask(p.url, 'GET', '/v1/simulations', { key: KEY }),
        ask(p.url, 'POST', `/sim/${sim.id}/passes`, { token: sim.token }, { ...pass, holder: 'refused' }),
      ]),
    );
    // API keys live in the database: authentication is what fails first on the control plane.
    expectUnavailable(answers[0]!, ['auth_provider_unavailable'], 'A: GET /v1/simulations');
    expectUnavailable(answers[2]!, ['auth_provider_unavailable'], 'B: GET /v1/simulations');
    expectUnavailable(answers[1]!, ['internal_unavailable', 'simulation_unreachable'], 'A: POST /sim/.../passes');
    expectUnavailable(answers[3]!, ['internal_unavailable', 'simulation_unreachable'], 'B: POST /sim/.../passes');
    // The statements went out on connections opened before the outage, and were given up on.
    expect(proxy.heldOnOpenConnections).toBeGreaterThan(0);
    await proxy.waitFor((p) => p.abandoned > 0);

    proxy.forward();
    // The next requests succeed, on the same control planes.
    expect((await ask(a.url, 'GET', '/v1/simulations', { key: KEY })).status).toBe(200);
    expect((await ask(b.url, 'GET', '/v1/simulations', { key: KEY })).status).toBe(200);
    const written = await ask(b.url, 'POST', `/sim/${sim.id}/passes`, { token: sim.token }, { ...pass, holder: 'grace' });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const listed = await ask(a.url, 'GET', `/sim/${sim.id}/passes`, { token: sim.token });
    expect((listed.body as unknown as Array<{ holder: string }>).map((p) => p.holder)).toEqual(['ada', 'grace']);
    const steps = await ask(a.url, 'GET', `/v1/simulations/${sim.id}/steps?limit=10`, { key: KEY });
    expect((steps.body.steps as Array<{ step: number }>).map((s) => s.step)).toEqual([1, 2]);
  }, 30_000);
});
