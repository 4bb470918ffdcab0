/**
 * The console's views used as a person would, in Chromium against `simplane serve --memory`:
 * sign in with the key serve printed, build an uploaded document, create a Simulation and mint
 * its token, stop, start and delete it, filter and page the list, stop and start a World, keep
 * a Credential, read the quota, sign out. Every view passes axe (no serious or critical
 * violation) and leaves a screenshot in docs/console/. One page for the file, its tests in
 * order: each starts where the one before left the console.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SimplaneApiError, SimplaneClient } from '@simplane/client';
import { checkAccessibility, describeInBrowser, launchBrowser, screenshot, serveConsole, watchPage, type PageReports, type ServedConsole } from '../support/browser.js';
import { START_MS, STOP_MS } from '../support/serve-process.js';

const TASKS = new URL('../clients/fixtures/tasks.openapi.yaml', import.meta.url);
/** Stopped Simulations made through the client: one more than a page of the console's lists. */
const PAGE_AND_ONE = 51;

/** What the page keeps in sessionStorage and localStorage, read without the DOM's types (the tests compile for Node). */
function storage(page: Page): Promise<{ session: string[]; local: number }> {
  return page.evaluate(() => {
    const global = globalThis as unknown as { sessionStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null }; localStorage: { length: number } };
    const session: string[] = [];
    for (let i = 0; i < global.sessionStorage.length; i += 1) session.push(global.sessionStorage.getItem(global.sessionStorage.key(i) ?? '') ?? '');
    return { session, local: global.localStorage.length };
  });
}

describeInBrowser('the console views in Chromium', () => {
  let served: ServedConsole;
  let browser: Browser;
  let page: Page;
  let reports: PageReports;
  let client: SimplaneClient;
  let simulationId: string;

  /** The view passes axe and is kept as docs/console/<name>.png. */
  async function checkView(name: string): Promise<void> {
    expect(await checkAccessibility(page)).toEqual([]);
    await screenshot(page, name);
  }

  /** Follows a link of the header's navigation; the new view's heading takes the focus. */
  async function openSection(name: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
    await page.locator('h1:focus', { hasText: name }).waitFor();
  }

  beforeAll(async () => {
    const started = await Promise.allSettled([launchBrowser(), serveConsole()] as const);
    browser = started[0].status === 'fulfilled' ? started[0].value : (undefined as unknown as Browser);
    served = started[1].status === 'fulfilled' ? started[1].value : (undefined as unknown as ServedConsole);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    reports = await watchPage(page);
    client = new SimplaneClient({ url: served.url, apiKey: served.apiKey });
  }, 2 * START_MS);

  afterAll(async () => {
    await Promise.all([browser?.close(), served?.stop()]);
  }, STOP_MS + 5_000);

  it('signs in with the API key, telling a wrong key plainly, and keeps it in sessionStorage only', async () => {
    await page.goto(served.consoleUrl);
    const key = page.getByLabel('API key', { exact: true });
    expect(await key.getAttribute('type')).toBe('password');
    await key.fill('not-a-key-of-this-server');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'does not know this API key' }).waitFor();
    await checkView('sign-in');

    await key.fill(served.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('h1:focus', { hasText: 'Simulations' }).waitFor();
    expect(await page.title()).toBe('Simulations · Simplane');
    expect(page.url()).not.toContain(served.apiKey);
    const kept = await storage(page);
    expect(kept.local).toBe(0);
    expect(kept.session.join('')).toContain(served.apiKey);
  });

  it('builds an uploaded document, following the build until it is ready', async () => {
    reports.clear();
    await openSection('Simulators');
    await page.getByLabel('Reference (optional)').fill('tasks:v1');
    await page.getByLabel('Document').setInputFiles({ name: 'tasks.openapi.yaml', mimeType: 'application/yaml', buffer: readFileSync(TASKS) });
    const open = page.getByRole('link', { name: /^Open / });
    await open.waitFor();
    expect(await page.locator('.build-state').innerText()).toContain('ready');
    const row = page.getByRole('row').filter({ hasText: 'tasks:v1' });
    await row.waitFor();
    expect(await row.innerText()).toContain('ready');
    await checkView('simulators');

    // A document let go anywhere on the page builds as well (the file input is the keyboard's way in).
    await page.getByLabel('Reference (optional)').fill('tasks:dropped');
    const dropped = await page.evaluateHandle((text) => {
      const global = globalThis as unknown as { DataTransfer: new () => { items: { add(file: unknown): void } }; File: new (parts: string[], name: string, options: { type: string }) => unknown };
      const transfer = new global.DataTransfer();
      transfer.items.add(new global.File([text], 'dropped.yaml', { type: 'application/yaml' }));
      return transfer;
    }, readFileSync(TASKS, 'utf8'));
    await page.dispatchEvent('main', 'dragover', { dataTransfer: dropped });
    await page.dispatchEvent('main', 'drop', { dataTransfer: dropped });
    await page.locator('.build-state', { hasText: 'dropped.yaml' }).getByRole('link', { name: /^Open / }).waitFor();
    expect((await client.simulators.get('tasks:dropped')).status).toBe('ready');

    await open.click();
    await page.locator('h1:focus', { hasText: /^Simulator / }).waitFor();
    await page.getByRole('cell', { name: 'POST /tasks', exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'createTask' }).innerText()).toContain('create');
    await page.getByText(/^The artifact's decisions/).waitFor();
    await checkView('simulator');
  });

  it('creates a Simulation of the ready Simulator and mints a token shown once, which the data plane takes', async () => {
    const simulator = await client.simulators.get('tasks:v1');
    await openSection('Simulations');
    await page.getByRole('button', { name: 'New Simulation' }).click();
    await page.getByLabel('Simulator', { exact: true }).selectOption(simulator.id);
    await page.getByLabel('Seed (optional)').fill('console-e2e');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.locator('h1:focus', { hasText: /^Simulation / }).waitFor();
    simulationId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const simulation = await client.simulations.get(simulationId);
    expect(simulation).toMatchObject({ simulator_id: simulator.id, seed: 'console-e2e', status: 'running' });
    await page.getByText(simulation.endpoint).waitFor();

    await page.getByLabel(/^Read-only/).check();
    await page.getByRole('button', { name: 'Issue a token' }).click();
    await page.getByText('it is shown only once').waitFor();
    const token = await page.getByLabel('The token').inputValue();
    const read = await fetch(`${simulation.endpoint}/tasks`, { headers: { 'simulation-token': token } });
    expect(read.status).toBe(200);
    const write = await fetch(`${simulation.endpoint}/tasks`, { method: 'POST', headers: { 'simulation-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x' }) });
    expect(write.status).toBe(403);
    await checkView('simulation');

    // A deep link survives a reload: the page comes back signed in (sessionStorage) on the same view, the token gone.
    await page.reload();
    await page.locator('h1:focus', { hasText: /^Simulation / }).waitFor();
    await page.getByRole('button', { name: 'Issue a token' }).waitFor();
    expect(await page.getByLabel('The token').count()).toBe(0);
  });

  it('stops, starts and deletes the Simulation, the delete behind a dialog that Escape closes', async () => {
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).waitFor();
    expect((await client.simulations.get(simulationId)).status).toBe('stopped');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    expect((await client.simulations.get(simulationId)).status).toBe('running');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the Simulation?' });
    await dialog.waitFor();
    await checkView('simulation-delete');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await client.simulations.get(simulationId)).status).toBe('running');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('h1:focus', { hasText: 'Simulations' }).waitFor();
    const gone = await client.simulations.get(simulationId).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(SimplaneApiError);
    expect((gone as SimplaneApiError).code).toBe('simulation_not_found');
  });

  it('filters the Simulations by status and pages through them', async () => {
    const simulator = await client.simulators.get('tasks:v1');
    const running = await client.simulations.create({ simulator_id: simulator.id, name: 'still-running' });
    for (let batch = 0; batch < PAGE_AND_ONE; batch += 17) {
      await Promise.all(
        Array.from({ length: Math.min(17, PAGE_AND_ONE - batch) }, async (_, i) => {
          const made = await client.simulations.create({ simulator_id: simulator.id, name: `stopped-${batch + i}` });
          await client.simulations.stop(made.id);
        }),
      );
    }
    await page.reload();
    await page.locator('h1:focus', { hasText: 'Simulations' }).waitFor();

    const rows = page.locator('tbody tr');
    await page.getByLabel('Status').selectOption('running');
    await page.getByRole('table', { name: /running only/ }).waitFor();
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining(running.name)]);
    await checkView('simulations');

    await page.getByLabel('Status').selectOption('stopped');
    await page.getByRole('table', { name: /stopped only/ }).waitFor();
    await page.getByRole('button', { name: 'Next page' }).waitFor();
    expect(await rows.count()).toBe(50);
    expect(await checkAccessibility(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Next page', disabled: true }).waitFor();
    expect(await rows.count()).toBe(PAGE_AND_ONE - 50);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('button', { name: 'Previous page', disabled: true }).waitFor();
    expect(await rows.count()).toBe(50);
  });

  it('shows a World with its members and endpoints, and stops and starts it', async () => {
    const created = await client.worlds.create({ name: 'shop', simulators: ['catalog/petstore:1.0', 'catalog/customers:1.0'] });
    const world = await client.worlds.waitUntilCreated(created.id);
    expect(world.status).toBe('running');
    await openSection('Worlds');
    await page.getByRole('link', { name: 'shop', exact: true }).waitFor();
    await checkView('worlds');

    await page.getByRole('link', { name: 'shop', exact: true }).click();
    await page.locator('h1:focus', { hasText: 'World shop' }).waitFor();
    const members = page.getByRole('table', { name: "The World's Simulations" }).locator('tbody tr');
    await members.first().waitFor();
    const names = Object.keys(world.members).sort();
    expect(await members.count()).toBe(names.length);
    for (const name of names) expect(await members.filter({ hasText: name }).innerText()).toContain(world.services[name]!.endpoint);
    await checkView('world');

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).waitFor();
    expect((await client.worlds.get(world.id)).status).toBe('stopped');
    expect(await members.filter({ hasText: 'running' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    expect((await client.worlds.get(world.id)).status).toBe('running');

    // The World's clock moves every member's at once.
    await page.getByLabel('Advance to (UTC)').fill('2024-01-02T00:00:00');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    await page.getByRole('definition').filter({ hasText: /^2024-01-02 00:00:00 UTC/ }).waitFor();
    const advanced = await client.worlds.get(world.id);
    expect(advanced.current_time).toBe('2024-01-02T00:00:00.000Z');
    for (const member of Object.values(advanced.members)) expect((await client.simulations.get(member.simulation_id)).current_time).toBe('2024-01-02T00:00:00.000Z');
  });

  it('keeps Credentials, showing their metadata and never their value', async () => {
    const secret = 'credential-value-never-shown-1';
    await openSection('Credentials');
    await page.getByRole('button', { name: 'New credential' }).click();
    await page.getByLabel('Name').fill('billing');
    await page.getByLabel('Base URL').fill('https://billing.example.com');
    await page.getByLabel('Header').fill('X-Api-Key');
    const value = page.getByLabel('Value', { exact: true });
    expect(await value.getAttribute('type')).toBe('password');
    await value.fill(secret);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'billing' });
    await row.waitFor();
    expect(await row.innerText()).toContain('https://billing.example.com');
    expect(await page.content()).not.toContain(secret);
    await checkView('credentials');

    await page.getByRole('button', { name: 'Change billing' }).click();
    expect(await page.getByLabel('Value', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Name').fill('billing-eu');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'billing-eu' }).waitFor();
    const stored = [];
    for await (const credential of client.credentials.list()) stored.push(credential);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'billing-eu', base_url: 'https://billing.example.com', header: 'X-Api-Key' });

    await page.getByRole('button', { name: 'Delete billing-eu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No credentials yet.').waitFor();
  });

  it('shows the quota ledger', async () => {
    const quota = await client.quota();
    await openSection('Quota');
    const active = page.getByRole('row').filter({ hasText: 'Active Simulations' });
    await active.waitFor();
    expect(await active.innerText()).toContain(`${quota.active_simulations.used}\t${quota.active_simulations.limit}`);
    await checkView('quota');
  });

  it('is driven by the keyboard: a skip link first, then the navigation, each view taking the focus', async () => {
    await page.reload();
    await page.locator('h1:focus', { hasText: 'Quota' }).waitFor();
    // Backwards from the heading: the header's controls, then the skip link before them all.
    const focused = page.locator(':focus');
    await page.keyboard.press('Shift+Tab');
    await page.getByRole('button', { name: 'Sign out' }).and(focused).waitFor();
    for (const link of ['Quota', 'Credentials', 'Worlds', 'Simulations', 'Simulators']) {
      await page.keyboard.press('Shift+Tab');
      await page.getByRole('link', { name: link, exact: true }).and(focused).waitFor();
    }
    await page.keyboard.press('Shift+Tab');
    await page.locator('a.brand:focus').waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.locator('a.skip-link:focus').waitFor();
    expect(await page.locator('a.skip-link').isVisible()).toBe(true);
    // And forwards to a section, opened with Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.getByRole('link', { name: 'Simulations', exact: true }).and(focused).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('h1:focus', { hasText: 'Simulations' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/simulations');
    await page.goBack();
    await page.locator('h1:focus', { hasText: 'Quota' }).waitFor();
  });

  it('goes back to the sign-in, saying why, when the server no longer accepts the session', async () => {
    await page.evaluate(() => {
      const global = globalThis as unknown as { sessionStorage: { setItem(key: string, value: string): void } };
      global.sessionStorage.setItem('simplane.console.session', JSON.stringify({ kind: 'api-key', apiKey: 'a-key-since-revoked' }));
    });
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'no longer accepts this session' }).waitFor();
    expect((await storage(page)).session).toEqual([]);

    await page.getByLabel('API key', { exact: true }).fill(served.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('h1:focus', { hasText: 'Quota' }).waitFor();
  });

  it('signs out, forgetting the key, with nothing refused by the page policy on the way', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key', { exact: true }).waitFor();
    expect((await storage(page)).session).toEqual([]);
    expect({ violations: await reports.violations(), errors: reports.pageErrors }).toEqual({ violations: [], errors: [] });
  });
});
