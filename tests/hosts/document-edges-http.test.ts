/**
 * The edges of a document over a real node:http socket: the path as a client encodes it on the
 * wire, Accept, a 415 declared for a body, Digest's challenge header, readOnly fields and a
 * form body read by its encoding.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch, FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';
import { CAMERA, DIGEST } from '../support/edge-documents.js';

const KEY = 'document-edges-key-0001';
const auth = { authorization: `Bearer ${KEY}` };

describe('the edges of a document over a real socket', () => {
  let plane: ControlPlane;
  let server: Server;
  let base: string;
  let sim: { id: string; token: string };

  beforeAll(async () => {
    plane = composeControlPlane(parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }));
    server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const body = new FormData();
    body.append('spec', new Blob([CAMERA]), 'camera.yaml');
    body.append('request', JSON.stringify({ references: ['camera:v1'] }));
    expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body })).status).toBe(202);
    await plane.scheduler.idle();
    const created = await fetch(`${base}/v1/simulations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ simulator_id: 'camera:v1' }) });
    expect(created.status).toBe(201);
    sim = (await created.json()) as { id: string; token: string };
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await plane.close();
  });

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => fetch(`${base}/sim/${sim.id}${path}`, { method, redirect: 'manual', headers: { 'simulation-token': sim.token, ...headers }, ...(body === undefined ? {} : { body }) });

  it('routes the path fetch writes for a template with a space and a `|`, and refuses an Accept it cannot meet', async () => {
    // fetch sends the space as %20 and the `|` as it is.
    expect((await call('GET', '/media/live view|hd')).status).toBe(200);
    expect((await call('GET', '/media/live%20view%7Chd', { accept: 'application/sdp;q=0.9, text/html' })).headers.get('content-type')).toBe('application/sdp');
    const refused = await call('GET', '/media/live%20view%7Chd', { accept: 'application/json' });
    expect(refused.status).toBe(406);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ status: 406 });
  });

  it("answers a declared 415, an operation's only response, and Digest's challenge as headers on the wire", async () => {
    expect((await call('POST', '/reboot', { 'content-type': 'application/json' }, '{"now":true}')).status).toBe(415);
    expect((await call('POST', '/reboot')).status).toBe(202);
    const moved = await call('GET', '/firmware/legacy');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).not.toBeNull();
    const refused = await call('GET', '/snapshot');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Digest realm="simulation", qop="auth", algorithm=MD5, nonce="[0-9a-f]{32}"$/);
    expect((await call('GET', '/snapshot', { authorization: DIGEST })).status).toBe(200);
  });

  it('creates without a readOnly id and reads a form field as its encoding says', async () => {
    const created = await call('POST', '/presets', { 'content-type': 'application/json' }, JSON.stringify({ name: 'Door', pin: '1234' }));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: expect.any(String), name: 'Door' });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await call('POST', '/overlays', form, new URLSearchParams({ text: 'Gate', position: JSON.stringify({ x: 1, y: 2 }), logo: 'aGk=' }).toString())).status).toBe(204);
    expect((await call('POST', '/overlays', form, new URLSearchParams({ text: 'Gate', position: '{"x": 1}' }).toString())).status).toBe(422);
  });
});
