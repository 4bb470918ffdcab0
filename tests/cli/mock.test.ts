/**
 * `simplane mock <document>` as a user runs it: the built entry point in a child process, on a
 * document in a temporary folder, on a free port (`--port 0`). Each test waits for what the
 * command prints (its address, a rebuild), never for time; every child is stopped after its
 * test. Only the restart test keeps state on disk (an embedded database, the slow part); the
 * others run with --memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bin, call, children, START_MS, STOP_MS, stopProcess } from '../support/serve-process.js';
import { NOTES } from '../support/notes-document.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-mock-'));

/** A test starts at most three mocks one after the other, and waits for one rebuild. */
const TEST_MS = 3 * (START_MS + STOP_MS);


/** The same API with one more resource: what a save under --watch brings. */
const NOTES_AND_TAGS = NOTES.replace(
  'components:',
  `  /tags:
    get:
      operationId: listTags
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: object, required: [id, name], properties: {id: {type: string}, name: {type: string}}}}
components:`,
);

interface Mock {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /**
   * Resolves once either stream matches in what it prints from now on, or since the start:
   * standard error may arrive after a later line of standard output.
   */
  waitFor: (pattern: RegExp, since?: 'now' | 'start') => Promise<RegExpExecArray>;
}

/** A folder with the document, as a user's project would have it. */
function project(document = NOTES): { dir: string; file: string } {
  const dir = mkdtempSync(join(scratch, 'project-'));
  const file = join(dir, 'notes.yaml');
  writeFileSync(file, document);
  return { dir, file };
}

function launch(dir: string, args: string[], env: Record<string, string> = {}): { child: ChildProcess; out: { stdout: string; stderr: string } } {
  const base: Record<string, string | undefined> = { ...process.env };
  for (const name of ['PORT', 'HOST', 'SIMPLANE_CONFIG', 'SIMPLANE_DATA_DIR', 'SIMPLANE_DATABASE_URL', 'SIMPLANE_S3_BUCKET', 'SIMPLANE_SECRET_KEY']) delete base[name];
  const child = spawn(process.execPath, [bin, 'mock', ...args], { cwd: dir, env: { ...base, SIMPLANE_DATA_DIR: join(dir, 'data'), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const out = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  return { child, out };
}

/** Starts `simplane mock` in `dir` and waits for the line that gives its address, printed once the Simulation is served. */
function startMock(dir: string, args: string[], env: Record<string, string> = {}): Promise<Mock> {
  const { child, out } = launch(dir, ['--port', '0', ...args], env);
  const waitFor = (pattern: RegExp, from: { stdout: number; stderr: number }) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} in the output:\n${out.stdout}\n${out.stderr}`)), START_MS);
      const check = () => {
        const match = pattern.exec(out.stdout.slice(from.stdout)) ?? pattern.exec(out.stderr.slice(from.stderr));
        if (match === null) return;
        clearTimeout(timer);
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        resolve(match);
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`mock exited with ${code}:\n${out.stdout}\n${out.stderr}`));
      });
      check();
    });
  return waitFor(/listening on (http:\/\/\S+)/, { stdout: 0, stderr: 0 }).then((match) => ({
    child,
    url: match[1]!,
    stdout: () => out.stdout,
    stderr: () => out.stderr,
    waitFor: (pattern: RegExp, since: 'now' | 'start' = 'now') => waitFor(pattern, since === 'start' ? { stdout: 0, stderr: 0 } : { stdout: out.stdout.length, stderr: out.stderr.length }),
  }));
}

/** Runs `simplane mock` expecting it to end by itself (a usage error, a document it cannot read). */
function runToExit(dir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child, out } = launch(dir, args);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mock did not exit:\n${out.stdout}\n${out.stderr}`));
    }, START_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      setImmediate(() => resolve({ code, stdout: out.stdout, stderr: out.stderr }));
    });
  });
}

/** What the mock printed about what it serves. */
function printed(mock: Mock): { simulation: string; apiKey: string; tryLine: string } {
  const out = mock.stdout();
  const simulations = [...out.matchAll(/^Simulation +(sim_\w+)/gm)];
  return {
    simulation: simulations.at(-1)?.[1] ?? '',
    apiKey: /with API key (spk_\S+)/.exec(out)?.[1] ?? '',
    tryLine: [...out.matchAll(/^Try +(.+)$/gm)].at(-1)?.[1] ?? '',
  };
}

afterEach(async () => {
  await Promise.all([...children].map(stopProcess));
}, STOP_MS + 5_000);

afterAll(async () => {
  await Promise.all([...children].map(stopProcess));
  rmSync(scratch, { recursive: true, force: true });
}, STOP_MS + 5_000);

describe('simplane mock', { timeout: TEST_MS }, () => {
  it('serves the document at the root without a token, keeps its state across a restart, and --reset starts over', async () => {
    const { dir } = project();
    const first = await startMock(dir, ['notes.yaml', '--seed', 'notes']);
    const shown = printed(first);
    expect(shown.simulation).toMatch(/^sim_/);
    expect(shown.tryLine).toBe(`curl ${first.url}/notes`);
    // The build's progress, as `simplane build` shows it.
    await first.waitFor(/ready: complete \(3\/3 operations\)/, 'start');

    const created = await call(first.url, 'POST', '/notes', null, { text: 'kept' });
    expect(created.status, created.text).toBe(201);
    const id = created.json().id as string;
    expect((await call(first.url, 'GET', `/notes/${encodeURIComponent(id)}`, null)).json()).toEqual({ id, text: 'kept' });
    // The document's base path, and the control plane under /v1 with the printed key.
    expect((await call(first.url, 'GET', `/v1/notes/${encodeURIComponent(id)}`, null)).status).toBe(200);
    const steps = await call(first.url, 'GET', `/v1/simulations/${shown.simulation}/steps`, shown.apiKey);
    expect(steps.json().steps.map((step: { label: string }) => step.label)).toEqual(['POST /notes']);
    // /sim still wants the Simulation's token.
    expect((await call(first.url, 'GET', `/sim/${shown.simulation}/notes`, null)).status).toBe(401);
    await stopProcess(first.child);

    const again = await startMock(dir, ['notes.yaml']);
    expect(printed(again).simulation).toBe(shown.simulation);
    expect(again.stdout()).toContain(`${shown.simulation} of Simulator`);
    expect(again.stdout()).toMatch(/\(seed notes, step 1\)/);
    expect(printed(again).apiKey).toBe(shown.apiKey);
    await again.waitFor(/notes\.yaml is unchanged/, 'start');
    expect((await call(again.url, 'GET', `/notes/${encodeURIComponent(id)}`, null)).json()).toEqual({ id, text: 'kept' });
    await stopProcess(again.child);

    const reset = await startMock(dir, ['notes.yaml', '--reset']);
    expect(printed(reset).simulation).not.toBe(shown.simulation);
    expect(reset.stdout()).toMatch(/seed notes\b/);
    expect((await call(reset.url, 'GET', `/notes/${encodeURIComponent(id)}`, null)).status).toBe(404);
    // The old Simulation went with the reset.
    expect((await call(reset.url, 'GET', `/v1/simulations/${shown.simulation}`, shown.apiKey)).status).toBe(404);
  });

  it('with --watch, a save builds the document again: the new operation answers and the state starts again; a broken save keeps serving', async () => {
    const { dir, file } = project();
    const mock = await startMock(dir, ['notes.yaml', '--memory', '--watch', '--seed', 'watched']);
    const before = printed(mock).simulation;
    const created = await call(mock.url, 'POST', '/notes', null, { text: 'before the save' });
    expect(created.status).toBe(201);
    expect((await call(mock.url, 'GET', '/tags', null)).status).toBe(404);

    const rebuilt = mock.waitFor(/Rebuilt notes\.yaml: (sim_\w+) of (smr_\w+) now answers at the root; the state starts again from seed watched\./);
    writeFileSync(file, NOTES_AND_TAGS);
    const [, after] = await rebuilt;
    expect(after).not.toBe(before);
    const tags = await call(mock.url, 'GET', '/tags', null);
    expect(tags.status, tags.text).toBe(200);
    expect(Array.isArray(tags.json())).toBe(true);
    expect((await call(mock.url, 'GET', `/notes/${encodeURIComponent(created.json().id as string)}`, null)).status).toBe(404);

    const kept = mock.waitFor(/Still serving (sim_\w+)/);
    writeFileSync(file, 'openapi: 3.0.3\npaths: [not, a, map\n');
    expect((await kept)[1]).toBe(after);
    expect(mock.stderr()).toMatch(/the build failed/);
    expect((await call(mock.url, 'GET', '/tags', null)).status).toBe(200);
  });

  it('on an address other machines reach, wants the token at the root unless --no-token, which warns', async () => {
    const { dir } = project();
    const guarded = await startMock(dir, ['notes.yaml', '--memory', '--host', '0.0.0.0']);
    const local = guarded.url.replace('0.0.0.0', '127.0.0.1');
    expect(guarded.stdout()).not.toContain('no Simulation-Token needed');
    expect((await call(local, 'GET', '/notes', null)).status).toBe(401);
    const token = /^Token +(\S+)/m.exec(guarded.stdout())?.[1] ?? '';
    expect(printed(guarded).tryLine).toContain(`Simulation-Token: ${token}`);
    expect((await call(local, 'GET', '/notes', { token })).status).toBe(200);
    await stopProcess(guarded.child);

    const open = await startMock(dir, ['notes.yaml', '--memory', '--host', '0.0.0.0', '--no-token']);
    await open.waitFor(/warning: --no-token on 0\.0\.0\.0/, 'start');
    expect((await call(open.url.replace('0.0.0.0', '127.0.0.1'), 'GET', '/notes', null)).status).toBe(200);
  });

  it('with --read-only, refuses writes at the root and answers reads; a port in use ends a second mock', async () => {
    const { dir } = project();
    const mock = await startMock(dir, ['notes.yaml', '--memory', '--read-only']);
    const refused = await call(mock.url, 'POST', '/notes', null, { text: 'refused' });
    expect(refused.status).toBe(403);
    expect(refused.json().code).toBe('simulation_read_only');
    expect((await call(mock.url, 'GET', '/notes', null)).status).toBe(200);
    // A second mock on the same port is told to choose another.
    const taken = await runToExit(dir, ['notes.yaml', '--memory', '--port', new URL(mock.url).port]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('is in use: give another port with --port');
  });

  it('ends at once on a command line or a document it cannot use', async () => {
    const { dir } = project();
    const missing = await runToExit(dir, ['absent.yaml', '--memory']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');
    const none = await runToExit(dir, []);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('mock needs a document');
    const broken = project('openapi: 3.0.3\npaths: [not, a, map\n');
    const failed = await runToExit(broken.dir, ['notes.yaml', '--memory']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/the build failed/);
  });
});
