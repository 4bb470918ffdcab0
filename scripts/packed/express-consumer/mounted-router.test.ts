/**
 * A downstream Express app that installed @simplane/host-express and @simplane/composition with
 * its own express: the control plane's router is mounted under /simplane next to the app's own
 * route, and called over real HTTP on 127.0.0.1.
 */
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createSimplaneRouter } from '@simplane/host-express';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiKey = 'packed-consumer-key-0001';
let plane: ControlPlane;
let server: Server;
let base = '';

beforeAll(async () => {
  // Default build workers and the shipped catalog, as an embedding app runs it.
  plane = composeControlPlane(parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [apiKey] }] }], log_level: 'silent' }));
  // Start-up installs the catalog; its build then runs in a worker thread.
  await plane.ready;
  await plane.scheduler.idle();
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.use('/simplane', createSimplaneRouter(plane.handle));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await plane.close();
});

const auth = { authorization: `Bearer ${apiKey}` };

describe('an Express app with the Simplane router mounted', () => {
  it('keeps answering its own routes', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('serves the control plane under the prefix, reading bodies itself', async () => {
    const refused = await fetch(`${base}/simplane/v1/credentials`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toMatchObject({ code: 'auth_invalid' });

    const created = await fetch(`${base}/simplane/v1/credentials`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'sandbox', header: 'X-Api-Key', value: 'sk_test_1' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const listed = await fetch(`${base}/simplane/v1/credentials`, { headers: auth });
    expect(await listed.json()).toMatchObject({ credentials: [{ id, name: 'sandbox' }] });
  });

  it('runs a Simulation of the shipped catalog through the mounted router', async () => {
    const created = await fetch(`${base}/simplane/v1/simulations`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ simulator_id: 'catalog/petstore:1.0', seed: 'packed', sample_records: 0 }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const simulation = (await created.json()) as { id: string; token: string };
    const data = { 'simulation-token': simulation.token, 'x-api-key': 'any' };

    const pet = await fetch(`${base}/simplane/sim/${simulation.id}/pets`, {
      method: 'POST',
      headers: { ...data, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex' }),
    });
    expect(pet.status, await pet.clone().text()).toBe(201);
    const pets = await fetch(`${base}/simplane/sim/${simulation.id}/pets`, { headers: data });
    expect(await pets.json()).toEqual([expect.objectContaining({ name: 'Rex' })]);
  });
});
