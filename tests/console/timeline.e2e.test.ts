/**
 * The step timeline and the clock panel of a Simulation's page, in Chromium against
 * `simplane serve --memory`: three writes through the data plane show as three steps with the
 * records they changed, a fork at step 2 opens with the state it starts from, and an advance of
 * the clock shows the event it committed. The tests follow one another on one page, as a person
 * would: each starts where the one before left the Simulation.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SimplaneClient } from '@simplane/client';
import { checkAccessibility, describeInBrowser, launchBrowser, screenshot, serveConsole, watchPage, type PageReports, type ServedConsole } from '../support/browser.js';
import { root, START_MS, STOP_MS } from '../support/serve-process.js';

/**
 * The catalog's pet store with one lifecycle rule: its pets carry no time field that an inferred
 * rule reads (docs/clock.md), so a pet still available a week after it was created is sold.
 */
const petstoreWithRule = readFileSync(`${root}/packages/composition/catalog/petstore.openapi.yaml`, 'utf8').replace(
  /\n {4}Pet:\n/,
  '\n    Pet:\n      x-simplane-lifecycle:\n        - name: sold-after-a-week\n          after: P7D\n          from: created_at\n          set: { status: sold }\n          when: { status: [available] }\n',
);

const PETSTORE_AUTH = { 'x-api-key': 'pet-key' };

interface Pet {
  id: string;
  name: string;
  status: string;
}

describeInBrowser('the step timeline and the clock in Chromium', () => {
  let browser: Browser;
  let served: ServedConsole;
  let page: Page;
  let reports: PageReports;
  let client: SimplaneClient;
  let simulationId: string;
  let rex: Pet;
  let tom: Pet;

  /** A write through the data plane, as an agent or a test would send it. */
  async function write(token: string, method: string, path: string, body: unknown): Promise<Pet> {
    const answer = await fetch(`${served.url}/sim/${simulationId}${path}`, {
      method,
      headers: { 'simulation-token': token, 'content-type': 'application/json', ...PETSTORE_AUTH },
      body: JSON.stringify(body),
    });
    expect(answer.status, `${method} ${path}`).toBeLessThan(300);
    return (await answer.json()) as Pet;
  }

  beforeAll(async () => {
    const started = await Promise.allSettled([launchBrowser(), serveConsole()] as const);
    [browser, served] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined)) as [Browser, ServedConsole];
    const failed = started.find((s) => s.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;

    client = new SimplaneClient({ url: served.url, apiKey: served.apiKey });
    const simulator = await client.simulators.build({ document: petstoreWithRule, fileName: 'petstore.yaml', request: { name: 'petstore-timeline' } });
    expect(simulator.status).toBe('ready');
    const simulation = await client.simulations.create({ simulator_id: simulator.id });
    simulationId = simulation.id;
    rex = await write(simulation.token, 'POST', '/pets', { name: 'Rex', status: 'available' });
    await write(simulation.token, 'PATCH', `/pets/${rex.id}`, { status: 'pending' });
    tom = await write(simulation.token, 'POST', '/pets', { name: 'Tom', status: 'available' });

    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    reports = await watchPage(page);
    await page.goto(`${served.url}/console`);
    await page.getByRole('textbox', { name: 'API key' }).fill(served.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in once the shell shows its way out (the key is then kept for the tab).
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }, 2 * START_MS);

  afterAll(async () => {
    await Promise.all([browser?.close(), served?.stop()]);
  }, STOP_MS + 5_000);

  const steps = () => page.getByRole('listbox', { name: /^Steps/ });

  it('lists the three writes as three steps, oldest first or newest first', async () => {
    await page.goto(`${served.url}/console/simulations/${simulationId}`);
    await page.getByText('3 steps', { exact: true }).waitFor();
    const rows = steps().getByRole('option');
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(3);
    const labels = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(labels[0]).toMatch(/^#1 api POST \/pets 201 2024-01-01 00:00:00Z http$/);
    expect(labels[1]).toMatch(new RegExp(`^#2 api PATCH /pets/${rex.id} 200 `));
    expect(labels[2]).toMatch(/^#3 api POST \/pets 201 /);

    await page.getByRole('button', { name: 'Newest first' }).click();
    await expect.poll(async () => (await rows.first().innerText()).split(/\s/)[0]).toBe('#3');
    await page.getByRole('button', { name: 'Newest first' }).click();
    await expect.poll(async () => (await rows.first().innerText()).split(/\s/)[0]).toBe('#1');
    await screenshot(page, 'timeline');
  });

  it('opens a step from the keyboard with its request, response and the record it created, and closes it', async () => {
    await steps().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Step 1: POST /pets' }).waitFor();
    // Opening a step takes the focus to its heading.
    await expect.poll(() => page.locator(':focus').innerText()).toBe('Step 1: POST /pets');
    await page.getByRole('region', { name: 'Request' }).getByText('POST /pets', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Response' }).getByText('Status 201', { exact: true }).waitFor();
    const changes = page.getByRole('region', { name: 'Records this step changed' });
    const created = changes.locator('.tl-change-created');
    await created.waitFor();
    expect(await created.innerText()).toContain(rex.id);
    expect(JSON.parse(await created.locator('pre').innerText())).toMatchObject({ id: rex.id, name: 'Rex', status: 'available' });

    // Closing the step gives the focus back to the list.
    await page.getByRole('button', { name: 'Close step' }).click();
    await page.getByRole('heading', { name: 'Step 1: POST /pets' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(':focus').getAttribute('role')).toBe('listbox');
  });

  it('shows an update as a field diff', async () => {
    await steps().getByRole('option', { name: /^#2 / }).click();
    await page.getByRole('heading', { name: `Step 2: PATCH /pets/${rex.id}` }).waitFor();
    const diff = page.getByRole('table', { name: `Fields of ${rex.id} that changed` });
    await diff.waitFor();
    const row = diff.getByRole('row', { name: /^status/ });
    expect((await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual(['"available"', '"pending"']);
    await screenshot(page, 'step-detail');
    expect(await checkAccessibility(page)).toEqual([]);
  });

  it('forks at step 2, and the fork opens with the records it starts from', async () => {
    await page.getByRole('button', { name: 'Fork at step 2' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/console/simulations/') && !url.pathname.endsWith(simulationId));
    const forkId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(await client.simulations.get(forkId)).toMatchObject({ parent_id: simulationId, step: 2 });

    await page.getByRole('button', { name: 'Records at the start (after step 2)', expanded: true }).waitFor();
    const pets = page.getByRole('table', { name: /^pets/ });
    await pets.getByRole('rowheader', { name: rex.id }).waitFor();
    expect(await pets.getByRole('row', { name: new RegExp(rex.id) }).innerText()).toContain('"status":"pending"');
    // Tom came at step 3, after the fork point.
    expect(await pets.getByRole('rowheader', { name: tom.id }).count()).toBe(0);
    await screenshot(page, 'fork');
  });

  it('advances the clock and shows the advance with the event it committed', async () => {
    await page.goto(`${served.url}/console/simulations/${simulationId}`);
    await page.getByText('3 steps', { exact: true }).waitFor();
    await page.getByLabel('Advance to (UTC)').fill('2024-01-10T00:00:00');
    await page.getByRole('button', { name: 'Advance clock' }).click();
    await page.getByText('Advanced to 2024-01-10 00:00:00Z: 1 event.').waitFor();
    await page.getByRole('button', { name: 'Events of the advance to 2024-01-10 00:00:00Z' }).click();
    const events = page.getByRole('table', { name: 'Events the advance to 2024-01-10 00:00:00Z committed' });
    await events.waitFor();
    const cells = (await events.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).map((text) => text.trim());
    // Tom, available since 1 January, is sold a week later; Rex was pending, so the rule passes him by.
    expect(cells).toEqual(['1', 'set', 'pets', tom.id, '2024-01-08 00:00:00Z']);

    await page.getByRole('button', { name: 'Refresh steps' }).click();
    await page.getByText('4 steps', { exact: true }).waitFor();
    await steps().getByRole('option', { name: /^#4 / }).click();
    await page.getByRole('heading', { name: 'Step 4: advance-time 2024-01-10T00:00:00.000Z' }).waitFor();
    await page.getByRole('table', { name: `Fields of ${tom.id} that changed` }).waitFor();
    await screenshot(page, 'clock');
    expect(await checkAccessibility(page)).toEqual([]);
    expect({ violations: await reports.violations(), console: reports.consoleErrors, errors: reports.pageErrors }).toEqual({ violations: [], console: [], errors: [] });
  });
});
