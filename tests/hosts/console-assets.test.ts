/**
 * The console's files over real HTTP on loopback, through the node:http host (`serve`'s) and the
 * Express host, from a control plane composed with a bundle in a temporary folder: the same
 * answers on both, request targets written byte for byte (a client library would tidy `..` away
 * before sending), and nothing outside the bundle ever answered.
 */
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createExpressApp } from '@simplane/host-express';
import { createNodeListener } from '@simplane/host-node';
import { CONSOLE_CSP } from '../support/console-policy.js';
import { RawConnection } from '../support/raw-connection.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-console-assets-'));
const SECRET = 'NOT-A-CONSOLE-FILE';
const PAGE = '<!doctype html><title>Console</title><script type="module" src="/console/console.js"></script>';
const SCRIPT = 'document.title = "Console";';

/** A bundle, with a file beside it that must stay unreachable. */
function writeBundle(): string {
  writeFileSync(join(scratch, 'package.json'), SECRET);
  const dir = join(scratch, 'web');
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'console.js'), SCRIPT);
  return dir;
}

const config = parseConfig({ catalog: false, log_level: 'silent', organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: ['console-assets-key-1'] }] }] });
const planes: ControlPlane[] = [];
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server.listen(0, '127.0.0.1'));
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function compose(consoleAssetsDir: string | null): ControlPlane {
  const plane = composeControlPlane(config, { consoleAssetsDir });
  planes.push(plane);
  return plane;
}

/** One request with its target sent exactly as written. */
async function raw(base: string, target: string, headers = ''): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const connection = await RawConnection.open(base);
  connection.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);
  const answer = await connection.answer();
  connection.destroy();
  if (answer === null) throw new Error(`no answer to GET ${target}`);
  return answer;
}

const hosts: Record<string, string> = {};
let bare = '';

beforeAll(async () => {
  const plane = compose(writeBundle());
  hosts['node:http'] = await listen(createServer(createNodeListener(plane.handle)));
  hosts.Express = await listen(createServer(createExpressApp(plane.handle)));
  bare = await listen(createServer(createNodeListener(compose(null).handle)));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await Promise.all(planes.map((plane) => plane.close()));
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(['node:http', 'Express'])('the console through the %s host', (host) => {
  it('answers the page and its files with the policy, and 304 to a matching validator', async () => {
    const page = await raw(hosts[host]!, '/console');
    expect(page).toMatchObject({ status: 200, body: PAGE, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CONSOLE_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-cache' } });
    const script = await raw(hosts[host]!, '/console/console.js');
    expect(script).toMatchObject({ status: 200, body: SCRIPT, headers: { 'content-type': 'text/javascript; charset=utf-8', 'content-security-policy': CONSOLE_CSP } });
    const cached = await raw(hosts[host]!, '/console/console.js', `If-None-Match: ${script.headers.etag}\r\n`);
    expect(cached).toMatchObject({ status: 304, body: '', headers: { etag: script.headers.etag, 'content-security-policy': CONSOLE_CSP } });
    expect((await raw(hosts[host]!, '/console/simulations/sim_1')).body).toBe(PAGE);
  });

  it('answers HEAD with the length of the page and no body', async () => {
    const head = await request(`${hosts[host]}/console/`, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
    expect(head.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(await head.body.text()).toBe('');
  });

  it('answers no file outside the bundle, however the path is written', async () => {
    const targets = ['/console/../package.json', '/console/%2e%2e/package.json', '/console/..%2fpackage.json', '/console/%2e%2e%2fpackage.json', '/console/..%5cpackage.json', '/console/.%2e/.%2e/package.json', '/console/console.js/../../package.json'];
    for (const target of targets) {
      const answer = await raw(hosts[host]!, target);
      expect({ target, status: answer.status, leaked: answer.body.includes(SECRET) }).toEqual({ target, status: 404, leaked: false });
    }
  });
});

describe('without a console', () => {
  it('answers 404 under /console with the policy, and the API document names no /console path', async () => {
    const answer = await raw(bare, '/console');
    expect(answer).toMatchObject({ status: 404, headers: { 'content-type': 'application/problem+json', 'content-security-policy': CONSOLE_CSP } });
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'not_found' });
    for (const base of [bare, hosts['node:http']!]) {
      const document = JSON.parse((await raw(base, '/v1/openapi.json')).body) as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths).length).toBeGreaterThan(10);
      expect(Object.keys(document.paths).filter((path) => path.startsWith('/console'))).toEqual([]);
    }
  });
});
