// The web console's first paint of the Simulations list: `simplane serve --memory` holding 50
// Simulations of the catalog pet store, Debian's Chromium (playwright-core) opening
// /console/simulations in a fresh browser context each time (nothing cached, signed in: the
// session is in the tab's sessionStorage, as after signing in), from navigation to the list's
// 50 rows on screen. The baseline, in the same run and the same browser: the same 50 rows as a
// static HTML table with a style sheet from a bare node:http server, the least any page showing
// the list costs. Runs interleaved. `node bench/console-paint.mjs` runs it alone.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const SIMULATIONS = 50;
const RUNS = 15;
const BIN = new URL('../packages/cli/dist/bin.js', import.meta.url).pathname;
const SESSION_KEY = 'simplane.console.session';

if (!existsSync(CHROMIUM)) {
  console.log(`\nConsole first paint: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)\n`);
} else {
  await run();
}

async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'simplane-bench-console-'));
  const child = spawn(process.execPath, [BIN, 'serve', '--memory', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'ignore'] });
  const baseline = createServer(staticList);
  let browser;
  try {
    const url = await new Promise((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const listening = /listening on (http:\/\/\S+)/.exec(line);
        if (listening) resolve(listening[1]);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    const apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    // The catalog is built in the background at start-up: the first create waits for it.
    for (let i = 0, attempt = 0; i < SIMULATIONS; ) {
      const created = await fetch(`${url}/v1/simulations`, { method: 'POST', headers, body: JSON.stringify({ simulator_id: 'catalog/petstore:1.0', name: `bench ${i}` }) });
      if (created.status === 201) i += 1;
      else if ((created.status === 400 || created.status === 409) && i === 0 && attempt++ < 300) await new Promise((resolve) => setTimeout(resolve, 100));
      else throw new Error(`create answered ${created.status}: ${await created.text()}`);
    }
    await new Promise((resolve) => baseline.listen(0, '127.0.0.1', resolve));
    const baselineUrl = `http://127.0.0.1:${baseline.address().port}/`;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const session = JSON.stringify({ kind: 'api-key', apiKey });
    const consoleRuns = [];
    const baselineRuns = [];
    // One warm-up each: the browser's own first start of a renderer is not the page's.
    for (let i = -1; i < RUNS; i += 1) {
      const shown = await paint(browser, `${url}/console/simulations`, session);
      const plain = await paint(browser, baselineUrl, null);
      if (i >= 0) {
        consoleRuns.push(shown);
        baselineRuns.push(plain);
      }
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const rows = [
      ['`/console/simulations`, 50 rows', consoleRuns],
      ['static HTML table, 50 rows (baseline)', baselineRuns],
    ];
    console.log(`\nConsole first paint: navigation to the Simulations list's ${SIMULATIONS} rows on screen, a fresh context each time, ${RUNS} runs interleaved (Chromium ${browser.version()}, headless)\n`);
    console.log('| Page | first contentful paint, median | list on screen, median | min | max | ÷ baseline |');
    console.log('|---|---:|---:|---:|---:|---:|');
    const base = median(baselineRuns.map((r) => r.listMs));
    for (const [name, runs] of rows) {
      const list = runs.map((r) => r.listMs);
      console.log(`| ${name} | ${median(runs.map((r) => r.fcpMs)).toFixed(0)} ms | ${median(list).toFixed(0)} ms | ${Math.min(...list).toFixed(0)} ms | ${Math.max(...list).toFixed(0)} ms | ${(median(list) / base).toFixed(2)} |`);
    }
  } finally {
    await browser?.close();
    baseline.close();
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Opens `url` in a fresh context; answers when the first contentful paint and the 50th row came, from navigation start. */
async function paint(browser, url, session) {
  const context = await browser.newContext();
  try {
    if (session !== null) await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [SESSION_KEY, session]);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('table tbody tr').nth(SIMULATIONS - 1).waitFor({ state: 'visible' });
    const listMs = await page.evaluate(() => performance.now());
    const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    return { listMs, fcpMs };
  } finally {
    await context.close();
  }
}

/** The baseline: the list as a static page, a table and a style sheet, no script. */
function staticList(req, res) {
  if (req.url === '/list.css') {
    res.writeHead(200, { 'content-type': 'text/css' });
    res.end('body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left}');
    return;
  }
  const rows = Array.from({ length: SIMULATIONS }, (_, i) => `<tr><td><a href="#s${i}">bench ${i}</a></td><td>running</td><td>2024-01-01 00:00:00Z</td><td>0</td></tr>`).join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Simulations</title><link rel="stylesheet" href="/list.css"></head><body><h1>Simulations</h1><table><caption>Simulations</caption><thead><tr><th>Name</th><th>Status</th><th>Virtual time</th><th>Step</th></tr></thead><tbody>${rows}</tbody></table></body></html>`);
}
