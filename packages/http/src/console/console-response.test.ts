import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger, UlidIdGenerator, type AuthService } from '@simplane/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandler, DEFAULT_HANDLER_OPTIONS } from '../handler.js';
import type { Handler, HttpResponse } from '../http-types.js';
import type { Route } from '../route.js';
import { loadConsoleAssets, type ConsoleAssets } from './console-assets.js';
import { CONSOLE_CONTENT_SECURITY_POLICY } from './console-response.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-console-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SECRET = 'SECRET-OUTSIDE-THE-BUNDLE';
const INDEX = '<!doctype html><title>Simplane</title><script type="module" src="/console/console.js"></script>';

/** A bundle as the console's build writes it, beside a file it must never serve. */
function bundle(): string {
  writeFileSync(join(scratch, 'package.json'), SECRET);
  const dir = join(scratch, 'web');
  mkdirSync(join(dir, 'fonts'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'console.js'), 'document.title = "Simplane";');
  writeFileSync(join(dir, 'console.css'), 'body { margin: 0 }');
  writeFileSync(join(dir, 'chunk-5XKQJ2ZP.js'), 'export {};');
  writeFileSync(join(dir, 'fonts', 'inter.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(dir, '.env'), SECRET);
  symlinkSync(join(scratch, 'package.json'), join(dir, 'linked.js'));
  return dir;
}

const assets = loadConsoleAssets(bundle())!;

const publicRoute: Route = {
  method: 'GET',
  path: '/v1/openapi.json',
  auth: false,
  doc: { operationId: 'getOpenApiDocument', summary: '', tag: 'Meta', responses: {}, errors: [] },
  handle: async () => ({ status: 200, json: { openapi: '3.1.0' } }),
};

function handlerWith(console: ConsoleAssets | undefined): Handler {
  const auth = { authenticate: async () => Promise.reject(new Error('no key in these tests')) } as unknown as AuthService;
  return createHandler([publicRoute], { auth, ids: new UlidIdGenerator(), logger: silentLogger }, { ...DEFAULT_HANDLER_OPTIONS, ...(console === undefined ? {} : { console }) });
}

const handle = handlerWith(assets);

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<HttpResponse & { text: string }> {
  const response = await handle({ method, url, headers, body: null });
  const body = response.body;
  if (body !== null && !(body instanceof Uint8Array)) throw new Error('a console answer is never streamed');
  return { ...response, text: body === null ? '' : Buffer.from(body).toString() };
}

const SECURITY = { 'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

describe('the console under /console', () => {
  it('lists the bundle once: regular files only, no dot file, no link out of it', () => {
    expect([...assets.files.keys()].sort()).toEqual(['chunk-5XKQJ2ZP.js', 'console.css', 'console.js', 'fonts/inter.woff2', 'index.html']);
    // A directory without index.html holds no console (not built yet), nor does a missing one.
    expect(loadConsoleAssets(join(assets.directory, 'fonts'))).toBeNull();
    expect(loadConsoleAssets(join(scratch, 'missing'))).toBeNull();
  });

  it('answers the page for /console, /console/ and the routes of the page, revalidated on each use', async () => {
    for (const url of ['/console', '/console/', '/console/simulations/sim_01J0000000000000000000000', '/console/simulations/sim_1?tab=steps', '/console/worlds/']) {
      const page = await get(url);
      expect({ url, status: page.status, text: page.text }).toEqual({ url, status: 200, text: INDEX });
      expect(page.headers).toMatchObject({ ...SECURITY, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    }
  });

  it('answers each file with its media type; a hashed name is kept for a year', async () => {
    const script = await get('/console/console.js');
    expect(script).toMatchObject({ status: 200, text: 'document.title = "Simplane";', headers: { ...SECURITY, 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' } });
    expect((await get('/console/console.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/console/fonts/inter.woff2')).headers['content-type']).toBe('font/woff2');
    expect((await get('/console/chunk-5XKQJ2ZP.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 to a validator that matches, with the policy and no body', async () => {
    const first = await get('/console/console.js');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/console/console.js', { 'if-none-match': ifNoneMatch });
      expect({ ifNoneMatch, status: again.status, text: again.text }).toEqual({ ifNoneMatch, status: 304, text: '' });
      expect(again.headers).toMatchObject({ ...SECURITY, etag, 'cache-control': 'no-cache' });
    }
    expect((await get('/console/console.js', { 'if-none-match': '"other"' })).status).toBe(200);
    // A deep link is the page: the page's validator.
    expect((await get('/console/simulations/sim_1', { 'if-none-match': (await get('/console')).headers.etag! })).status).toBe(304);
  });

  it('answers HEAD with the length and no body', async () => {
    const head = await get('/console/console.css', {}, 'HEAD');
    expect(head).toMatchObject({ status: 200, body: null, headers: { ...SECURITY, 'content-length': String('body { margin: 0 }'.length), 'content-type': 'text/css; charset=utf-8' } });
  });

  it('never answers a file outside the bundle, whatever the encoding', async () => {
    const attempts = [
      '/console/../package.json',
      '/console/%2e%2e/package.json',
      '/console/%2E%2E/%2e%2e/package.json',
      '/console/..%2fpackage.json',
      '/console/..%2Fpackage.json',
      '/console/%2e%2e%2fpackage.json',
      '/console/..%5cpackage.json',
      '/console/fonts/..%2f..%2fpackage.json',
      '/console/%252e%252e/package.json',
      '/console/linked.js',
      '/console/.env',
      '/console/%00',
      '/console/%E0%A4%A',
    ];
    for (const url of attempts) {
      const answer = await get(url);
      expect({ url, status: answer.status, leaked: answer.text.includes(SECRET) }).toEqual({ url, status: 404, leaked: false });
    }
    // Still under /console once decoded: refused with the console's headers.
    expect((await get('/console/..%2fpackage.json')).headers).toMatchObject({ ...SECURITY, 'content-type': 'application/problem+json' });
  });

  it('answers 404 for a file the bundle lacks, never the page in its place', async () => {
    const missing = await get('/console/missing.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ code: 'not_found', detail: 'No such route.', validation: null });
    expect(missing.headers).toMatchObject(SECURITY);
  });

  it('refuses other methods with Allow and the policy', async () => {
    const post = await get('/console', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers).toMatchObject({ ...SECURITY, allow: 'GET, HEAD', 'content-type': 'application/problem+json' });
  });

  it('answers 404 under /console when there is no bundle, and leaves the routes as they are', async () => {
    const bare = handlerWith(undefined);
    for (const url of ['/console', '/console/', '/console/console.js']) {
      const answer = await bare({ method: 'GET', url, headers: {}, body: null });
      expect({ url, status: answer.status, headers: answer.headers }).toMatchObject({ url, status: 404, headers: { ...SECURITY, 'content-type': 'application/problem+json' } });
    }
    for (const withConsole of [handle, bare]) {
      const document = await withConsole({ method: 'GET', url: '/v1/openapi.json', headers: {}, body: null });
      expect(document.status).toBe(200);
      expect(document.headers['content-security-policy']).toBeUndefined();
    }
    expect((await get('/consoles')).headers['content-security-policy']).toBeUndefined();
  });
});
