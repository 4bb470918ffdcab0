/**
 * Docs that run: every fenced block of README.md, docs/*.md and examples/README.md is run
 * against a server this test starts (`simplane serve --memory` on a free port), or is marked
 * `<!-- not runnable: <reason> -->` on the line right before its fence.
 *
 * - Shell blocks (sh, bash, shell) of one page run in page order in one bash session with
 *   `set -euo pipefail`, from the repository's root, so a variable one block sets is seen by
 *   the next. The session has SIMPLANE_URL and SIMPLANE_API_KEY (the server's address and key,
 *   which the `simplane` command reads too), HOME a fresh folder whose `.simplane` is that
 *   server's data directory, and `simplane` on the PATH. A `curl` answered 400 or more fails
 *   its block. Whatever a page left running in the background is stopped after its last block.
 * - Program blocks (ts, js) each run on their own as an ES module in a scratch folder inside the
 *   repository (so `@simplane/*` and the workspace's other packages resolve), with the same
 *   variables, beside `openapi/pets.yaml`, the pet store the project ships. A block that imports
 *   vitest is a test suite and runs inside this test; any other runs with `node` and must exit 0.
 *   TypeScript blocks are also type-checked together, strictly; `generated/pets.ts` beside them
 *   holds the pet store's types as openapi-typescript makes them.
 * - Data blocks (json, yaml) are parsed; one whose every key is a configuration field must pass
 *   `parseConfig`.
 * - `text` blocks and blocks without a language are output and diagrams: shown, never run. A
 *   block of any other language must be marked.
 *
 * Pages run side by side against the one server. In a session `npx simplane` runs the
 * workspace's command directly, as npx would find it, without npm's own start-up.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docBlocks, type DocBlock } from '../support/doc-blocks.js';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { checkData, isTypeScript, isVitestSuite, lastStarted, runProgram, runShellBlocks, typeCheck, writeProgram, writeSource } from '../support/doc-runners.js';
import { call, printedKey, root, serveProcess, stopProcess, type Served } from '../support/serve-process.js';

const PAGE_MS = 90_000;
const scratchRoot = join(root, '.docs-examples');
const home = join(scratchRoot, 'home');
const petstore = join(root, 'packages/composition/catalog/petstore.openapi.yaml');

const pages = ['README.md', 'examples/README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];

rmSync(scratchRoot, { recursive: true, force: true });
mkdirSync(home, { recursive: true });

let served: Served;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  served = await serveProcess({ HOME: home }, ['--memory']);
  env = {
    ...process.env,
    HOME: home,
    SIMPLANE_URL: served.url,
    SIMPLANE_API_KEY: printedKey(served),
    PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    npm_config_update_notifier: 'false',
  };
  await catalogReady(served.url, env.SIMPLANE_API_KEY!);
  for (const name of ['PORT', 'HOST', 'SIMPLANE_CONFIG', 'SIMPLANE_DATA_DIR', 'SIMPLANE_DATABASE_URL', 'SIMPLANE_S3_BUCKET', 'SIMPLANE_SECRET_KEY']) delete env[name];
}, 90_000);

/**
 * The server listens once the catalog is queued; its Simulators get their references when their
 * builds end, a second or two later. The pages use them from their first line, as a reader does
 * after `npm start` has said it is listening and a moment has passed.
 */
async function catalogReady(url: string, key: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const listed = await call(url, 'GET', '/v1/simulators?source=catalog&status=ready', key);
    if ((listed.json() as { simulators: unknown[] }).simulators.length >= 2) return;
    if (Date.now() > deadline) throw new Error(`the catalog was not built: ${listed.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(async () => {
  await stopProcess(served.child);
  rmSync(scratchRoot, { recursive: true, force: true });
});

/** The pet store's types, as openapi-typescript makes them (`generated/pets.ts`). */
const petstoreTypes = COMMENT_HEADER + astToString(await openapiTS(new URL(`file://${petstore}`)));

/**
 * A page's own scratch folder, with the pet store as `openapi/pets.yaml` and its types as
 * `generated/pets.ts`.
 */
function scratchFor(page: string): string {
  const dir = join(scratchRoot, page.replace(/[^A-Za-z0-9]+/g, '-'));
  mkdirSync(join(dir, 'openapi'), { recursive: true });
  mkdirSync(join(dir, 'generated'), { recursive: true });
  copyFileSync(petstore, join(dir, 'openapi/pets.yaml'));
  writeFileSync(join(dir, 'generated/pets.ts'), petstoreTypes);
  return dir;
}

/** Every runnable TypeScript block, written out as the pages are read; type-checked together. */
const typeScriptSources: Array<{ file: string; block: DocBlock }> = [];

it.concurrent('type-checks every TypeScript block', { timeout: 60_000 }, () => {
  expect(typeCheck(typeScriptSources)).toEqual([]);
});

const where = (block: DocBlock) => `${block.file}:${block.line}`;

describe.concurrent.each(pages)('%s', (page) => {
  const blocks = docBlocks(readFileSync(join(root, page), 'utf8'), page);
  const runnable = blocks.filter((block) => block.notRunnable === undefined);
  const scratch = scratchFor(page);

  it('marks every block it does not run, with a reason', () => {
    const unknown = runnable.filter((block) => block.kind === 'unknown').map((block) => `${where(block)} (${block.lang})`);
    expect(unknown, 'a block in a language the test does not run must be marked not runnable').toEqual([]);
    const empty = blocks.filter((block) => block.notRunnable === '').map(where);
    expect(empty, 'a not runnable mark must say why').toEqual([]);
  });

  const data = runnable.filter((block) => block.kind === 'data');
  if (data.length > 0) {
    it('parses its documents and configurations', () => {
      const failures: string[] = [];
      for (const block of data) {
        try {
          checkData(block);
        } catch (error) {
          failures.push(`${where(block)}: ${(error as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  const shell = runnable.filter((block) => block.kind === 'shell');
  if (shell.length > 0) {
    it('runs its shell blocks in one session', { timeout: PAGE_MS + 5_000 }, async () => {
      const outcome = await runShellBlocks(shell, { cwd: root, env, scratch, timeoutMs: PAGE_MS });
      expect(outcome.code, `failed in ${lastStarted(outcome.output)}:\n${outcome.output.slice(-4000)}`).toBe(0);
    });
  }

  for (const block of runnable.filter((b) => b.kind === 'code')) {
    const source = isTypeScript(block) ? writeSource(block, scratch) : undefined;
    if (source !== undefined) typeScriptSources.push({ file: source, block });
    if (isVitestSuite(block)) {
      // A suite is loaded while this file's tests are collected, so its tests run here.
      describe(`the suite at line ${block.line}`, async () => {
        let file = source;
        if (file === undefined) {
          file = join(scratch, `line-${block.line}.js`);
          writeFileSync(file, block.code);
        }
        try {
          await import(/* @vite-ignore */ file);
        } catch (error) {
          it('loads', () => {
            throw new Error(`${where(block)} does not load: ${(error as Error).message}`);
          });
        }
      });
    } else {
      it(`runs the program at line ${block.line}`, { timeout: PAGE_MS + 5_000 }, async () => {
        const file = writeProgram(block, scratch);
        const outcome = await runProgram(file, { cwd: scratch, env, timeoutMs: PAGE_MS });
        expect(outcome.code, `${where(block)} (${relative(root, file)}):\n${outcome.output.slice(-4000)}`).toBe(0);
      });
    }
  }
});
