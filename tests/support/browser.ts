/**
 * Tests of the web console in a real browser: Debian's Chromium driven by playwright-core (which
 * downloads no browser of its own), and `simplane serve --memory` as a child process to point it
 * at. Without Chromium a suite is skipped, unless SIMPLANE_BROWSER_TESTS=required (CI sets it),
 * where a missing Chromium fails the suite instead of passing quietly.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { printedKey, printedLine, root, serveProcess, stopProcess } from './serve-process.js';

export { CONSOLE_CSP } from './console-policy.js';

/** Debian's package (`apt-get install chromium`); SIMPLANE_CHROMIUM names another build. */
export const CHROMIUM = process.env.SIMPLANE_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a browser in a container, with nothing of its own talking to the network. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];


export function browserAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/**
 * `describe` for a suite that needs Chromium: run when it is installed; else skipped, or, with
 * SIMPLANE_BROWSER_TESTS=required, one failing test that says what is missing.
 */
export function describeInBrowser(name: string, suite: () => void): void {
  if (browserAvailable()) {
    describe(name, suite);
  } else if (process.env.SIMPLANE_BROWSER_TESTS === 'required') {
    describe(name, () => {
      it('has Chromium to run in', () => {
        throw new Error(`SIMPLANE_BROWSER_TESTS=required, and there is no Chromium at ${CHROMIUM} (apt-get install chromium, or set SIMPLANE_CHROMIUM)`);
      });
    });
  } else {
    describe.skip(`${name} (no Chromium at ${CHROMIUM})`, suite);
  }
}

/** A headless Chromium with a fresh profile in a temporary folder (playwright's own, removed when it closes). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** What a page reported while it loaded and ran: errors, failed requests and Content-Security-Policy violations. */
export interface PageReports {
  /** Console messages of type `error`: Chromium reports each refused resource there too. */
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  /** `securitypolicyviolation` events of the document shown now: `<directive> blocked <uri>`. */
  violations(): Promise<string[]>;
  /** Forgets what was reported so far (a page reused for the next test). */
  clear(): void;
}

/**
 * Listens to a page before it navigates: its console, uncaught errors, failed requests, and
 * every CSP violation, recorded by a script that the browser's automation adds to each
 * document (outside the page's policy, which would refuse such a script from the page).
 */
export async function watchPage(page: Page): Promise<PageReports> {
  const reports = { consoleErrors: [] as string[], pageErrors: [] as string[], failedRequests: [] as string[] };
  page.on('console', (message) => {
    // A page that declares no icon makes the browser ask the origin's root for /favicon.ico,
    // which is not the console's to answer: its 404 is the browser's habit, not the page's fault.
    if (message.type() === 'error' && new URL(message.location().url || 'about:blank').pathname !== '/favicon.ico') reports.consoleErrors.push(`${message.text()} [${message.location().url}]`);
  });
  page.on('pageerror', (error) => reports.pageErrors.push(error.message));
  page.on('requestfailed', (request) => reports.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    const seen: string[] = [];
    page.__cspViolations = seen;
    page.document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`));
  });
  return {
    ...reports,
    violations: () => page.evaluate(() => [...((globalThis as unknown as PageGlobals).__cspViolations ?? [])]),
    clear: () => {
      for (const list of Object.values(reports)) list.length = 0;
    },
  };
}

/**
 * What the scripts below touch of the page's globals, typed here: the tests compile for Node,
 * without the DOM's types.
 */
interface PageGlobals {
  document: { addEventListener(type: 'securitypolicyviolation', listener: (event: { effectiveDirective: string; blockedURI: string }) => void): void };
  __cspViolations?: string[];
  axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> };
}

const requireHere = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * axe-core's serious and critical violations on the page, one readable line each (rule, impact,
 * what it asks, the elements). The page's policy refuses injected scripts, so axe's source is
 * evaluated through the browser's automation channel, which the policy does not govern.
 */
export async function checkAccessibility(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(requireHere.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const page = globalThis as unknown as PageGlobals;
    const results = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
}

/**
 * A full-page screenshot of a view, `<name>.png`: into `.screenshots/console/` on every run (so a
 * test run leaves the tracked files alone), and into `docs/console/`, which docs/console.md
 * shows, when SIMPLANE_SCREENSHOTS=docs (`npm run docs:screenshots`).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const folder = process.env.SIMPLANE_SCREENSHOTS === 'docs' ? join(root, 'docs', 'console') : join(root, '.screenshots', 'console');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** `simplane serve --memory` running for a browser: its address, the console's, its key. */
export interface ServedConsole {
  child: ChildProcess;
  url: string;
  consoleUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

/**
 * Starts `simplane serve --memory` (the built command, as `npm start` runs it) on a free port,
 * its key and address file in a fresh data directory, and waits for the line that gives the
 * console's address.
 */
export async function serveConsole(): Promise<ServedConsole> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simplane-console-'));
  try {
    const served = await serveProcess({ SIMPLANE_DATA_DIR: dataDir }, ['--memory']);
    const consoleUrl = await printedLine(served.child, served.stdout, /^Console: (http:\/\/\S+)$/m);
    return {
      child: served.child,
      url: served.url,
      consoleUrl,
      apiKey: printedKey(served),
      stop: async () => {
        await stopProcess(served.child);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
