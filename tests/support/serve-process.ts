/**
 * `simplane serve` as a child process, as users and deployments run it: the built entry point,
 * configured through its environment and options. Tests that stop, kill and restart servers
 * share these helpers; every child is tracked so a test's `afterEach` can stop what it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const bin = join(root, 'packages/cli/dist/bin.js');

/** How long `serve` has to print its address: PGlite creates a data directory in about 5 s, more on a busy machine. */
export const START_MS = 40_000;
/** How long a child has to exit after SIGTERM before it is killed. */
export const STOP_MS = 10_000;

/** Variables of the parent that would change what a child does: the tests give their own. */
const INHERITED_SETTINGS = ['PORT', 'HOST', 'SIMPLANE_CONFIG', 'SIMPLANE_DATA_DIR', 'SIMPLANE_DATABASE_URL', 'SIMPLANE_S3_BUCKET', 'SIMPLANE_S3_ENDPOINT', 'SIMPLANE_S3_REGION', 'SIMPLANE_S3_FORCE_PATH_STYLE', 'SIMPLANE_S3_PREFIX', 'SIMPLANE_SECRET_KEY'];

export interface Served {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
}

export interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export const children = new Set<ChildProcess>();

export function launch(env: Record<string, string>, args: string[] = []): { child: ChildProcess; out: { stdout: string; stderr: string } } {
  const base: Record<string, string | undefined> = { ...process.env };
  for (const name of INHERITED_SETTINGS) delete base[name];
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    cwd: root,
    env: { ...base, PORT: '0', HOST: '127.0.0.1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const out = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  return { child, out };
}

/** Starts `serve` and waits for the line that gives its address (printed once it is ready). */
export function serveProcess(env: Record<string, string>, args: string[] = []): Promise<Served> {
  const { child, out } = launch(env, args);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out.stdout}\n${out.stderr}`)), START_MS);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(out.stdout);
      if (match === null) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve({ child, url: match[1]!, stdout: () => out.stdout, stderr: () => out.stderr });
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${out.stdout}\n${out.stderr}`));
    });
  });
}

/** The first group of `pattern` in what a child printed, once it has printed it. */
export function printedLine(child: ChildProcess, output: () => string, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no ${pattern} in the output:\n${output()}`)), START_MS);
    const check = () => {
      const match = pattern.exec(output());
      if (match !== null) done(null, match[1]!);
    };
    const exited = (code: number | null) => done(new Error(`the process exited with ${code}:\n${output()}`));
    function done(error: Error | null, value?: string) {
      clearTimeout(timer);
      child.stdout!.off('data', check);
      child.off('exit', exited);
      if (error === null) resolve(value!);
      else reject(error);
    }
    child.stdout!.on('data', check);
    child.once('exit', exited);
    check();
  });
}

/** Runs `serve` expecting it to exit by itself (a bad configuration, a data directory in use). */
export function runToExit(env: Record<string, string>, args: string[] = []): Promise<Exited> {
  const { child, out } = launch(env, args);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not exit:\n${out.stdout}\n${out.stderr}`));
    }, START_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // Let the pipes drain before reading what was written.
      setImmediate(() => resolve({ code, signal, stdout: out.stdout, stderr: out.stderr }));
    });
  });
}

/** Stops a child with SIGTERM, as an operator would; SIGKILL after STOP_MS. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  await exited;
  clearTimeout(timer);
}

/** Kills a child at once (`kill -9`): no shutdown code runs. */
export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => any;
}

/** One HTTP call; `key` is an API key (Authorization) or, with `token`, a Simulation-Token. */
export async function call(
  url: string,
  method: string,
  path: string,
  auth: { key?: string | null; token?: string } | string | null,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const all: Record<string, string> = { ...headers };
  const credentials = typeof auth === 'string' ? { key: auth } : (auth ?? {});
  if (credentials.key) all.authorization = `Bearer ${credentials.key}`;
  if (credentials.token !== undefined) all['simulation-token'] = credentials.token;
  if (json !== undefined) all['content-type'] = 'application/json';
  const response = await request(`${url}${path}`, { method: method as 'GET', headers: all, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** The API key `serve` generated and printed on its first start. */
export function printedKey(served: Served): string {
  const match = /\(shown once\): (\S+)/.exec(served.stdout());
  if (match === null) throw new Error(`no key printed:\n${served.stdout()}`);
  return match[1]!;
}
