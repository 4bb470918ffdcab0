/**
 * The web console as a browser gets it, from each host that serves the control plane: the built
 * `simplane serve --memory` and `simplane mock` as child processes, and the Express host around
 * a composed control plane. One Chromium page for the file (a new page costs a renderer's start,
 * a navigation a tenth of it); the servers start while it launches. Each load must give the
 * console's exact policy with nothing refused, failed or thrown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createExpressApp } from '@simplane/host-express';
import { checkAccessibility, CONSOLE_CSP, describeInBrowser, launchBrowser, serveConsole, watchPage, type PageReports, type ServedConsole } from '../support/browser.js';
import { NOTES } from '../support/notes-document.js';
import { bin, printedLine, START_MS, STOP_MS, stopProcess } from '../support/serve-process.js';

/** The mock's folder, made when the suite starts (a suite skipped without Chromium leaves nothing behind). */
let scratch = '';
const EXPRESS_KEY = 'console-browser-key-1';

/** `simplane mock` of the notes API in memory, up once it prints the console's address. */
async function startMock(): Promise<{ child: ChildProcess; consoleUrl: string }> {
  writeFileSync(join(scratch, 'notes.yaml'), NOTES);
  const env: Record<string, string | undefined> = { ...process.env, SIMPLANE_DATA_DIR: join(scratch, 'data') };
  for (const name of ['SIMPLANE_CONFIG', 'SIMPLANE_DATABASE_URL', 'SIMPLANE_S3_BUCKET']) delete env[name];
  const child = spawn(process.execPath, [bin, 'mock', 'notes.yaml', '--memory', '--port', '0'], { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    return { child, consoleUrl: await printedLine(child, () => output, /^Console: (http:\/\/\S+)$/m) };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

/** The Express host's whole app around a control plane composed in memory, with the console as built. */
async function startExpress(): Promise<{ plane: ControlPlane; server: Server; url: string }> {
  const plane = composeControlPlane(parseConfig({ catalog: false, log_level: 'silent', organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [EXPRESS_KEY] }] }] }));
  const server = createExpressApp(plane.handle).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { plane, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Opens `url` and checks what every host must give: the page with the exact policy, its script
 * and style sheet loaded, and nothing refused, failed or thrown.
 */
async function openConsole(page: Page, reports: PageReports, url: string): Promise<void> {
  reports.clear();
  const loaded: string[] = [];
  const record = (response: Response) => loaded.push(`${response.status()} ${new URL(response.url()).pathname}`);
  page.on('response', record);
  const response = await page.goto(url, { waitUntil: 'load' });
  page.off('response', record);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(response?.headers()['content-security-policy']).toBe(CONSOLE_CSP);
  // The page's own files came from /console, each answered (a 304 is a cached answer).
  expect(loaded.filter((line) => /^\d+ \/console\/.+\.(js|css)$/.test(line)).length, loaded.join('\n')).toBeGreaterThanOrEqual(2);
  expect(loaded.filter((line) => !/^(200|304) /.test(line)), loaded.join('\n')).toEqual([]);
  expect({ violations: await reports.violations(), console: reports.consoleErrors, errors: reports.pageErrors, failed: reports.failedRequests }).toEqual({ violations: [], console: [], errors: [], failed: [] });
}

describeInBrowser('the web console in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let reports: PageReports;
  let served: ServedConsole;
  let mock: { child: ChildProcess; consoleUrl: string };
  let express: { plane: ControlPlane; server: Server; url: string };

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'simplane-console-browser-'));
    const started = await Promise.allSettled([launchBrowser(), serveConsole(), startMock(), startExpress()] as const);
    [browser, served, mock, express] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined)) as [Browser, ServedConsole, typeof mock, typeof express];
    const failed = started.find((s) => s.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
    page = await browser.newPage();
    reports = await watchPage(page);
  }, 2 * START_MS);

  afterAll(async () => {
    await Promise.all([
      browser?.close(),
      served?.stop(),
      mock === undefined ? undefined : stopProcess(mock.child),
      express === undefined ? undefined : new Promise<void>((resolve) => {
        express.server.closeAllConnections();
        express.server.close(() => resolve());
      }).then(() => express.plane.close()),
    ]);
    if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
  }, STOP_MS + 5_000);

  describe('from simplane serve --memory', () => {
    it('prints the console beside the API, and loads it with the exact policy and nothing refused', async () => {
      expect(served.consoleUrl).toBe(`${served.url}/console`);
      await openConsole(page, reports, served.consoleUrl);
    });

    it('answers the page on a reload of one of its own routes', async () => {
      const deepLink = `${served.url}/console/simulations/sim_01J00000000000000000000000`;
      await openConsole(page, reports, deepLink);
      const again = await page.reload({ waitUntil: 'load' });
      expect(again?.status()).toBe(200);
      expect(page.url()).toBe(deepLink);
      expect(await reports.violations()).toEqual([]);
    });

    it('enforces the policy: a script written into the page does not run, and is reported', async () => {
      await openConsole(page, reports, served.consoleUrl);
      const ran = await page.evaluate(() => {
        const global = globalThis as unknown as { document: { createElement(tag: string): { textContent: string }; body: { append(node: unknown): void } }; injectedRan?: boolean };
        const script = global.document.createElement('script');
        script.textContent = 'globalThis.injectedRan = true';
        global.document.body.append(script);
        return global.injectedRan === true;
      });
      expect(ran).toBe(false);
      await expect.poll(() => reports.violations()).toEqual(['script-src-elem blocked inline']);
    });

    it('lets the page call the API on its own origin with a key', async () => {
      await openConsole(page, reports, served.consoleUrl);
      const quota = await page.evaluate(async (key) => {
        const answer = await fetch('/v1/quota', { headers: { authorization: `Bearer ${key}` } });
        return { status: answer.status, fields: Object.keys((await answer.json()) as object).sort() };
      }, served.apiKey);
      expect(quota).toEqual({ status: 200, fields: ['active_simulations', 'builds_today', 'concurrent_builds', 'concurrent_world_builds'] });
    });

    it('has no serious or critical accessibility violation', async () => {
      await openConsole(page, reports, served.consoleUrl);
      expect(await checkAccessibility(page)).toEqual([]);
    });
  });

  it('loads from simplane mock, beside the Simulation at the root', async () => {
    await openConsole(page, reports, mock.consoleUrl);
    const root = new URL('/notes', mock.consoleUrl).href;
    const notes = await page.evaluate(async (url) => {
      const answer = await fetch(url);
      return { status: answer.status, list: Array.isArray(await answer.json()) };
    }, root);
    expect(notes).toEqual({ status: 200, list: true });
  });

  it('loads from the Express host', async () => {
    await openConsole(page, reports, `${express.url}/console`);
  });
});
