/**
 * The embedding examples as a user runs them: `examples/express-server.ts` and
 * `examples/lambda-handler.ts`, built by `tsc -b`, started as processes with the environment
 * their header comments describe. Their state must outlive the process: the embedded default
 * in a data directory, and a PostgreSQL server (a fresh database of the local test server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { call, root, START_MS, stopProcess } from '../support/serve-process.js';

const built = join(root, 'node_modules/.cache/tsbuild/examples');
const scratch = mkdtempSync(join(tmpdir(), 'simplane-examples-'));
const KEY = 'example-test-key-1';
const running = new Set<ChildProcess>();

afterEach(async () => {
  await Promise.all([...running].map((child) => stopProcess(child)));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment of an example: the test's own, without settings that would change what it does. */
function exampleEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['SIMPLANE_DATA_DIR', 'SIMPLANE_DATABASE_URL', 'SIMPLANE_SECRET_KEY', 'SIMPLANE_S3_BUCKET', 'SIMPLANE_CONFIG_JSON']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

/** Starts the Express example and waits for the line that says where it listens. */
function startExpress(extra: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(built, 'express-server.js')], {
    cwd: scratch,
    env: exampleEnv({ PORT: '0', HOST: '127.0.0.1', SIMPLANE_API_KEY: KEY, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), START_MS);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the example exited with ${code}:\n${output}`));
    });
  });
}

/** A Simulation of the catalog's pet store, whose build starts with the control plane: tried until it is built. */
async function petstoreSimulation(url: string): Promise<{ id: string; token: string; endpoint: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const created = await call(url, 'POST', '/v1/simulations', KEY, { simulator_id: 'catalog/petstore:1.0', sample_records: 0 });
    if (created.status === 201) return created.json() as { id: string; token: string; endpoint: string };
    if (Date.now() > deadline) throw new Error(`no pet store: ${created.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const petHeaders = { 'x-api-key': 'any' };

describe('the Express example', () => {
  it('keeps credentials and Simulations in its data directory across a restart', { timeout: 3 * START_MS }, async () => {
    const dataDir = join(scratch, 'express-data');
    const first = await startExpress({ SIMPLANE_DATA_DIR: dataDir });
    expect((await call(first.url, 'GET', '/health', null)).json()).toEqual({ ok: true });
    const credential = await call(first.url, 'POST', '/v1/credentials', KEY, { name: 'kept', header: 'X-Api-Key', value: 'v' });
    expect(credential.status).toBe(201);
    const sim = await petstoreSimulation(first.url);
    // Absolute without public_base_url: the address the request reached the app at.
    expect(sim.endpoint).toBe(`${first.url}/sim/${sim.id}`);
    const rex = await call(sim.endpoint, 'POST', '/pets', { token: sim.token }, { name: 'Rex' }, petHeaders);
    expect(rex.status).toBe(201);
    await stopProcess(first.child);
    expect(first.child.exitCode).toBe(0);

    const second = await startExpress({ SIMPLANE_DATA_DIR: dataDir });
    expect((await call(second.url, 'GET', `/v1/credentials/${credential.json().id}`, KEY)).json().name).toBe('kept');
    const pets = await call(second.url, 'GET', `/sim/${sim.id}/pets`, { token: sim.token }, undefined, petHeaders);
    expect(pets.json()).toEqual([rex.json()]);
  });

  describe('on a PostgreSQL server', () => {
    let database: TestDatabase | undefined;
    afterAll(async () => {
      await database?.dispose();
    });

    it('keeps its state in the database, and refuses to start without the secret key', { timeout: 3 * START_MS }, async () => {
      database = await createServerDatabase();
      const settings = { SIMPLANE_DATABASE_URL: database.url!, SIMPLANE_SECRET_KEY: randomBytes(32).toString('base64') };
      await expect(startExpress({ SIMPLANE_DATABASE_URL: database.url! })).rejects.toThrow(/secret_key: required/);
      const first = await startExpress(settings);
      const credential = await call(first.url, 'POST', '/v1/credentials', KEY, { name: 'shared', header: 'X-Api-Key', value: 'v' });
      expect(credential.status).toBe(201);
      await stopProcess(first.child);

      const second = await startExpress(settings);
      expect((await call(second.url, 'GET', `/v1/credentials/${credential.json().id}`, KEY)).json().name).toBe('shared');
    });
  });
});

/** One cold start of the Lambda example: imports the handler and answers the events it is given, in order. */
function invokeLambda(env: Record<string, string>, events: unknown[]): Promise<Array<{ statusCode: number; body: string }>> {
  const driver = `
    const { handler } = await import(process.argv[1]);
    const results = [];
    for (const event of JSON.parse(process.argv[2])) results.push(await handler(event, {}));
    process.stdout.write(JSON.stringify(results));
    process.exit(0);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', driver, join(built, 'lambda-handler.js'), JSON.stringify(events)], {
    cwd: scratch,
    env: exampleEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('close', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`the handler exited with ${code}:\n${stderr}`))));
  });
}

/** An HTTP API (payload 2.0) event. */
function httpApiEvent(method: string, path: string, body?: unknown) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'abc123.execute-api.eu-west-1.amazonaws.com', authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'vitest' },
      requestId: 'id',
      routeKey: '$default',
      stage: '$default',
      time: '09/Apr/2025:12:34:56 +0000',
      timeEpoch: 1744202096000,
    },
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

describe('the Lambda example', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.dispose();
  });

  it('serves every execution environment from one PostgreSQL database', { timeout: 3 * START_MS }, async () => {
    database = await createServerDatabase();
    const env = {
      SIMPLANE_DATABASE_URL: database.url!,
      SIMPLANE_SECRET_KEY: randomBytes(32).toString('base64'),
      SIMPLANE_CONFIG_JSON: JSON.stringify({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [KEY] }] }], log_level: 'silent' }),
    };
    const [created] = await invokeLambda(env, [httpApiEvent('POST', '/v1/credentials', { name: 'from lambda', header: 'X-Api-Key', value: 'v' })]);
    expect(created!.statusCode).toBe(201);
    const id = (JSON.parse(created!.body) as { id: string }).id;

    const [read] = await invokeLambda(env, [httpApiEvent('GET', `/v1/credentials/${id}`)]);
    expect([read!.statusCode, (JSON.parse(read!.body) as { name: string }).name]).toEqual([200, 'from lambda']);
  });
});
