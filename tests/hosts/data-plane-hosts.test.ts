/**
 * The data plane through real Express and node:http servers: streamed bodies, the simulated
 * API's own headers passed through, platform refusals as problem+json.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fetch, FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createExpressApp } from '@simplane/host-express';
import { createNodeListener } from '@simplane/host-node';
import type { Handler } from '@simplane/http';

const KEY = 'data-plane-key-0001';
const petstore = readFileSync(new URL('../../packages/composition/catalog/petstore.openapi.yaml', import.meta.url));

const HOSTS: Array<{ name: string; make: (handle: Handler) => RequestListener }> = [
  { name: 'Express', make: createExpressApp },
  { name: 'node:http', make: createNodeListener },
];

const auth = { authorization: `Bearer ${KEY}` };

/** One request written as it is on a new connection; the status and the body of the answer. */
function exchange(base: string, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      let body = raw.slice(head.length + 4);
      // Express answers in chunks: the one chunk of a small body, between its size and the last.
      if (/\r\ntransfer-encoding: chunked/i.test(head)) body = body.slice(body.indexOf('\r\n') + 2, body.lastIndexOf('\r\n0\r\n'));
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? -1), body });
    });
  });
}

describe.each(HOSTS)('the data plane over a real $name socket', ({ make }) => {
  let plane: ControlPlane;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    plane = composeControlPlane(
      parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }),
    );
    server = createServer(make(plane.handle)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await plane.close();
  });

  it('creates and reads records, and refuses as the platform where it must', async () => {
    const body = new FormData();
    body.append('spec', new Blob([petstore]), 'petstore.yaml');
    body.append('request', JSON.stringify({ references: ['pets:v1'] }));
    expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body })).status).toBe(202);
    await plane.scheduler.idle();
    const created = await fetch(`${base}/v1/simulations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ simulator_id: 'pets:v1', seed: 'x' }) });
    expect(created.status).toBe(201);
    const sim = (await created.json()) as { id: string; token: string; endpoint: string };
    // Without public_base_url the endpoint is where this client reached the server, usable as it is.
    expect(sim.endpoint).toBe(`${base}/sim/${sim.id}`);
    const headers = { 'simulation-token': sim.token, 'x-api-key': 'k', 'content-type': 'application/json' };
    const pet = await fetch(`${sim.endpoint}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: 'Rex' }) });
    expect(pet.status).toBe(201);
    const { id } = (await pet.json()) as { id: string };
    const read = await fetch(`${base}/sim/${sim.id}/pets/${id}`, { headers });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, name: 'Rex' });
    const refused = await fetch(`${base}/sim/${sim.id}/pets`, { method: 'POST', headers: { ...headers, 'service-read-only': 'true' }, body: '{"name":"No"}' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(((await refused.json()) as { code: string }).code).toBe('simulation_read_only');
    const proxied = await fetch(`${base}/v1/simulations/${sim.id}`, { headers: { ...auth, 'x-forwarded-host': 'sims.example.com', 'x-forwarded-proto': 'https' } });
    expect(((await proxied.json()) as { endpoint: string }).endpoint).toBe(`https://sims.example.com/sim/${sim.id}`);
    const noToken = await fetch(`${base}/sim/${sim.id}/pets`, { headers: { 'x-api-key': 'k' } });
    expect(noToken.status).toBe(401);
    // A browser's preflight and cross-origin answer pass through the host as the handler gives them.
    const origin = 'http://app.test';
    const preflight = await fetch(`${base}/sim/${sim.id}/pets`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'simulation-token, content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('simulation-token, content-type');
    const crossOrigin = await fetch(`${base}/sim/${sim.id}/pets/${id}`, { headers: { ...headers, origin } });
    expect(crossOrigin.status).toBe(200);
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('forks with the body left out, sent empty and chunked, or as JSON; bytes without a type are 415', async () => {
    const created = await fetch(`${base}/v1/simulations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ simulator_id: 'pets:v1' }) });
    const sim = (await created.json()) as { id: string };
    // Raw requests, so that exactly these headers go: no Content-Length, no Content-Type.
    const fork = (headers: string, body = '') => exchange(base, `POST /v1/simulations/${sim.id}/fork HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n${headers}\r\n${body}`);
    for (const [headers, body] of [
      ['', ''],
      ['Content-Length: 0\r\n', ''],
      ['Transfer-Encoding: chunked\r\n', '0\r\n\r\n'],
      ['Content-Type: application/json\r\nContent-Length: 15\r\n', '{"name":"json"}'],
    ] as const) {
      const answer = await fork(headers, body);
      expect(answer.status, headers).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({ parent_id: sim.id });
    }
    const untyped = await fork('Content-Length: 12\r\n', '{"name":"x"}');
    expect(untyped.status).toBe(415);
    expect(JSON.parse(untyped.body)).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('refuses a header that holds one value sent twice: Simulation-Token, Service-Read-Only, Idempotency-Key', async () => {
    const created = await fetch(`${base}/v1/simulations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ simulator_id: 'pets:v1' }) });
    const sim = (await created.json()) as { id: string; token: string };
    const read = (headers: string) => exchange(base, `GET /sim/${sim.id}/pets HTTP/1.1\r\nHost: x\r\nX-Api-Key: k\r\nConnection: close\r\n${headers}\r\n`);
    expect((await read(`Simulation-Token: ${sim.token}\r\n`)).status).toBe(200);
    // node:http joins these copies into one value; every copy reaches the handler, which refuses the pair.
    const twoTokens = await read(`Simulation-Token: ${sim.token}\r\nSimulation-Token: ${sim.token}\r\n`);
    expect(twoTokens.status).toBe(401);
    expect(JSON.parse(twoTokens.body)).toMatchObject({ code: 'auth_invalid' });
    const twoModes = await read(`Simulation-Token: ${sim.token}\r\nService-Read-Only: true\r\nService-Read-Only: true\r\n`);
    expect(twoModes.status).toBe(400);
    expect(JSON.parse(twoModes.body)).toMatchObject({ code: 'invalid_read_only_header' });
    const body = JSON.stringify({ to: '2024-01-02T00:00:00Z' });
    const twoKeys = await exchange(
      base,
      `POST /v1/simulations/${sim.id}/advance-time HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nIdempotency-Key: a\r\nIdempotency-Key: b\r\n\r\n${body}`,
    );
    expect(twoKeys.status).toBe(422);
    expect(JSON.parse(twoKeys.body)).toMatchObject({ code: 'validation', detail: expect.stringContaining('Idempotency-Key') });
  });
});
