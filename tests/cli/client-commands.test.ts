/**
 * `simplane build`, `simulations` and `steps` against a real control plane on a loopback
 * socket: the commands in this process (their output captured), the server `serve` itself
 * with its generated key in a fresh data directory, and the bin in a child process where the
 * process matters (exit codes, pipes). Every child is bounded and killed if it outlives its
 * wait, and every test's timeout covers the waits it may make.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClientCommand, serve, type ClientCommand, type Running } from '@simplane/cli';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The installed command: the shim npm links, which runs the built entry point.
const bin = join(root, 'packages/cli/bin/simplane.js');
const tasks = join(root, 'tests/clients/fixtures/tasks.openapi.yaml');
const scratch = mkdtempSync(join(tmpdir(), 'simplane-client-'));
const dataDir = join(scratch, 'data');

/** How long a child process of the command may run before it is killed. */
const CHILD_MS = 20_000;
/**
 * Builds run in this process and are followed until they settle: the first compiles the
 * OpenAPI validators, which takes seconds on a loaded machine, beyond vitest's 5 s default.
 */
const TEST_MS = 30_000;

let server: Running;
let apiKey: string;
/** Everything every command printed, to check that the API key never appears. */
const printed: string[] = [];

interface Ran {
  code: number;
  out: string;
  err: string;
}

async function run(command: ClientCommand, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runClientCommand(command, args, {
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    env: { SIMPLANE_URL: server.url, SIMPLANE_DATA_DIR: dataDir, ...env },
    pause: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20))),
  });
  printed.push(...out, ...err);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs a command that must succeed with `--json` and answers its parsed output. */
async function json<T = Record<string, unknown>>(command: ClientCommand, args: string[]): Promise<T> {
  const ran = await run(command, [...args, '--json']);
  expect(ran.err.includes('simplane:') ? ran.err : '', `${command} ${args.join(' ')}`).toBe('');
  expect(ran.code).toBe(0);
  return JSON.parse(ran.out) as T;
}

/** A child process's exit code and output, however it exits; killed if it runs past `CHILD_MS`. */
function exec(file: string, args: string[], options: { env?: NodeJS.ProcessEnv }): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(file, args, { ...options, encoding: 'utf8', timeout: CHILD_MS, killSignal: 'SIGKILL' }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/**
 * Runs the bin and closes its standard output after the first bytes, as `| head -c 10` does,
 * answering its exit code and standard error; killed if it runs past `CHILD_MS`.
 */
async function readThenHangUp(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_MS);
  try {
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('close', resolve));
    return { code, stderr };
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  // No access lines: this server runs in the test's own process.
  const configPath = join(scratch, 'quiet.json');
  writeFileSync(configPath, JSON.stringify({ log_level: 'warn' }));
  server = await serve({ port: 0, host: '127.0.0.1', dataDir, configPath }, () => undefined);
  apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
}, 30_000);

afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('simplane build', { timeout: TEST_MS }, () => {
  it('uploads a document, follows the build to ready and prints the Simulator', async () => {
    const ran = await run('build', [tasks, '--reference', 'tasks:v1', '--name', 'Tasks']);
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(/^id\s+smr_[0-9A-Z]{26}$/m);
    expect(ran.out).toMatch(/^status\s+ready$/m);
    expect(ran.out).toMatch(/^operations\s+5$/m);
    expect(ran.out).toMatch(/^references\s+tasks:v1$/m);
    // Progress on standard error, ending with the complete build.
    expect(ran.err).toMatch(/^building smr_\S+ \(Tasks\)$/m);
    expect(ran.err.split('\n').slice(-2)).toEqual(['ready: complete (5/5 operations)', '5 operations: 1 create, 1 read, 1 list, 1 update, 1 delete']);

    const id = /^id\s+(\S+)$/m.exec(ran.out)![1]!;
    const answer = await fetch(`${server.url}/v1/simulators/${id}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(await answer.json()).toMatchObject({ status: 'ready', name: 'Tasks', references: ['tasks:v1'] });
  });

  it('exits 1 with the diagnostics of a document that fails validation', async () => {
    const broken = join(scratch, 'broken.yaml');
    writeFileSync(broken, 'openapi: 3.0.3\ninfo: { title: Broken, version: "1" }\npaths:\n  /a:\n    get:\n      responses: { "200": { $ref: "#/components/responses/Missing" } }\n');
    const ran = await run('build', [broken]);
    expect(ran.code).toBe(1);
    expect(ran.out).toMatch(/^status\s+failed$/m);
    expect(ran.err).toMatch(/^simplane: the build failed: specification_validation_failed/m);
    // Each issue on its own line: rule code, kind, where.
    expect(ran.err).toMatch(/^ {2}\S+ \((invalid|unsupported|incomplete|unknown)\) .*\/a/m);
  });

  it('answers the queued Simulator at once with --no-wait, without following it', async () => {
    const simulator = await json('build', [tasks, '--no-wait']);
    expect(simulator.id).toMatch(/^smr_/);
    expect(['pending', 'building', 'ready']).toContain(simulator.status);
    const ran = await run('build', [tasks, '--no-wait']);
    expect(ran.err).toBe('');
  });

  it('refuses what cannot be uploaded before sending anything, and passes the server refusals on', async () => {
    expect(await run('build', [join(scratch, 'missing.yaml')])).toMatchObject({ code: 1, err: expect.stringMatching(/cannot read .*missing\.yaml: ENOENT/) });
    mkdirSync(join(scratch, 'a-directory'));
    expect(await run('build', [join(scratch, 'a-directory')])).toMatchObject({ code: 1, err: expect.stringMatching(/a-directory is not a file/) });
    expect(await run('build', [])).toMatchObject({ code: 2, err: expect.stringMatching(/expected a document/) });
    // The reference's form is the control plane's rule: it answers 422 and the command says so.
    expect(await run('build', [tasks, '--reference', 'Not A Reference'])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 422 validation: /m) });
    expect(await run('build', [tasks, '--probe-requests', '501'])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 422 validation: .*probe_requests/m) });
  });
});

describe('simplane simulators', { timeout: TEST_MS }, () => {
  it('lists Simulators, shows one by ID or reference, and how each operation was understood', async () => {
    const listed = await run('simulators', ['list', '--source', 'catalog']);
    expect(listed.out.split('\n')[0]).toMatch(/^ID\s+STATUS\s+OPERATIONS\s+SOURCE\s+REFERENCES\s+NAME$/);
    expect(listed.out).toMatch(/^smr_\S+\s+ready\s+10\s+catalog\s+catalog\/petstore:1\.0\s+/m);
    expect(listed.out).not.toMatch(/tasks:v1/);

    const byReference = await json<{ id: string; references: string[] }>('simulators', ['get', 'tasks:v1']);
    expect(byReference.references).toEqual(['tasks:v1']);
    expect((await json<{ id: string }>('simulators', ['get', byReference.id])).id).toBe(byReference.id);

    const operations = await run('simulators', ['operations', 'catalog/petstore:1.0']);
    expect(operations.out.split('\n')[0]).toMatch(/^METHOD\s+PATH\s+BEHAVIOUR\s+RESOURCE\s+OPERATION$/);
    expect(operations.out).toMatch(/^POST\s+\/pets\s+create\s+pets\s+createPet$/m);
    expect(operations.out).toMatch(/^POST\s+\/store\/orders\/\{orderId\}\/cancel\s+action\s+orders\s+cancelOrder$/m);
    expect(operations.err).toBe('10 operations: 2 create, 2 read, 2 list, 1 update, 1 delete, 1 action, 1 static');
    const asJson = await json<{ operations: Array<{ behaviour: string }>; lifecycle: unknown[]; entities: unknown[] }>('simulators', ['operations', 'tasks:v1']);
    expect(asJson.operations.map((op) => op.behaviour).sort()).toEqual(['create', 'delete', 'list', 'read', 'update']);
    // The whole answer: lifecycle rules and shared entities too, as GET .../operations gives them.
    expect(Object.keys(asJson).sort()).toEqual(['entities', 'lifecycle', 'operations']);
    expect(Array.isArray(asJson.lifecycle) && Array.isArray(asJson.entities)).toBe(true);

    expect(await run('simulators', ['get', 'nope:v1'])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 404 simulator_not_found: /) });
    expect(await run('simulators', ['get', 'smr_01ARZ3NDEKTSV4RRFFQ69G5FAV'])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 404 simulator_not_found: /) });
    expect(await run('simulators', ['get', 'tasks:v1', '--all'])).toMatchObject({ code: 2, err: expect.stringMatching(/simulators get does not take --all/) });
    expect(await run('simulators', ['remove', 'x'])).toMatchObject({ code: 2, err: expect.stringMatching(/unknown action 'simulators remove'/) });
  });
});

describe('simplane simulations and steps', { timeout: TEST_MS }, () => {
  it('runs a Simulation through its life: create, call, steps, fork, read-only token, stop, start, delete', async () => {
    const created = await json<{ id: string; token: string; endpoint: string; seed: string; metadata: Record<string, string> }>('simulations', ['create', 'tasks:v1', '--seed', 'cli', '--sample-records', '0', '--metadata', 'team=qa']);
    expect(created).toMatchObject({ seed: 'cli', metadata: { team: 'qa' }, endpoint: `${server.url}/sim/${created.id}` });

    // The printed endpoint and token are what a client needs.
    const human = await run('simulations', ['get', created.id]);
    expect(human.out).toMatch(new RegExp(`^endpoint\\s+${server.url}/sim/${created.id}$`, 'm'));
    // What answers a token says how to use it; a plain read has no token to explain.
    expect(human.err).toBe('');
    const forked = await run('simulations', ['fork', created.id]);
    expect(forked.out).toMatch(/^token\s+\S+$/m);
    expect(forked.err).toMatch(/Simulation-Token header/);
    await run('simulations', ['delete', /^id\s+(\S+)$/m.exec(forked.out)![1]!]);
    const task = await fetch(`${created.endpoint}/tasks`, { method: 'POST', headers: { 'simulation-token': created.token, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'write the CLI' }) });
    expect(task.status).toBe(201);

    const steps = await run('steps', [created.id]);
    expect(steps.code).toBe(0);
    expect(steps.out.split('\n')[0]).toMatch(/^STEP\s+KIND\s+STATUS\s+TIME_AFTER\s+OPERATION\s+LABEL$/);
    expect(steps.out.split('\n')[1]).toMatch(/^1\s+api\s+201\s+\S+\s+createTask\s+POST \/tasks$/);

    const step = await run('steps', [created.id, '1']);
    expect(step.out).toMatch(/^> POST \/tasks$/m);
    expect(step.out).toMatch(/^> \{"title":"write the CLI"\}$/m);
    expect(step.out).toMatch(/^< 201$/m);
    expect(step.out).not.toMatch(/simulation-token/i);
    // The records the step changed, after the exchange.
    expect(step.out).toMatch(/^CHANGE\s+RESOURCE\s+KEY\s+FIELDS$/m);
    expect(step.out).toMatch(/^created\s+tasks\s+\S+\s+-$/m);
    const stepJson = await json<{ step: number; changes: Array<{ change: string; resource: string; after: { title: string } }> }>('steps', [created.id, '1']);
    expect(stepJson.changes.map((c) => [c.change, c.resource, c.after.title])).toEqual([['created', 'tasks', 'write the CLI']]);

    const fork = await json<{ id: string; parent_id: string; step: number }>('simulations', ['fork', created.id, '--at-step', '1']);
    expect(fork).toMatchObject({ parent_id: created.id, step: 1 });
    const taskId = (stepJson.changes[0] as unknown as { key: string }).key;
    const done = await fetch(`${created.endpoint}/tasks/${taskId}`, { method: 'PATCH', headers: { 'simulation-token': created.token, 'content-type': 'application/json' }, body: '{"done":true}' });
    expect(done.status).toBe(200);
    expect((await run('steps', [created.id, '2'])).out).toMatch(new RegExp(`^updated\\s+tasks\\s+${taskId}\\s+done: false -> true$`, 'm'));

    const grant = await json<{ token: string; read_only: boolean; expires_at: string }>('simulations', ['token', created.id, '--read-only']);
    expect(grant.read_only).toBe(true);
    const refused = await fetch(`${created.endpoint}/tasks`, { method: 'POST', headers: { 'simulation-token': grant.token, 'content-type': 'application/json' }, body: '{"title":"no"}' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('simulation_read_only');

    expect(await json('simulations', ['stop', created.id])).toMatchObject({ status: 'stopped' });
    expect(await run('steps', [created.id])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 409 simulation_stopped: /) });
    const started = await json<{ status: string; token: string }>('simulations', ['start', created.id]);
    expect(started.status).toBe('running');
    expect((await fetch(`${created.endpoint}/tasks`, { headers: { 'simulation-token': started.token } })).status).toBe(200);

    expect(await run('simulations', ['delete', created.id])).toMatchObject({ code: 0, out: `deleted ${created.id}` });
    expect(await run('simulations', ['get', created.id])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 404 simulation_not_found: /) });
    await run('simulations', ['delete', fork.id]);
  });

  it('lists Simulations newest first, a page at a time or all of them', async () => {
    const ids: string[] = [];
    for (const seed of ['a', 'b', 'c']) ids.push((await json<{ id: string }>('simulations', ['create', 'tasks:v1', '--seed', seed])).id);
    const page = await run('simulations', ['list', '--limit', '2']);
    expect(page.out.split('\n').slice(1).map((line) => line.split(/\s+/)[0])).toEqual([ids[2], ids[1]]);
    expect(page.err).toMatch(/^more: --cursor \S+$/);
    const cursor = /--cursor (\S+)/.exec(page.err)![1]!;
    const next = await json<{ simulations: Array<{ id: string }> }>('simulations', ['list', '--limit', '2', '--cursor', cursor]);
    expect(next.simulations[0]!.id).toBe(ids[0]);
    const all = await json<{ simulations: Array<{ id: string }>; next_cursor: string | null }>('simulations', ['list', '--limit', '1', '--all', '--status', 'running']);
    expect(all.simulations.map((s) => s.id).slice(0, 3)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.next_cursor).toBeNull();
    for (const id of ids) await run('simulations', ['stop', id]);
    expect((await json<{ simulations: unknown[] }>('simulations', ['list', '--status', 'running'])).simulations).toEqual([]);
  });

  it('pages steps from --at-step and through cursors', async () => {
    const sim = await json<{ id: string; token: string; endpoint: string }>('simulations', ['create', 'tasks:v1', '--sample-records', '0']);
    for (let i = 0; i < 5; i += 1) await fetch(`${sim.endpoint}/tasks`, { method: 'POST', headers: { 'simulation-token': sim.token, 'content-type': 'application/json' }, body: JSON.stringify({ title: `t${i}` }) });
    const all = await json<{ steps: Array<{ step: number }> }>('steps', [sim.id, '--at-step', '2', '--limit', '2', '--all']);
    expect(all.steps.map((s) => s.step)).toEqual([2, 3, 4, 5]);
    const first = await run('steps', [sim.id, '--at-step', '3', '--limit', '1']);
    expect(first.out.split('\n')[1]).toMatch(/^3\s/);
    const hint = /^more: (--at-step 3 --cursor \S+)$/.exec(first.err)![1]!.split(' ');
    expect((await json<{ steps: Array<{ step: number }> }>('steps', [sim.id, ...hint])).steps.map((s) => s.step)).toEqual([4, 5]);
    expect(await run('steps', [sim.id, '--at-step', '9'])).toMatchObject({ code: 1, err: expect.stringMatching(/422 validation/) });
    expect(await run('steps', [sim.id, '7'])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 404 /) });
    await run('simulations', ['delete', sim.id]);
  });

  it('ends --all at the end of a list whose answers carry no cursor, or the same cursor again', async () => {
    const simulation = { id: 'sim_01ARZ3NDEKTSV4RRFFQ69G5FAV', status: 'running', step: 0, simulator_id: 'smr_01ARZ3NDEKTSV4RRFFQ69G5FAV', current_time: '2024-01-01T00:00:00.000Z', name: 'lone' };
    let answered = 0;
    // A server of its own that pages badly: without a cursor, then with one that never moves on.
    const odd = createHttpServer((request, response) => {
      answered += 1;
      const body = request.url?.includes('limit=1') ? { simulations: [simulation], next_cursor: 'same' } : { simulations: [simulation] };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(odd.address() as { port: number }).port}`;
      const once = await json<{ simulations: unknown[]; next_cursor: string | null }>('simulations', ['list', '--all', '--url', url]);
      expect(once).toEqual({ simulations: [simulation], next_cursor: null });
      expect(answered).toBe(1);
      const repeated = await json<{ simulations: unknown[]; next_cursor: string | null }>('simulations', ['list', '--all', '--limit', '1', '--url', url]);
      expect(repeated).toEqual({ simulations: [simulation, simulation], next_cursor: null });
      expect(answered).toBe(3);
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('refuses command lines it cannot understand with exit 2 and the usage', async () => {
    for (const args of [['get'], ['list', 'extra'], ['list', '--at-step', '1'], ['create', 'tasks:v1', '--seeed', 'x'], ['create', 'tasks:v1', '--ttl-seconds', 'soon'], ['create', 'tasks:v1', '--metadata', 'novalue'], ['rename', 'x']]) {
      const ran = await run('simulations', args);
      expect(ran.code, args.join(' ')).toBe(2);
      expect(ran.err).toMatch(/^simplane: .+\nusage: simplane simulations /);
    }
    expect(await run('steps', ['sim_x', '1', '--limit', '3'])).toMatchObject({ code: 2 });
    expect(await run('steps', ['sim_x', 'first'])).toMatchObject({ code: 2, err: expect.stringMatching(/'first' is not a step number/) });
    // A range is the control plane's rule, answered as it states it.
    expect(await run('simulations', ['create', 'tasks:v1', '--ttl-seconds', '5'])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 422 validation: .*ttl_seconds/) });
  });
});

describe('where the commands find the control plane and their key', { timeout: TEST_MS }, () => {
  it('explains a missing key, a wrong one and an unreachable server, and never prints the key', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    expect(await run('simulations', ['list'], { SIMPLANE_DATA_DIR: empty })).toMatchObject({ code: 1, err: expect.stringMatching(/no API key: set SIMPLANE_API_KEY/) });
    expect(await run('simulations', ['list'], { SIMPLANE_API_KEY: 'not-the-key' })).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 401 auth_invalid/) });
    const keyFile = join(scratch, 'key');
    writeFileSync(keyFile, `${apiKey}\n`);
    expect(await run('simulations', ['list', '--api-key-file', keyFile], { SIMPLANE_DATA_DIR: empty })).toMatchObject({ code: 0 });
    // The option wins over the variable.
    expect(await run('simulations', ['list', '--api-key-file', keyFile], { SIMPLANE_API_KEY: 'not-the-key' })).toMatchObject({ code: 0 });
    // A key file is read only as far as a key can go.
    writeFileSync(join(scratch, 'huge'), 'k'.repeat(5000));
    expect(await run('simulations', ['list', '--api-key-file', join(scratch, 'huge')])).toMatchObject({ code: 1, err: expect.stringMatching(/the API key is not a single line of printable characters/) });
    expect(await run('simulations', ['list', '--api-key-file', join(scratch, 'nokey')])).toMatchObject({ code: 1, err: expect.stringMatching(/--api-key-file: cannot read .*nokey: no such file/) });
    const port = await closedPort();
    expect(await run('simulations', ['list'], { SIMPLANE_URL: `http://127.0.0.1:${port}` })).toMatchObject({ code: 1, err: expect.stringMatching(new RegExp(`cannot reach the control plane at http://127.0.0.1:${port}: ECONNREFUSED`)) });
    expect(await run('simulations', ['list', '--url', 'ftp://example.com'])).toMatchObject({ code: 2, err: expect.stringMatching(/--url: 'ftp:\/\/example.com' is not an http or https URL/) });
    const withPassword = await run('simulations', ['list', '--url', 'http://me:hunter2@127.0.0.1']);
    expect(withPassword.code).toBe(2);
    expect(withPassword.err).not.toContain('hunter2');
    expect(printed.join('\n')).not.toContain(apiKey);
  });

  it('finds the server by the address serve left in the data directory when no URL is named', async () => {
    // serve listened on --port 0: the file holds the port it was given.
    expect(readFileSync(join(dataDir, 'url'), 'utf8').trim()).toBe(server.url);
    const found = await run('simulations', ['list', '--json'], { SIMPLANE_URL: '' });
    expect(found.code).toBe(0);
    expect(JSON.parse(found.out)).toHaveProperty('simulations');
    // A URL that is named wins over the file.
    const port = await closedPort();
    expect(await run('simulations', ['list'], { SIMPLANE_URL: `http://127.0.0.1:${port}` })).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: cannot reach the control plane at /) });
    expect(await run('simulations', ['list', '--url', `http://127.0.0.1:${port}`], { SIMPLANE_URL: '' })).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: cannot reach the control plane at /) });

    // A file left by a server that has gone says so.
    const stale = join(scratch, 'stale');
    mkdirSync(stale);
    writeFileSync(join(stale, 'api-key'), `${apiKey}\n`);
    writeFileSync(join(stale, 'url'), `http://127.0.0.1:${port}\n`);
    const gone = await run('simulations', ['list'], { SIMPLANE_URL: '', SIMPLANE_DATA_DIR: stale });
    expect(gone.code).toBe(1);
    expect(gone.err).toBe(`simplane: no server is answering at http://127.0.0.1:${port} (ECONNREFUSED), the address 'simplane serve' left in ${join(stale, 'url')}: it has stopped. Start it again, or set SIMPLANE_URL or --url.`);
  });

  it('serve writes the address it listens on once it serves, and removes it when it stops', async () => {
    const own = join(scratch, 'own');
    const running = await serve({ port: 0, host: '127.0.0.1', dataDir: own, memory: true, configPath: join(scratch, 'quiet.json') }, () => undefined);
    try {
      expect(readFileSync(join(own, 'url'), 'utf8')).toBe(`${running.url}\n`);
      expect(statSync(join(own, 'url')).mode & 0o777).toBe(0o600);
    } finally {
      await running.close();
    }
    expect(existsSync(join(own, 'url'))).toBe(false);
  });

  // Three children one after the other, each bounded by CHILD_MS.
  it('runs as the installed command: exit codes, and a reader that stops early ends it quietly', { timeout: 3 * CHILD_MS + 5_000 }, async () => {
    // Not spawnSync: the server answering the child runs in this process.
    const simplane = (args: string[]) => exec(process.execPath, [bin, ...args], { env: { ...process.env, SIMPLANE_URL: server.url, SIMPLANE_DATA_DIR: dataDir } });
    const listed = await simplane(['simulations', 'list', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveProperty('simulations');
    const missing = await simplane(['simulations', 'get', 'sim_01ARZ3NDEKTSV4RRFFQ69G5FAV']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^simplane: 404 simulation_not_found: /);
    // The YAML is larger than a pipe holds, so writing it meets the closed pipe.
    const piped = await readThenHangUp(['openapi']);
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
  });
});
