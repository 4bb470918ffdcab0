/**
 * `simplane serve` on the embedded default, killed (SIGKILL) while writes are in flight and a
 * build runs: on the next start every answered write is in its Simulation's state and step log
 * exactly once, none is doubled, and the build is finished rather than left `building`. The
 * workload is drawn from a seeded PRNG; the seed is in the test's name, and
 * SIMPLANE_CRASH_SEED=<seed> replays it.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { call, children, killProcess, printedKey, serveProcess, START_MS, STOP_MS, stopProcess } from '../support/serve-process.js';
import { allPets, createSimulation, listAll, PET_KEY, PETSTORE, settledSimulator, uploadSimulator } from '../support/served-api.js';
import { prng } from '../support/prng.js';

const seed = Number(process.env.SIMPLANE_CRASH_SEED ?? randomInt(2 ** 31));
const scratch = mkdtempSync(join(tmpdir(), 'simplane-crash-'));

const SIMULATIONS = 10;
const REQUESTS = 1000;
const IN_FLIGHT = 8;
/** How long the catalog's pet store may take to be built at start-up. */
const CATALOG_MS = 30_000;
/** The burst of writes, and reading everything back afterwards: no wait, only calls. */
const TRAFFIC_MS = 120_000;
/** The large build, taken over and run again from its start after the restart. */
const BUILD_MS = 180_000;

afterEach(async () => {
  await Promise.all([...children].map(stopProcess));
}, STOP_MS + 5_000);

afterAll(async () => {
  await Promise.all([...children].map(stopProcess));
  rmSync(scratch, { recursive: true, force: true });
}, STOP_MS + 5_000);

/** An OpenAPI document large enough that its build is still running while the writes are sent. */
function warehouseDocument(resources: number): string {
  const lines = ['openapi: 3.0.3', 'info: { title: Warehouse, version: "1" }', 'paths:'];
  for (let i = 0; i < resources; i += 1) {
    const item = `{ $ref: '#/components/schemas/Item${i}' }`;
    lines.push(
      `  /items${i}:`,
      `    get: { operationId: list${i}, responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: ${item} } } } } } }`,
      `    post: { operationId: create${i}, requestBody: { required: true, content: { application/json: { schema: ${item} } } }, responses: { '201': { description: ok, content: { application/json: { schema: ${item} } } } } }`,
      `  /items${i}/{id}:`,
      `    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]`,
      `    get: { operationId: get${i}, responses: { '200': { description: ok, content: { application/json: { schema: ${item} } } } } }`,
      `    delete: { operationId: delete${i}, responses: { '204': { description: gone } } }`,
    );
  }
  lines.push('components:', '  schemas:');
  for (let i = 0; i < resources; i += 1) {
    lines.push(`    Item${i}: { type: object, properties: { id: { type: string, readOnly: true }, label: { type: string }, status: { type: string, enum: [active, expired] }, expires_at: { type: string, format: date-time } } }`);
  }
  return `${lines.join('\n')}\n`;
}

interface Write {
  name: string;
  simulation: number;
  /** The answer, if one came before the kill: its status and body. */
  answer?: { status: number; body: string };
}

describe('the embedded default after SIGKILL', () => {
  it(`keeps every answered write exactly once and finishes the interrupted build (seed ${seed})`, { timeout: 2 * START_MS + CATALOG_MS + TRAFFIC_MS + BUILD_MS }, async () => {
    const random = prng(seed);
    const dataDir = join(mkdtempSync(join(scratch, 'crash-')), 'data');
    const first = await serveProcess({ SIMPLANE_DATA_DIR: dataDir });
    const key = printedKey(first);

    const simulations: Array<{ id: string; token: string }> = [];
    // The first waits for the catalog's build; the others find it ready.
    simulations.push(await createSimulation(first.url, key, { simulator_id: PETSTORE, seed: 'crash-0', sample_records: 0 }, CATALOG_MS));
    for (let i = 1; i < SIMULATIONS; i += 1) {
      const created = await call(first.url, 'POST', '/v1/simulations', key, { simulator_id: PETSTORE, seed: `crash-${i}`, sample_records: 0 });
      expect(created.status, created.text).toBe(201);
      simulations.push(created.json());
    }

    const uploaded = await uploadSimulator(first.url, key, warehouseDocument(3000), { name: 'Warehouse' });
    expect(uploaded.status, uploaded.text).toBe(202);
    const simulatorId = uploaded.json().id as string;

    const writes: Write[] = Array.from({ length: REQUESTS }, (_, i) => ({ name: `pet-${seed}-${i}`, simulation: Math.floor(random() * SIMULATIONS) }));
    const killAfter = 200 + Math.floor(random() * 601);
    let next = 0;
    let answered = 0;
    let killing: Promise<void> | undefined;
    let buildBeforeKill = 'not read';
    const sender = async () => {
      while (killing === undefined && next < writes.length) {
        const write = writes[next]!;
        next += 1;
        const simulation = simulations[write.simulation]!;
        try {
          const reply = await call(first.url, 'POST', `/sim/${simulation.id}/pets`, { token: simulation.token }, { name: write.name }, PET_KEY);
          write.answer = { status: reply.status, body: reply.text };
        } catch {
          continue; // No answer: the server was killed with this request in flight.
        }
        answered += 1;
        // Killed at once: the other senders' requests are still in flight.
        if (answered === killAfter) killing = killProcess(first.child);
      }
    };
    // What the build was doing last before the kill, for the failure message.
    const watcher = async () => {
      while (killing === undefined && !sent) {
        const reply = await call(first.url, 'GET', `/v1/simulators/${simulatorId}`, key).catch(() => undefined);
        if (reply !== undefined && killing === undefined) buildBeforeKill = reply.json().status as string;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    let sent = false;
    await Promise.all([watcher(), Promise.all(Array.from({ length: IN_FLIGHT }, sender)).finally(() => (sent = true))]);
    await killing;
    const replay = `seed ${seed}: killed after ${answered} answers of ${next} sent, the build last seen ${buildBeforeKill}`;
    expect(answered, replay).toBeGreaterThanOrEqual(killAfter);
    expect(writes.filter((w) => w.answer !== undefined && w.answer.status !== 201).map((w) => w.answer), replay).toEqual([]);

    const second = await serveProcess({ SIMPLANE_DATA_DIR: dataDir });
    const url = second.url;
    const sentNames = new Set(writes.slice(0, next).map((w) => w.name));
    for (const [index, simulation] of simulations.entries()) {
      expect((await call(url, 'GET', `/v1/simulations/${simulation.id}`, key)).json().status, replay).toBe('running');
      const pets = await allPets(`/sim/${simulation.id}`, url, simulation.token);
      const inState = new Map<string, string[]>();
      for (const pet of pets) inState.set(pet.name, [...(inState.get(pet.name) ?? []), pet.id]);

      const steps = await listAll(url, key, `/v1/simulations/${simulation.id}/steps`, 'steps');
      const inLog = new Map<string, number>();
      for (const step of steps) {
        expect(step.label, replay).toBe('POST /pets');
        const entry = (await call(url, 'GET', `/v1/simulations/${simulation.id}/steps/${step.step}`, key)).json();
        const name = JSON.parse(entry.request.body).name as string;
        inLog.set(name, (inLog.get(name) ?? 0) + 1);
      }
      // Steps are numbered 1, 2, ... with no gap, and the state holds what the log holds.
      expect(steps.map((s: { step: number }) => s.step), replay).toEqual(steps.map((_: unknown, i: number) => i + 1));
      expect([...inState.keys()].sort(), replay).toEqual([...inLog.keys()].sort());

      const mine = writes.filter((w) => w.simulation === index);
      for (const write of mine.filter((w) => w.answer?.status === 201)) {
        const pet = JSON.parse(write.answer!.body) as { id: string };
        expect({ name: write.name, ids: inState.get(write.name), steps: inLog.get(write.name) }, replay).toEqual({ name: write.name, ids: [pet.id], steps: 1 });
      }
      for (const write of mine.filter((w) => w.answer === undefined)) {
        expect(inLog.get(write.name) ?? 0, `${replay}: ${write.name}`).toBeLessThanOrEqual(1);
        expect((inState.get(write.name) ?? []).length, `${replay}: ${write.name}`).toBeLessThanOrEqual(1);
      }
      // Nothing that was never sent, and nothing of another Simulation.
      for (const name of inLog.keys()) {
        expect(sentNames.has(name), `${replay}: ${name}`).toBe(true);
        expect(mine.some((w) => w.name === name), `${replay}: ${name}`).toBe(true);
      }
      // The Simulation takes new writes after the last recorded step.
      const after = await call(url, 'POST', `/sim/${simulation.id}/pets`, { token: simulation.token }, { name: `after-${index}` }, PET_KEY);
      expect(after.status, replay).toBe(201);
      expect((await call(url, 'GET', `/v1/simulations/${simulation.id}`, key)).json().step, replay).toBe(steps.length + 1);
    }

    const build = await settledSimulator(url, key, simulatorId, BUILD_MS);
    expect(['ready', 'failed'], `${replay}: ${JSON.stringify(build)}`).toContain(build.status);
  });
});
