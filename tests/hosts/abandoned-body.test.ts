/**
 * A client that hangs up before its body is read (while the request is still being checked:
 * on a database, the Simulation's record and token are read first) must not hold the
 * Simulation's queue until the body timeout: the next request is answered at once.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fetch, FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, memoryStores, parseConfig, planTenants, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';

const KEY = 'abandoned-body-key-1';
const petstore = readFileSync(new URL('../../packages/composition/catalog/petstore.openapi.yaml', import.meta.url));
/** Far longer than the test may take: a request that waited for it would time the test out. */
const BODY_TIMEOUT_MS = 600_000;

let plane: ControlPlane;
let server: Server;
let base: string;
/** While set, reading a Simulation record waits this long, as a database round trip does under load. */
let recordDelayMs = 0;

beforeAll(async () => {
  const config = parseConfig({
    log_level: 'silent',
    build_workers: 0,
    catalog: false,
    simulation_sweep_interval_ms: 0,
    body_timeout_ms: BODY_TIMEOUT_MS,
    organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }],
  });
  const stores = memoryStores();
  await stores.loadTenants(planTenants(config).plan);
  const get = stores.simulations.get.bind(stores.simulations);
  stores.simulations.get = async (id) => {
    if (recordDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, recordDelayMs));
    return get(id);
  };
  plane = composeControlPlane(config, { stores });
  server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await plane.close();
});

describe('a request abandoned before its body is read', () => {
  it('does not hold the Simulation: the next request is answered, and the abandoned one left no step', async () => {
    const auth = { authorization: `Bearer ${KEY}` };
    const form = new FormData();
    form.append('spec', new Blob([petstore]), 'petstore.yaml');
    form.append('request', new Blob([JSON.stringify({ references: ['pets:v1'] })], { type: 'application/json' }));
    expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: form })).status).toBe(202);
    await plane.scheduler.idle();
    const created = await fetch(`${base}/v1/simulations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ simulator_id: 'pets:v1', sample_records: 0 }) });
    const sim = (await created.json()) as { id: string; token: string };

    recordDelayMs = 200;
    // Headers and part of a body, then the client hangs up while the record is being read.
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () => {
        socket.write(
          `POST /sim/${sim.id}/pets HTTP/1.1\r\nHost: x\r\nSimulation-Token: ${sim.token}\r\nX-Api-Key: k\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
          () => setTimeout(() => socket.destroy(), 20),
        );
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    recordDelayMs = 0;

    const next = await fetch(`${base}/sim/${sim.id}/pets`, {
      method: 'POST',
      headers: { 'simulation-token': sim.token, 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'after' }),
    });
    expect(next.status).toBe(201);
    const steps = (await (await fetch(`${base}/v1/simulations/${sim.id}/steps`, { headers: auth })).json()) as { steps: Array<{ step: number }> };
    expect(steps.steps.map((s) => s.step)).toEqual([1]);
  });
});
