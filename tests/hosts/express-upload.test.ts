/**
 * Simulator uploads through a real Express server with worker-thread builds: what `npm start`
 * runs. Misbehaving uploads must be refused without taking the process down.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fetch, FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createExpressApp } from '@simplane/host-express';
import { until } from '../support/gated-provider.js';

const KEY = 'upload-key-0001';
const petstore = readFileSync(new URL('../../packages/composition/catalog/petstore.openapi.yaml', import.meta.url));

let plane: ControlPlane;
let server: Server;
let base: string;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  plane = composeControlPlane(
    parseConfig({ log_level: 'silent', build_workers: 1, catalog: false, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }),
  );
  server = createExpressApp(plane.handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await plane.close();
});

const auth = { authorization: `Bearer ${KEY}` };

function form(spec: Uint8Array, request: object): FormData {
  const body = new FormData();
  body.append('spec', new Blob([spec]), 'petstore.yaml');
  body.append('request', JSON.stringify(request));
  return body;
}

describe('uploads over a real socket', () => {
  it('builds a document in a worker thread to ready', async () => {
    const accepted = await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: form(petstore, { references: ['pets:v1'] }) });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: string };
    let status = '';
    await until(async () => {
      status = ((await (await fetch(`${base}/v1/simulators/${id}`, { headers: auth })).json()) as { status: string }).status;
      return status !== 'pending' && status !== 'building';
    }, 20_000);
    expect(status).toBe('ready');
  });

  it('refuses a spec over 64 MiB with 413 and keeps serving', async () => {
    const big = new Uint8Array(65 * 1024 * 1024).fill(0x20);
    const response = await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: form(big, {}) }).catch((error: unknown) => error);
    // The server may close the connection while the client is still sending; either way it refused.
    if (response instanceof Response || (typeof response === 'object' && response !== null && 'status' in response)) {
      expect((response as { status: number }).status).toBe(413);
    }
    const quota = (await (await fetch(`${base}/v1/quota`, { headers: auth })).json()) as { builds_today: { used: number } };
    expect(quota.builds_today.used).toBe(1);
  });

  it('survives a client that hangs up in the middle of an upload', async () => {
    const port = (server.address() as AddressInfo).port;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const boundary = 'XBOUNDARY';
    socket.write(
      `POST /v1/simulators HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="spec"; filename="a.yaml"\r\n\r\nopenapi: 3.0.3\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`${base}/v1/quota`, { headers: auth })).status).toBe(200);
    expect(uncaught).toEqual([]);
  });
});
