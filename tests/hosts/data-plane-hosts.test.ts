/**
 * The data plane through real Express and node:http servers: streamed bodies, the simulated
 * API's own headers passed through, platform refusals as problem+json.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fetch, FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/cli';
import { createExpressApp } from '@simplane/host-express';
import { createNodeListener } from '@simplane/host-node';
import type { Handler } from '@simplane/http';

const KEY = 'data-plane-key-0001';
const petstore = readFileSync(new URL('../../packages/cli/catalog/petstore.openapi.yaml', import.meta.url));

const HOSTS: Array<{ name: string; make: (handle: Handler) => RequestListener }> = [
  { name: 'Express', make: createExpressApp },
  { name: 'node:http', make: createNodeListener },
];

const auth = { authorization: `Bearer ${KEY}` };

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
    const sim = (await created.json()) as { id: string; token: string };
    const headers = { 'simulation-token': sim.token, 'x-api-key': 'k', 'content-type': 'application/json' };
    const pet = await fetch(`${base}/sim/${sim.id}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: 'Rex' }) });
    expect(pet.status).toBe(201);
    const { id } = (await pet.json()) as { id: string };
    const read = await fetch(`${base}/sim/${sim.id}/pets/${id}`, { headers });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, name: 'Rex' });
    const refused = await fetch(`${base}/sim/${sim.id}/pets`, { method: 'POST', headers: { ...headers, 'service-read-only': 'true' }, body: '{"name":"No"}' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(((await refused.json()) as { code: string }).code).toBe('simulation_read_only');
    const noToken = await fetch(`${base}/sim/${sim.id}/pets`, { headers: { 'x-api-key': 'k' } });
    expect(noToken.status).toBe(401);
  });
});
