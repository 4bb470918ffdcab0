/**
 * `simplane serve` with no storage configured keeps its state in the data directory (embedded
 * PGlite and files): everything made before a restart is there after it, and answers as it did.
 * The data directory belongs to one server at a time, and a killed server's lock is taken over.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { call, children, killProcess, printedKey, runToExit, serveProcess, START_MS, STOP_MS, stopProcess } from '../support/serve-process.js';
import { createSimulation, listAll, PET_KEY, PETSTORE, settledSimulator, uploadSimulator, waitFor } from '../support/served-api.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-embedded-'));
const tasksDocument = readFileSync(new URL('../clients/fixtures/tasks.openapi.yaml', import.meta.url), 'utf8');

/** How long a build, a World's build or a clock advance may take on a busy machine. */
const SETTLE_MS = 30_000;

afterEach(async () => {
  await Promise.all([...children].map(stopProcess));
}, STOP_MS + 5_000);

afterAll(async () => {
  await Promise.all([...children].map(stopProcess));
  rmSync(scratch, { recursive: true, force: true });
}, STOP_MS + 5_000);

function freshDir(name: string): string {
  return join(mkdtempSync(join(scratch, `${name}-`)), 'data');
}

describe('the embedded default across a restart', () => {
  // Two starts, a stop, and five waits: the build, two Simulations, the advance, the World.
  it('keeps the key, credentials, Simulators, Simulations with their tokens, clocks, steps and forks, and Worlds', { timeout: 2 * START_MS + STOP_MS + 5 * SETTLE_MS + 10_000 }, async () => {
    const dataDir = freshDir('restart');
    const first = await serveProcess({ SIMPLANE_DATA_DIR: dataDir });
    const key = printedKey(first);
    const url1 = first.url;

    const credential = await call(url1, 'POST', '/v1/credentials', key, { name: 'tasks api', base_url: 'https://tasks.example.com', header: 'X-Api-Key', value: 'kept-secret' });
    expect(credential.status, credential.text).toBe(201);

    const uploaded = await uploadSimulator(url1, key, tasksDocument, { name: 'Tasks', references: ['tasks:v1'], credential_id: credential.json().id });
    expect(uploaded.status, uploaded.text).toBe(202);
    const tasks = await settledSimulator(url1, key, uploaded.json().id, SETTLE_MS);
    expect(tasks.status).toBe('ready');
    const tasksOperations = (await call(url1, 'GET', `/v1/simulators/${uploaded.json().id}/operations`, key)).json();

    // A Simulation of the uploaded Simulator, written to through its data plane.
    const sim = await createSimulation(url1, key, { simulator_id: 'tasks:v1', seed: 'restart', sample_records: 0 }, SETTLE_MS);
    const data = `/sim/${sim.id}`;
    for (const title of ['one', 'two', 'three']) {
      const created = await call(url1, 'POST', `${data}/tasks`, { token: sim.token }, { title });
      expect(created.status, created.text).toBe(201);
    }
    expect((await call(url1, 'PATCH', `${data}/tasks/2`, { token: sim.token }, { done: true })).status).toBe(200);
    const readOnly = await call(url1, 'POST', `/v1/simulations/${sim.id}/tokens`, key, { ttl_seconds: 3600, read_only: true });
    expect(readOnly.status, readOnly.text).toBe(201);

    const advance = await call(url1, 'POST', `/v1/simulations/${sim.id}/advance-time`, key, { to: '2024-02-01T00:00:00Z' }, { 'idempotency-key': 'month-1' });
    expect(advance.status, advance.text).toBe(202);
    await waitFor('the advance to complete', SETTLE_MS, async () => {
      const read = (await call(url1, 'GET', `/v1/simulations/${sim.id}/advances/${advance.json().id}`, key)).json();
      return read.status === 'completed' ? read : undefined;
    });
    // A write after the advance takes its time from the moved clock.
    const late = await call(url1, 'POST', `${data}/tasks`, { token: sim.token }, { title: 'after the advance' });
    expect(late.json().created_at).toBe('2024-02-01T00:00:00.000Z');

    const fork = await call(url1, 'POST', `/v1/simulations/${sim.id}/fork`, key, { at_step: 2, name: 'at two' });
    expect(fork.status, fork.text).toBe(201);
    const forkTasks = (await call(url1, 'GET', `/sim/${fork.json().id}/tasks`, { token: fork.json().token })).text;

    // A pet store Simulation with a pet, then stopped.
    const pets = await createSimulation(url1, key, { simulator_id: PETSTORE, seed: 'stopped', sample_records: 0 }, SETTLE_MS);
    expect((await call(url1, 'POST', `/sim/${pets.id}/pets`, { token: pets.token }, { name: 'Rex' }, PET_KEY)).status).toBe(201);
    expect((await call(url1, 'POST', `/v1/simulations/${pets.id}/stop`, key)).json().status).toBe('stopped');

    // A World of both Simulators, running.
    const world = await call(url1, 'POST', '/v1/worlds', key, { name: 'shop', simulators: [PETSTORE, { simulator: 'tasks:v1', name: 'tasks' }], seed: 'world' });
    expect(world.status, world.text).toBe(202);
    const running = await waitFor('the World to run', SETTLE_MS, async () => {
      const read = (await call(url1, 'GET', `/v1/worlds/${world.json().id}`, key)).json();
      if (read.status === 'failed') throw new Error(`the World failed: ${JSON.stringify(read.error)}`);
      return read.status === 'running' ? read : undefined;
    });
    const memberId = running.members.tasks.simulation_id as string;
    const memberToken = (await call(url1, 'POST', `/v1/simulations/${memberId}/tokens`, key, { ttl_seconds: 3600 })).json().token as string;
    expect((await call(url1, 'POST', `/sim/${memberId}/tasks`, { token: memberToken }, { title: 'in the world' })).status).toBe(201);

    const before = {
      credential: (await call(url1, 'GET', `/v1/credentials/${credential.json().id}`, key)).json(),
      simulation: (await call(url1, 'GET', `/v1/simulations/${sim.id}`, key)).json(),
      tasks: (await call(url1, 'GET', `${data}/tasks`, { token: sim.token })).text,
      task: (await call(url1, 'GET', `${data}/tasks/2`, { token: sim.token })).text,
      steps: await listAll(url1, key, `/v1/simulations/${sim.id}/steps`, 'steps'),
      advances: await listAll(url1, key, `/v1/simulations/${sim.id}/advances`, 'advances'),
      fork: (await call(url1, 'GET', `/v1/simulations/${fork.json().id}`, key)).json(),
      world: (await call(url1, 'GET', `/v1/worlds/${world.json().id}`, key)).json(),
      member: (await call(url1, 'GET', `/sim/${memberId}/tasks`, { token: memberToken })).text,
    };
    expect(before.simulation.step).toBe(5);
    expect(before.steps.map((s: { kind: string; label: string }) => `${s.kind} ${s.label}`)).toEqual(['api POST /tasks', 'api POST /tasks', 'api POST /tasks', 'api PATCH /tasks/2', 'api POST /tasks']);

    await stopProcess(first.child);
    expect(first.child.exitCode).toBe(0);

    const second = await serveProcess({ SIMPLANE_DATA_DIR: dataDir });
    const url = second.url;
    expect(second.stdout()).not.toContain(key);
    expect(second.stdout()).toContain(`Using the API key stored in ${join(dataDir, 'api-key')}`);

    // The key and the credential.
    const credentials = await listAll(url, key, '/v1/credentials', 'credentials');
    expect(credentials.map((c: { id: string }) => c.id)).toEqual([credential.json().id]);
    expect((await call(url, 'GET', `/v1/credentials/${credential.json().id}`, key)).json()).toEqual(before.credential);

    // The uploaded Simulator, with its reference.
    const simulator = (await call(url, 'GET', `/v1/simulators/${uploaded.json().id}`, key)).json();
    expect(simulator).toMatchObject({ id: uploaded.json().id, status: 'ready', digest: tasks.digest, operations: tasks.operations, references: ['tasks:v1'], credential_id: credential.json().id });
    expect((await call(url, 'GET', `/v1/simulators/${uploaded.json().id}/operations`, key)).json()).toEqual(tasksOperations);

    // The Simulation: its record, its state through the old token, its steps and advances.
    // Endpoints follow the new address.
    const moved = (view: unknown): unknown => JSON.parse(JSON.stringify(view).replaceAll(url1, url));
    expect((await call(url, 'GET', `/v1/simulations/${sim.id}`, key)).json()).toEqual(moved(before.simulation));
    const listed = await listAll(url, key, '/v1/simulations', 'simulations');
    expect(listed.find((s: { id: string }) => s.id === sim.id)).toEqual(moved(before.simulation));
    expect((await call(url, 'GET', `${data}/tasks`, { token: sim.token })).text).toBe(before.tasks);
    expect((await call(url, 'GET', `${data}/tasks/2`, { token: sim.token })).text).toBe(before.task);
    expect((await call(url, 'GET', `${data}/tasks`, { token: readOnly.json().token })).text).toBe(before.tasks);
    const refused = await call(url, 'POST', `${data}/tasks`, { token: readOnly.json().token }, { title: 'not allowed' });
    expect(refused.status).toBe(403);
    expect(refused.json().code).toBe('simulation_read_only');
    expect(await listAll(url, key, `/v1/simulations/${sim.id}/steps`, 'steps')).toEqual(before.steps);
    expect(await listAll(url, key, `/v1/simulations/${sim.id}/advances`, 'advances')).toEqual(before.advances);
    expect(before.advances.map((a: { status: string; to: string }) => [a.status, a.to])).toEqual([['completed', '2024-02-01T00:00:00.000Z']]);

    // A new write continues the numbering, at the moved clock.
    const next = await call(url, 'POST', `${data}/tasks`, { token: sim.token }, { title: 'after the restart' });
    expect(next.status, next.text).toBe(201);
    expect(next.json()).toMatchObject({ id: 5, created_at: '2024-02-01T00:00:00.000Z' });
    const after = (await call(url, 'GET', `/v1/simulations/${sim.id}`, key)).json();
    expect(after.step).toBe(6);
    const lastStep = (await call(url, 'GET', `/v1/simulations/${sim.id}/steps/6`, key)).json();
    expect(lastStep).toMatchObject({ step: 6, kind: 'api', label: 'POST /tasks' });
    expect(JSON.parse(lastStep.request.body)).toEqual({ title: 'after the restart' });

    // The fork has the state of step 2 and its own next step.
    expect((await call(url, 'GET', `/v1/simulations/${fork.json().id}`, key)).json()).toEqual(moved(before.fork));
    expect((await call(url, 'GET', `/sim/${fork.json().id}/tasks`, { token: fork.json().token })).text).toBe(forkTasks);
    expect(JSON.parse(forkTasks).items.map((t: { title: string }) => t.title)).toEqual(['one', 'two']);
    const forkWrite = await call(url, 'POST', `/sim/${fork.json().id}/tasks`, { token: fork.json().token }, { title: 'in the fork' });
    expect(forkWrite.json()).toMatchObject({ id: 3, title: 'in the fork' });
    expect((await call(url, 'GET', `/v1/simulations/${fork.json().id}`, key)).json().step).toBe(3);

    // The stopped Simulation stays stopped, then starts with its pet; its old token works.
    expect((await call(url, 'GET', `/v1/simulations/${pets.id}`, key)).json().status).toBe('stopped');
    expect((await call(url, 'GET', `/sim/${pets.id}/pets`, { token: pets.token }, undefined, PET_KEY)).status).toBe(409);
    const started = await call(url, 'POST', `/v1/simulations/${pets.id}/start`, key);
    expect(started.status, started.text).toBe(200);
    expect(started.json().status).toBe('running');
    const kept = await call(url, 'GET', `/sim/${pets.id}/pets`, { token: pets.token }, undefined, PET_KEY);
    expect(kept.json().map((p: { name: string }) => p.name)).toEqual(['Rex']);

    // The World runs with its members; stopped before this server has loaded them, the members
    // keep their latest steps, and started again they answer as before.
    const worldPath = `/v1/worlds/${world.json().id}`;
    expect((await call(url, 'GET', worldPath, key)).json()).toEqual(moved(before.world));
    const stopped = await call(url, 'POST', `${worldPath}/stop`, key);
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json().status).toBe('stopped');
    expect(Object.values(stopped.json().members).map((m) => (m as { status: string }).status)).toEqual(['stopped', 'stopped']);
    expect((await call(url, 'GET', `/v1/simulations/${memberId}`, key)).json()).toMatchObject({ status: 'stopped', step: 1 });
    expect((await call(url, 'POST', `${worldPath}/start`, key)).json().status).toBe('running');
    expect((await call(url, 'GET', `/sim/${memberId}/tasks`, { token: memberToken })).text).toBe(before.member);
    expect((await call(url, 'POST', `${worldPath}/stop`, key)).json().status).toBe('stopped');
  });
});

describe('the data directory lock', () => {
  // Three starts (one refused) and a stop.
  it('refuses a second server on a directory in use, naming the holder, and is taken over after the holder is killed', { timeout: 3 * START_MS + STOP_MS }, async () => {
    const dataDir = freshDir('lock');
    const first = await serveProcess({ SIMPLANE_DATA_DIR: dataDir });
    const key = printedKey(first);
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(first.child.pid));
    const credential = await call(first.url, 'POST', '/v1/credentials', key, { name: 'before the kill', header: 'X-Api-Key', value: 'v' });
    expect(credential.status).toBe(201);

    const refused = await runToExit({ SIMPLANE_DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`the data directory ${dataDir} is in use by another Simplane server (process ${first.child.pid})`);
    expect(refused.stdout).not.toContain('listening');
    // The first server is untouched and still holds the directory.
    expect((await call(first.url, 'GET', `/v1/credentials/${credential.json().id}`, key)).json().name).toBe('before the kill');
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(first.child.pid));

    await killProcess(first.child);
    // The lock file stays behind, naming a process that is gone.
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(first.child.pid));

    const second = await serveProcess({ SIMPLANE_DATA_DIR: dataDir });
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(second.child.pid));
    expect((await call(second.url, 'GET', `/v1/credentials/${credential.json().id}`, key)).json().name).toBe('before the kill');
    await stopProcess(second.child);
    expect(second.child.exitCode).toBe(0);
  });
});
