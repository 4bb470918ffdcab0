/**
 * `simplane serve` on a Postgres server and S3, killed with SIGKILL in the middle of data-plane
 * traffic and a build, then started again on the same database and bucket. A write answered
 * before the crash must be in its Simulation's steps and state exactly once, one left
 * unanswered at most once; the build the dead process held must be taken over and finish,
 * never stay `building`; and every Simulation must answer again. The traffic and the moment of the kill come from a seed,
 * printed when the test fails (`SIMPLANE_CRASH_SEED` replays one).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { startTestS3Server, TEST_BUCKET, type TestS3Server } from '@simplane/adapter-s3/testing';
import { FormData, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, children, killProcess, serveProcess, START_MS, stopProcess, STOP_MS, type Served } from '../support/serve-process.js';
import { prng } from '../support/prng.js';

const KEY = 'crash-test-key-1';
const SIMULATIONS = 10;
const REQUESTS = 1000;
const IN_FLIGHT = 16;
/** The kill comes after this many answers, at least and at most. */
const KILL_AFTER = [200, 800] as const;
/** Collections of the uploaded document, five operations each: its build takes seconds, so it is still running at the kill. */
const RESOURCES = 2000;
const PETS = { 'x-api-key': 'pet-key' };

/** The catalog's pet store is built in the background after start-up. */
const CATALOG_MS = 60_000;
/** The traffic: a thousand requests answered after a commit each, on a busy machine. */
const TRAFFIC_MS = 60_000;
/** The uploaded build, taken over once the dead process's lease (2 s) ends, and run again. */
const BUILD_MS = 180_000;
/** Reading back every step and every page of state. */
const CHECK_MS = 60_000;
const TEST_MS = 2 * START_MS + CATALOG_MS + TRAFFIC_MS + BUILD_MS + CHECK_MS + STOP_MS;

const seed = process.env.SIMPLANE_CRASH_SEED ?? String(randomBytes(4).readUInt32BE());
const scratch = mkdtempSync(join(tmpdir(), 'simplane-crash-'));
let database: TestDatabase;
let s3: TestS3Server;
let env: Record<string, string>;

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  database = await createServerDatabase();
  s3 = await startTestS3Server();
  const config = join(scratch, 'simplane.json');
  writeFileSync(
    config,
    JSON.stringify({
      organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [KEY] }] }],
      build_lease_seconds: 2,
      // As short as the build lease: the restarted process takes over the Simulations the killed
      // one owned once their leases lapse.
      storage: { kind: 'postgres', database_url: database.url!, simulation_lease_ms: 1_000 },
      simulation_sweep_interval_ms: 500,
      log_level: 'warn',
    }),
  );
  env = {
    SIMPLANE_CONFIG: config,
    SIMPLANE_DATA_DIR: join(scratch, 'data'),
    SIMPLANE_DATABASE_URL: database.url!,
    SIMPLANE_SECRET_KEY: randomBytes(32).toString('base64'),
    SIMPLANE_S3_BUCKET: TEST_BUCKET,
    SIMPLANE_S3_ENDPOINT: s3.connection.endpoint!,
    SIMPLANE_S3_REGION: s3.connection.region,
    SIMPLANE_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: s3.connection.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.connection.credentials!.secretAccessKey,
  };
}, 60_000);

afterEach(async () => {
  for (const child of [...children]) await stopProcess(child);
});

afterAll(async () => {
  await database?.dispose();
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** Polls `check` until it answers a value; fails with `what` after `ms`. */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A valid OpenAPI document with five operations for each of `resources` collections. */
function largeDocument(resources: number): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let r = 0; r < resources; r += 1) {
    const name = `Thing${r}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    schemas[name] = {
      type: 'object',
      required: ['id', 'label'],
      properties: { id: { type: 'string' }, label: { type: 'string', maxLength: 80 }, size: { type: 'integer', minimum: 0 }, note: { type: 'string' } },
    };
    const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
    paths[`/things${r}`] = {
      get: { operationId: `list${name}`, responses: { '200': { description: 'A page', ...json({ type: 'array', items: ref }) } } },
      post: { operationId: `create${name}`, requestBody: { required: true, ...json(ref) }, responses: { '201': { description: 'Made', ...json(ref) } } },
    };
    paths[`/things${r}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: `get${name}`, responses: { '200': { description: 'One', ...json(ref) }, '404': { description: 'Missing' } } },
      patch: { operationId: `update${name}`, requestBody: { required: true, ...json(ref) }, responses: { '200': { description: 'Changed', ...json(ref) } } },
      delete: { operationId: `delete${name}`, responses: { '204': { description: 'Gone' } } },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Crash', version: '1.0' }, paths, components: { schemas } });
}

async function upload(url: string, document: string): Promise<string> {
  const form = new FormData();
  form.append('spec', new Blob([document]), 'crash.json');
  form.append('request', JSON.stringify({ references: ['crash:v1'] }));
  const response = await request(`${url}/v1/simulators`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: form });
  const text = await response.body.text();
  expect(response.statusCode, text).toBe(202);
  return (JSON.parse(text) as { id: string }).id;
}

async function simulatorStatus(url: string, id: string): Promise<string> {
  const reply = await call(url, 'GET', `/v1/simulators/${id}`, KEY);
  expect(reply.status, reply.text).toBe(200);
  return (reply.json() as { status: string }).status;
}

interface Simulation {
  id: string;
  token: string;
}

interface Pet {
  id: string;
  name: string;
}

/** Creates a Simulation of the catalog's pet store, retrying while the catalog is still being built. */
async function createSimulation(url: string, n: number): Promise<Simulation> {
  return until('catalog/petstore:1.0 ready', CATALOG_MS, async () => {
    const reply = await call(url, 'POST', '/v1/simulations', KEY, { simulator_id: 'catalog/petstore:1.0', seed: `crash-${n}`, sample_records: 0 });
    if (reply.status === 409 || reply.status === 400) return undefined;
    expect(reply.status, reply.text).toBe(201);
    const body = reply.json() as { id: string; token: string };
    return { id: body.id, token: body.token };
  });
}

async function createPet(url: string, simulation: Simulation, name: string) {
  return call(url, 'POST', `/sim/${simulation.id}/pets`, { token: simulation.token }, { name }, PETS);
}

/** Every pet in a Simulation's state, page by page. */
async function statePets(url: string, simulation: Simulation): Promise<Pet[]> {
  const pets: Pet[] = [];
  for (let offset = 0; ; offset += 100) {
    const reply = await call(url, 'GET', `/sim/${simulation.id}/pets?limit=100&offset=${offset}`, { token: simulation.token }, undefined, PETS);
    expect(reply.status, reply.text).toBe(200);
    const page = reply.json() as Pet[];
    pets.push(...page);
    if (page.length < 100) return pets;
  }
}

interface Step {
  step: number;
  kind: string;
  label: string;
  status: number;
}

/** Every step of a Simulation, in order, each with the name its request created. */
async function steps(url: string, simulation: Simulation): Promise<Array<Step & { name: string; petId: string }>> {
  const views: Step[] = [];
  let cursor: string | null = null;
  do {
    const reply = await call(url, 'GET', `/v1/simulations/${simulation.id}/steps?limit=200${cursor === null ? '' : `&cursor=${cursor}`}`, KEY);
    expect(reply.status, reply.text).toBe(200);
    const page = reply.json() as { steps: Step[]; next_cursor: string | null };
    views.push(...page.steps);
    cursor = page.next_cursor;
  } while (cursor !== null);
  const detailed = [];
  for (const view of views) {
    const reply = await call(url, 'GET', `/v1/simulations/${simulation.id}/steps/${view.step}`, KEY);
    expect(reply.status, reply.text).toBe(200);
    const detail = reply.json() as { request: { body: string }; response: { body: string } };
    detailed.push({ ...view, name: (JSON.parse(detail.request.body) as Pet).name, petId: (JSON.parse(detail.response.body) as Pet).id });
  }
  return detailed;
}

function count<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe('serve on Postgres and S3 killed with SIGKILL', () => {
  it(
    'keeps every answered write exactly once and every unanswered one at most once, and finishes the build it was running',
    async () => {
      const random = prng(Number(seed));
      const killAfter = KILL_AFTER[0] + Math.floor(random() * (KILL_AFTER[1] - KILL_AFTER[0] + 1));
      const story = [`seed ${seed} (SIMPLANE_CRASH_SEED=${seed} replays it), kill after ${killAfter} answers`];
      onTestFailed(() => console.error(`postgres-crash: ${story.join('; ')}`));
      const first: Served = await serveProcess(env);

      const simulations: Simulation[] = [];
      for (let n = 0; n < SIMULATIONS; n += 1) simulations.push(await createSimulation(first.url, n));
      const simulatorId = await upload(first.url, largeDocument(RESOURCES));
      const building = await until('the upload leaving the queue', BUILD_MS, async () => {
        const status = await simulatorStatus(first.url, simulatorId);
        return status === 'pending' ? undefined : status;
      });
      expect(building, 'the build runs while the traffic does').toBe('building');

      // The traffic: each request names a new pet in a Simulation chosen by the seed.
      const plan = Array.from({ length: REQUESTS }, (_, i) => ({ simulation: simulations[Math.floor(random() * SIMULATIONS)]!, name: `pet-${seed}-${i}` }));
      const answered = new Map<string, { simulation: Simulation; pet: Pet }>();
      const unanswered = new Map<string, Simulation>();
      const refused: string[] = [];
      let next = 0;
      let killed = false;
      const worker = async () => {
        while (!killed && next < plan.length) {
          const { simulation, name } = plan[next++]!;
          try {
            const reply = await createPet(first.url, simulation, name);
            if (reply.status !== 201) {
              refused.push(`${name}: ${reply.status} ${reply.text}`);
              unanswered.set(name, simulation);
              continue;
            }
            answered.set(name, { simulation, pet: reply.json() as Pet });
            if (answered.size >= killAfter && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          } catch {
            // The connection died with the process: no answer.
            unanswered.set(name, simulation);
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      await killProcess(first.child);
      const { rows: atKill } = await database.db.query<{ status: string }>('SELECT status FROM simulators WHERE id = $1', [simulatorId]);
      story.push(`${answered.size} answered, ${unanswered.size} unanswered, the upload ${atKill[0]?.status} at the kill`);
      expect(killed, 'the kill came').toBe(true);
      expect(refused, 'every answer before the kill a 201').toEqual([]);

      const second = await serveProcess(env);

      // Every Simulation answers, and holds each answered pet once, each unanswered one at most once.
      for (const simulation of simulations) {
        const state = await statePets(second.url, simulation);
        const log = await steps(second.url, simulation);
        const of = `of ${simulation.id}`;
        expect(
          log.map((s) => s.step),
          `steps ${of} numbered without gaps`,
        ).toEqual(log.map((_, i) => i + 1));
        expect(log.filter((s) => s.kind !== 'api' || s.label !== 'POST /pets' || s.status !== 201)).toEqual([]);
        const inState = count(state.map((p) => p.name));
        const inSteps = count(log.map((s) => s.name));
        for (const [name, sent] of answered) {
          if (sent.simulation !== simulation) continue;
          expect(inState.get(name), `answered ${name} in the state ${of}`).toBe(1);
          expect(inSteps.get(name), `answered ${name} in the steps ${of}`).toBe(1);
          expect(state.find((p) => p.name === name)?.id, `answered ${name}'s id in the state`).toBe(sent.pet.id);
          expect(log.find((s) => s.name === name)?.petId, `answered ${name}'s id in its step`).toBe(sent.pet.id);
        }
        for (const [name, sentTo] of unanswered) {
          if (sentTo !== simulation) continue;
          expect(inSteps.get(name) ?? 0, `unanswered ${name} in the steps ${of}`).toBeLessThanOrEqual(1);
          expect(inState.get(name) ?? 0, `unanswered ${name} in the state ${of} as in its steps`).toBe(inSteps.get(name) ?? 0);
        }
        for (const name of new Set([...inState.keys(), ...inSteps.keys()])) {
          expect(answered.get(name)?.simulation ?? unanswered.get(name), `${name} ${of} was sent to it`).toBe(simulation);
        }
        expect(state.length, `the state ${of} holds what its steps made`).toBe(log.length);

        // A write after the restart takes the next step.
        const after = await createPet(second.url, simulation, `after-${seed}-${simulation.id}`);
        expect(after.status, after.text).toBe(201);
        const latest = await call(second.url, 'GET', `/v1/simulations/${simulation.id}/steps?at_step=${log.length + 1}`, KEY);
        expect(latest.status, latest.text).toBe(200);
        expect((latest.json() as { steps: Step[] }).steps.map((s) => s.step)).toEqual([log.length + 1]);
      }

      // The build the dead process held is taken over once its lease runs out, and finishes:
      // the document is valid and its budget is hours, so it finishes ready.
      const status = await until('the upload finished', BUILD_MS, async () => {
        const now = await simulatorStatus(second.url, simulatorId);
        return now === 'pending' || now === 'building' ? undefined : now;
      });
      expect(status, 'the upload after the restart').toBe('ready');

      // Snapshots went to S3 (every one the database indexes is in the bucket) and no blob is in Postgres.
      const { rows: indexed } = await database.db.query<{ blob_key: string }>('SELECT blob_key FROM snapshots');
      expect(indexed.length).toBeGreaterThanOrEqual(SIMULATIONS);
      const { rows: inDatabase } = await database.db.query<{ key: string }>('SELECT key FROM blobs UNION ALL SELECT key FROM blob_chunks');
      expect(inDatabase).toEqual([]);
      const keys = await bucketKeys();
      expect(indexed.filter((row) => !keys.has(row.blob_key))).toEqual([]);
      expect(keys.has(`specs/${simulatorId}`)).toBe(true);
      expect([...keys].filter((key) => key.startsWith('artifacts/')).length).toBeGreaterThanOrEqual(2);

      await stopProcess(second.child);
    },
    TEST_MS,
  );
});

async function bucketKeys(): Promise<Set<string>> {
  const client = s3.client();
  const keys = new Set<string>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, ContinuationToken: token }));
    for (const object of page.Contents ?? []) keys.add(object.Key!);
    token = page.NextContinuationToken;
  } while (token !== undefined);
  return keys;
}
