/**
 * The console signed in with the `simplane_session` cookie instead of an API key, in Chromium
 * against `simplane serve --memory` configured with a session secret: the browser sends the
 * cookie, the console names the workspace in X-Workspace-Id and sends no bearer; a workspace
 * the session does not list is refused as forbidden, and no cookie at all is told plainly.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SessionSealer } from '@simplane/core';
import { checkAccessibility, describeInBrowser, launchBrowser } from '../support/browser.js';
import { serveProcess, START_MS, STOP_MS, stopProcess, type Served } from '../support/serve-process.js';

const SECRET = 'console-session-secret-0123456789abcdef';
const ORG = 'org_01J0C0N5E0000000000000000A';
const WORKSPACE = 'wsp_01J0C0N5E0000000000000000B';
/** A workspace of the same organization that the session does not list. */
const OTHER_WORKSPACE = 'wsp_01J0C0N5E0000000000000000C';

describeInBrowser('the console signed in with the session cookie', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'simplane-console-session-'));
  let served: Served;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The control-plane requests the page sent: path, bearer and workspace header. */
  const sent: Array<{ path: string; authorization: string | undefined; workspace: string | undefined }> = [];

  beforeAll(async () => {
    const config = join(scratch, 'simplane.json');
    writeFileSync(
      config,
      JSON.stringify({
        catalog: false,
        session_secret: SECRET,
        organizations: [{ name: 'acme', id: ORG, workspaces: [{ name: 'dev', id: WORKSPACE }, { name: 'prod', id: OTHER_WORKSPACE }] }],
      }),
    );
    const started = await Promise.allSettled([launchBrowser(), serveProcess({ SIMPLANE_DATA_DIR: join(scratch, 'data'), SIMPLANE_CONFIG: config }, ['--memory'])] as const);
    browser = started[0].status === 'fulfilled' ? started[0].value : (undefined as unknown as Browser);
    served = started[1].status === 'fulfilled' ? started[1].value : (undefined as unknown as Served);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
    context = await browser.newContext();
    page = await context.newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/v1/')) sent.push({ path: url.pathname, authorization: request.headers().authorization, workspace: request.headers()['x-workspace-id'] });
    });
  }, 2 * START_MS);

  afterAll(async () => {
    await Promise.all([browser?.close(), served === undefined ? undefined : stopProcess(served.child)]);
    rmSync(scratch, { recursive: true, force: true });
  }, STOP_MS + 5_000);

  async function signInWithSession(workspaceId: string): Promise<void> {
    await page.getByRole('radio', { name: 'With my session' }).check();
    await page.getByLabel('Workspace ID').fill(workspaceId);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('tells plainly when the browser has no session cookie', async () => {
    await page.goto(`${served.url}/console/quota`);
    await signInWithSession(WORKSPACE);
    await page.getByRole('alert').filter({ hasText: 'no valid session cookie' }).waitFor();
    expect(await checkAccessibility(page)).toEqual([]);
  });

  it('signs in with the cookie, naming the workspace and sending no bearer', async () => {
    const token = new SessionSealer(SECRET).seal({ user: 'usr_ada', org: ORG, workspaces: [WORKSPACE], exp: Math.floor(Date.now() / 1000) + 3600 });
    await context.addCookies([{ name: 'simplane_session', value: token, url: served.url, httpOnly: true, sameSite: 'Strict' }]);
    sent.length = 0;
    await signInWithSession(WORKSPACE);
    await page.locator('h1:focus', { hasText: 'Quota' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Active Simulations' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Simulators', exact: true }).click();
    await page.getByText('No Simulators').waitFor();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.filter((request) => request.authorization !== undefined || request.workspace !== WORKSPACE)).toEqual([]);
  });

  it('shows the refusal of a workspace the session does not list', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInWithSession(OTHER_WORKSPACE);
    const refusal = page.getByRole('alert').filter({ hasText: 'auth_forbidden' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('403');
  });
});
