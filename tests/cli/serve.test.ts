/**
 * `simplane serve` as a user runs it: the built entry point in a child process, configured
 * through the environment and its options. Every child is stopped after its test, and every
 * test's timeout covers the waits it may make, so a loaded machine is slow, not failing.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bin, call, children, printedLine, root, runToExit, serveProcess as start, START_MS, STOP_MS, stopProcess as stop } from '../support/serve-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-serve-'));

/** How long the catalog's pet store has to be built in the background after start-up: seconds alone, much longer beside a full suite. */
const CATALOG_MS = 60_000;
/** A test starts and stops at most two servers one after the other, and may wait for the catalog. */
const TEST_MS = 2 * (START_MS + STOP_MS) + CATALOG_MS;
/** How long a command that answers at once (`--help`, `openapi`) may take to run. */
const COMMAND_MS = 20_000;
/** Building the packages when the entry point is missing. */
const BUILD_MS = 170_000;

const execFileAsync = promisify(execFile);

/** A Simulation of the catalog's pet store, which is built in the background at start-up: retried until it is ready. */
async function createCatalogSimulation(url: string, key: string) {
  const deadline = Date.now() + CATALOG_MS;
  let created = await call(url, 'POST', '/v1/simulations', key, { simulator_id: 'catalog/petstore:1.0' });
  while (created.status !== 201 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    created = await call(url, 'POST', '/v1/simulations', key, { simulator_id: 'catalog/petstore:1.0' });
  }
  return created;
}

/** Runs the built command to its end, without blocking this worker; a child still running at `COMMAND_MS` is killed. */
async function runCommand(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: COMMAND_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; signal?: string | null; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw new Error(`simplane ${args.join(' ')} did not finish (${failed.signal ?? String(failed.code)}):\n${failed.stderr ?? ''}`);
    return { status: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function freshDir(name: string): string {
  return join(mkdtempSync(join(scratch, `${name}-`)), 'data');
}

function writeConfig(name: string, value: unknown): string {
  const path = join(mkdtempSync(join(scratch, 'config-')), name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

beforeAll(async () => {
  if (existsSync(bin)) return;
  try {
    await execFileAsync('npx', ['tsc', '-b'], { cwd: root, encoding: 'utf8', timeout: BUILD_MS, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`tsc -b failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
  }
}, BUILD_MS + 10_000);

// stop() gives each child STOP_MS before SIGKILL.
afterEach(async () => {
  await Promise.all([...children].map(stop));
}, STOP_MS + 5_000);

afterAll(async () => {
  await Promise.all([...children].map(stop));
  rmSync(scratch, { recursive: true, force: true });
}, STOP_MS + 5_000);

describe('simplane serve with no configuration', { timeout: TEST_MS }, () => {
  it('generates a key on the first start, prints it once, stores it 0600, and the key works', async () => {
    const dataDir = freshDir('first');
    const server = await start({ SIMPLANE_DATA_DIR: dataDir });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    // Before the long part of a first start (opening the state, building the catalog) it says what it is doing.
    const lines = server.stdout().split('\n');
    const starting = lines.findIndex((line) => line.startsWith(`Starting on ${server.url}: opening the state`));
    expect(starting, server.stdout()).toBeGreaterThan(-1);
    expect(lines.findIndex((line) => line.includes('listening on'))).toBeGreaterThan(starting);
    // The console's address, under the API's.
    expect(await printedLine(server.child, server.stdout, /^Console: (\S+)$/m)).toBe(`${server.url}/console`);
    const printedLines = server.stdout().split('\n');
    expect(printedLines[printedLines.indexOf(`Simplane control plane listening on ${server.url}`) + 1]).toBe(`Console: ${server.url}/console`);

    const printed = /Generated an API key for workspace default\/default \(shown once\): (spk_[A-Za-z0-9_-]{43})\n/.exec(server.stdout());
    expect(printed, server.stdout()).not.toBeNull();
    const key = printed![1]!;
    const keyFile = join(dataDir, 'api-key');
    expect(server.stdout()).toContain(`It is stored in ${keyFile}`);
    expect(server.stdout().split(key)).toHaveLength(2);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(key);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o077).toBe(0);

    const created = await call(server.url, 'POST', '/v1/credentials', key, { name: 'first', header: 'X-Api-Key', value: 'secret-value' });
    expect(created.status).toBe(201);
    expect(created.json().name).toBe('first');
    const listed = await call(server.url, 'GET', '/v1/credentials', key);
    expect(listed.json().credentials.map((c: { id: string }) => c.id)).toEqual([created.json().id]);
    expect((await call(server.url, 'GET', '/v1/credentials', 'spk_not-the-key')).status).toBe(401);
    expect((await call(server.url, 'GET', '/v1/credentials', null)).status).toBe(401);

    // Request logs go to stderr; neither the key nor the credential value is among them.
    expect(server.stderr()).not.toContain(key);
    expect(server.stderr()).not.toContain('secret-value');
  });

  it('answers Simulation endpoints as absolute URLs on its own address, and they work', async () => {
    const dataDir = freshDir('endpoint');
    const server = await start({ SIMPLANE_DATA_DIR: dataDir }, ['--memory']);
    const key = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const created = await createCatalogSimulation(server.url, key);
    expect(created.status, created.text).toBe(201);
    const sim = created.json() as { id: string; endpoint: string; token: string };
    expect(sim.endpoint).toBe(`${server.url}/sim/${sim.id}`);
    const pets = await request(`${sim.endpoint}/pets`, { headers: { 'simulation-token': sim.token, 'x-api-key': 'k' } });
    expect(pets.statusCode).toBe(200);
    expect(Array.isArray(await pets.body.json())).toBe(true);
  });

  it('answers requests pipelined on one connection in order, each seeing the state the ones before it left', async () => {
    const dataDir = freshDir('pipelined');
    const server = await start({ SIMPLANE_DATA_DIR: dataDir }, ['--memory']);
    const key = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const created = await createCatalogSimulation(server.url, key);
    expect(created.status, created.text).toBe(201);
    const sim = created.json() as { id: string; token: string };
    const { hostname, port } = new URL(server.url);
    const message = (method: string, path: string, body?: string) =>
      `${method} /sim/${sim.id}${path} HTTP/1.1\r\nHost: x\r\nSimulation-Token: ${sim.token}\r\nX-Api-Key: k\r\n` +
      (body === undefined ? '\r\n' : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const names = (n: number) => JSON.stringify({ name: `piped-${n}` });
    // Creates and reads in one write: the reads have no body to wait for, the creates do.
    const wire = message('POST', '/pets', names(1)) + message('GET', '/pets?limit=100') + message('POST', '/pets', names(2)) + message('GET', '/pets?limit=100') + message('DELETE', '/pets/none');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.end(wire));
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    const answers = raw.split(/(?=HTTP\/1\.1 )/).map((part) => ({ status: Number(part.slice(9, 12)), body: part.slice(part.indexOf('\r\n\r\n') + 4) }));
    expect(answers.map((a) => a.status)).toEqual([201, 200, 201, 200, 404]);
    const piped = (body: string) => (JSON.parse(body) as Array<{ name: string }>).map((pet) => pet.name).filter((name) => name.startsWith('piped-'));
    expect(piped(answers[1]!.body)).toEqual(['piped-1']);
    expect(piped(answers[3]!.body)).toEqual(['piped-1', 'piped-2']);
  });

  it('uses the configured public_base_url for endpoints', async () => {
    const config = writeConfig('public.json', { public_base_url: 'https://sims.example.com/', log_level: 'silent' });
    const dataDir = freshDir('public');
    const server = await start({ SIMPLANE_CONFIG: config, SIMPLANE_DATA_DIR: dataDir }, ['--memory']);
    const key = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const created = await createCatalogSimulation(server.url, key);
    expect(created.status, created.text).toBe(201);
    const sim = created.json() as { id: string; endpoint: string };
    expect(sim.endpoint).toBe(`https://sims.example.com/sim/${sim.id}`);
    expect((await call(server.url, 'GET', `/v1/simulations/${sim.id}`, key)).json().endpoint).toBe(sim.endpoint);
  });

  it('two processes starting on one fresh data directory agree on one key (state in memory)', async () => {
    const dataDir = freshDir('race');
    const [a, b] = await Promise.all([start({ SIMPLANE_DATA_DIR: dataDir }, ['--memory']), start({ SIMPLANE_DATA_DIR: dataDir }, ['--memory'])]);
    const key = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const printed = [a, b].filter((s) => s.stdout().includes(`(shown once): ${key}`));
    expect(printed).toHaveLength(1);
    for (const server of [a, b]) expect((await call(server.url, 'GET', '/v1/credentials', key)).status).toBe(200);
    // Nothing on disk but the key and the address of the server that wrote it last.
    expect(readdirSync(dataDir).sort()).toEqual(['api-key', 'url']);
    expect([a.url, b.url]).toContain(readFileSync(join(dataDir, 'url'), 'utf8').trim());
  });

  it('reuses the stored key on a second start without printing it again', async () => {
    const dataDir = freshDir('second');
    const first = await start({ SIMPLANE_DATA_DIR: dataDir });
    const key = /\(shown once\): (\S+)/.exec(first.stdout())![1]!;
    await stop(first.child);

    const second = await start({ SIMPLANE_DATA_DIR: dataDir });
    expect(second.stdout()).not.toContain(key);
    expect(second.stdout()).not.toContain('Generated');
    expect(second.stdout()).toContain(`Using the API key stored in ${join(dataDir, 'api-key')}`);
    expect(readFileSync(join(dataDir, 'api-key'), 'utf8').trim()).toBe(key);
    expect(statSync(join(dataDir, 'api-key')).mode & 0o777).toBe(0o600);

    const created = await call(second.url, 'POST', '/v1/credentials', key, { name: 'second', header: 'X-Api-Key', value: 'v' });
    expect(created.status).toBe(201);
  });

  it('listens on loopback when HOST is empty', async () => {
    const server = await start({ HOST: '', SIMPLANE_DATA_DIR: freshDir('empty-host') }, ['--memory']);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('bootstraps the default workspace when the config file declares no organizations', async () => {
    const dataDir = freshDir('no-orgs');
    const config = writeConfig('no-orgs.json', { quotas: { active_simulations: 3 }, log_level: 'silent' });
    const server = await start({ SIMPLANE_CONFIG: config, SIMPLANE_DATA_DIR: dataDir }, ['--memory']);
    const key = /\(shown once\): (\S+)/.exec(server.stdout())![1]!;
    expect(readFileSync(join(dataDir, 'api-key'), 'utf8').trim()).toBe(key);
    expect((await call(server.url, 'GET', '/v1/credentials', key)).status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    const server = await start({ SIMPLANE_DATA_DIR: freshDir('sigterm') });
    // One answered request first: the signal handlers are installed just after the address is
    // printed, and a signal in that instant would meet the default action instead.
    expect((await call(server.url, 'GET', '/v1/credentials', null)).status).toBe(401);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(call(server.url, 'GET', '/v1/credentials', null)).rejects.toThrow();
  });
});

describe('simplane serve with SIMPLANE_CONFIG', { timeout: TEST_MS }, () => {
  it('serves the keys of a good config file and generates none', async () => {
    const key = 'config-file-key-0001';
    const dataDir = freshDir('good');
    const config = writeConfig('good.json', {
      organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [key] }] }],
      log_level: 'silent',
    });
    const server = await start({ SIMPLANE_CONFIG: config, SIMPLANE_DATA_DIR: dataDir }, ['--memory']);
    expect(server.stdout()).not.toContain('Generated');
    expect(existsSync(join(dataDir, 'api-key'))).toBe(false);

    const created = await call(server.url, 'POST', '/v1/credentials', key, { name: 'from-config', header: 'X-Api-Key', value: 'v' });
    expect(created.status).toBe(201);
    expect((await call(server.url, 'GET', `/v1/credentials/${created.json().id}`, key)).json().name).toBe('from-config');
    // log_level silent: not one request line.
    expect(server.stderr()).toBe('');
  });

  it('exits non-zero naming the bad field, without listening', async () => {
    const config = writeConfig('bad.json', {
      organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: ['ok-key-00001', 'short'] }] }],
    });
    const exited = await runToExit({ SIMPLANE_CONFIG: config, SIMPLANE_DATA_DIR: freshDir('bad') });
    expect(exited.code).not.toBe(0);
    expect(exited.code).not.toBeNull();
    expect(exited.stderr).toContain(`simplane: invalid configuration: ${config}: organizations[0].workspaces[0].api_keys[1]: must be at least 8 characters`);
    expect(exited.stdout).not.toContain('listening');
  });

  it('exits non-zero on an unknown field', async () => {
    const config = writeConfig('unknown.json', { quotas: { active_simulations: 5, simulations: 3 } });
    const exited = await runToExit({ SIMPLANE_CONFIG: config, SIMPLANE_DATA_DIR: freshDir('unknown') });
    expect(exited.code).not.toBe(0);
    expect(exited.stderr).toContain(`${config}: quotas: unknown field 'simulations'`);
  });

  it('exits non-zero on invalid JSON without printing the keys in it', async () => {
    const key = 'key-in-a-file-that-does-not-parse';
    const config = writeConfig('broken.json', `{"organizations":[{"name":"o","workspaces":[{"name":"w","api_keys":["${key}",]}]}]}`);
    const exited = await runToExit({ SIMPLANE_CONFIG: config, SIMPLANE_DATA_DIR: freshDir('broken') });
    expect(exited.code).not.toBe(0);
    expect(exited.stderr).toContain(`${config}: not valid JSON`);
    expect(exited.stderr).not.toContain('parse",');
    expect(exited.stderr).not.toContain(key.slice(-8));
  });

  it('exits non-zero when the file does not exist', async () => {
    const missing = join(scratch, 'no-such-config.json');
    const exited = await runToExit({ SIMPLANE_CONFIG: missing, SIMPLANE_DATA_DIR: freshDir('missing') });
    expect(exited.code).not.toBe(0);
    expect(exited.stderr).toContain(`${missing}: cannot be read (ENOENT)`);
  });

  it('exits non-zero on a bad PORT, naming it', async () => {
    const exited = await runToExit({ PORT: 'eighty', SIMPLANE_DATA_DIR: freshDir('port') });
    expect(exited.code).not.toBe(0);
    expect(exited.stderr).toContain("PORT: 'eighty' is not a port number");
  });
});

describe('simplane serve options', { timeout: TEST_MS }, () => {
  it('takes its settings on the command line, each winning over its variable', async () => {
    const fromEnv = freshDir('env');
    const fromArgs = freshDir('args');
    // PORT would be refused if it were read: the option stands in for it.
    const server = await start({ PORT: 'eighty', SIMPLANE_DATA_DIR: fromEnv }, ['--port', '0', '--data-dir', fromArgs]);
    const key = readFileSync(join(fromArgs, 'api-key'), 'utf8').trim();
    expect(existsSync(fromEnv)).toBe(false);
    expect((await call(server.url, 'GET', '/v1/quota', key)).status).toBe(200);
  });

  it('refuses an option it does not know, with its usage and status 2, without listening', async () => {
    const dataDir = freshDir('unknown-option');
    const exited = await runToExit({ SIMPLANE_DATA_DIR: dataDir }, ['--prot', '80']);
    expect(exited.code).toBe(2);
    expect(exited.stderr).toContain("Unknown option '--prot'");
    expect(exited.stderr).toContain('usage: simplane serve');
    expect(exited.stdout).not.toContain('listening');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a stray argument the same way', async () => {
    const exited = await runToExit({ SIMPLANE_DATA_DIR: freshDir('stray') }, ['8081']);
    expect(exited.code).toBe(2);
    expect(exited.stderr).toContain("Unexpected argument '8081'");
  });
});

describe('the simplane command', () => {
  // The four commands run at once, each bounded by COMMAND_MS.
  it('prints its usage for --help, and refuses an unknown command or an argument openapi does not take', { timeout: COMMAND_MS + 10_000 }, async () => {
    const refusals = [['bogus'], ['openapi', 'extra']];
    const [help, openapi, ...refused] = await Promise.all([runCommand(['--help']), runCommand(['openapi']), ...refusals.map(runCommand)]);
    expect(help!.status).toBe(0);
    expect(help!.stdout).toContain('--data-dir <dir>');
    refusals.forEach((args, i) => {
      expect(refused[i]!.status).toBe(2);
      expect(refused[i]!.stdout).toBe('');
      expect(refused[i]!.stderr).toContain(`'${args.at(-1)}'`);
      expect(refused[i]!.stderr).toContain('usage: simplane serve');
    });
    expect(openapi!.status).toBe(0);
    expect(openapi!.stdout).toMatch(/^openapi: 3\./m);
  });
});
