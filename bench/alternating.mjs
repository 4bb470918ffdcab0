// Two `simplane serve` processes on one Postgres database, with traffic alternating between them
// request by request, as a balancer without stickiness sends it (the `alternating` part of
// bench/storage.mjs, which starts the servers). Both processes have the same configuration file:
// one organization and API key, one `secret_key`, so a key and a Simulation token work on both.
// 32 workers, each on a pet store Simulation of its own, one request at a time: a creating POST
// through one process, then a read of that pet through the other, which must answer 200 with the
// same id and name (read-your-writes across processes); the next POST goes through the other
// process, so each write follows one the other process made. In every round the same loop runs
// against `serve --memory` (the baseline: figures are ratios to it), then against one of the two
// processes only (sticky: what alternating costs over one process on the same database), then
// alternating. Every answer is checked and a wrong one (not 2xx, 503 `simulation_unreachable`, a
// read not finding the pet) is counted and reported, never retried. At the end each Simulation's
// step count (through both processes) and its pets (listed through one) are set against the
// creates acknowledged: each acknowledged create recorded exactly once, and nothing else.
// BENCH_ALTERNATING_SECONDS (per measurement, 3) and BENCH_ALTERNATING_ROUNDS (3) change the run.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createScratchDatabase } from './scratch-database.mjs';

const PETSTORE = 'catalog/petstore:1.0';
const WORKERS = 32;
const SECONDS = Number(process.env.BENCH_ALTERNATING_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ALTERNATING_ROUNDS ?? 3);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const API_KEY = 'bench-alternating-key';
const PET = { name: 'Rex', tag: 'dog' };
const PET_BODY = JSON.stringify(PET);
const SAMPLE_RECORDS = 10;
/** The pet store's list answers pages of at most 100. */
const PAGE = 100;

const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => (values.length === 0 ? NaN : sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]);
const median = (values) => quantile(values, 0.5);
const ms = (value) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);
const count = (value) => Math.round(value).toLocaleString('en');

/** One request through a keep-alive pool: status (0 for a failed connection), text and time taken. */
async function send(pool, method, path, headers, body) {
  const started = performance.now();
  try {
    const reply = await pool.request({ method, path, headers, body });
    const text = await reply.body.text();
    return { status: reply.statusCode, text, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, text: error?.code ?? String(error), ms: performance.now() - started };
  }
}

const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** What a wrong answer was, as the tally counts it: `POST 503 simulation_unreachable`, `GET 404 ...`. */
const wrongKind = (method, reply) => (reply.status === 0 ? `${method} failed (${reply.text})` : `${method} ${reply.status} ${parse(reply.text)?.code ?? ''}`.trim());

/** Polls each server until the catalog pet store is ready on it (installed by whichever process claims it). */
async function catalogReady(servers) {
  for (const server of servers) {
    for (let attempt = 0; ; attempt += 1) {
      const reply = await fetch(`${server.url}/v1/simulators?limit=200`, { headers: server.headers });
      const list = reply.status === 200 ? await reply.json() : undefined;
      if (list?.simulators?.some((s) => s.status === 'ready' && s.references.includes(PETSTORE))) break;
      if (attempt >= 600) throw new Error(`the catalog pet store is not ready on ${server.url}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A Simulation of the pet store: the path and headers its worker uses, and the pets it has acknowledged. */
async function target(server) {
  const reply = await fetch(`${server.url}/v1/simulations`, { method: 'POST', headers: server.headers, body: JSON.stringify({ simulator_id: PETSTORE, seed: 'bench', sample_records: SAMPLE_RECORDS }) });
  if (reply.status !== 201) throw new Error(`create simulation answered ${reply.status}: ${await reply.text()}`);
  const simulation = await reply.json();
  const t = { id: simulation.id, base: `/sim/${simulation.id}`, headers: { 'simulation-token': simulation.token, 'x-api-key': 'bench', 'content-type': 'application/json' }, acknowledged: new Set() };
  const problems = [];
  t.step = (await read(server, `/v1/simulations/${t.id}`, server.headers, problems))?.step;
  t.samples = (await listPets(server, t, problems)).ids.size;
  if (problems.length > 0) throw new Error(problems.join('; '));
  return t;
}

/** Every pet of a Simulation, page by page, through `server`: their ids, and how many rows the pages held. */
async function listPets(server, t, problems) {
  const ids = new Set();
  let rows = 0;
  for (let offset = 0; ; offset += PAGE) {
    const page = await read(server, `${t.base}/pets?limit=${PAGE}&offset=${offset}`, t.headers, problems);
    if (page === undefined) break;
    rows += page.length;
    for (const pet of page) ids.add(pet.id);
    if (page.length < PAGE) break;
  }
  return { ids, rows };
}

/**
 * `seconds` of the worker loop: worker `i` on `targets[i]`, `route(i, k)` giving the pools of its
 * `k`th POST and of the read after it. Acknowledged pets are kept on each target, wrong answers
 * counted in `tally` (of the phase, warm-ups included).
 */
async function drive(targets, route, seconds, tally) {
  const createMs = [];
  const readMs = [];
  let creates = 0;
  let reads = 0;
  const wrong = (method, reply) => {
    tally.wrong.set(wrongKind(method, reply), (tally.wrong.get(wrongKind(method, reply)) ?? 0) + 1);
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    targets.map(async (t, i) => {
      for (let k = 0; performance.now() < end; k += 1) {
        const [writer, reader] = route(i, k);
        const created = await send(writer, 'POST', `${t.base}/pets`, t.headers, PET_BODY);
        tally.answers += 1;
        const pet = created.status === 201 ? parse(created.text) : undefined;
        if (pet?.id === undefined || pet.name !== PET.name) {
          wrong('POST', created);
          continue;
        }
        t.acknowledged.add(pet.id);
        creates += 1;
        createMs.push(created.ms);
        const read = await send(reader, 'GET', `${t.base}/pets/${encodeURIComponent(pet.id)}`, t.headers);
        tally.answers += 1;
        const got = read.status === 200 ? parse(read.text) : undefined;
        if (read.status !== 200) wrong('GET', read);
        else if (got?.id !== pet.id || got?.name !== pet.name) tally.wrong.set('GET 200 another pet', (tally.wrong.get('GET 200 another pet') ?? 0) + 1);
        else {
          reads += 1;
          readMs.push(read.ms);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { creates: creates / elapsed, reads: reads / elapsed, createP50: median(createMs), createP99: quantile(createMs, 0.99), readP50: median(readMs), readP99: quantile(readMs, 0.99) };
}

/** GET through `server`, its JSON, or undefined with the failure noted in `problems`. */
async function read(server, path, headers, problems) {
  const reply = await fetch(`${server.url}${path}`, { headers });
  const text = await reply.text();
  if (reply.status === 200) return JSON.parse(text);
  problems.push(`GET ${path} answered ${reply.status}: ${text.slice(0, 200)}`);
  return undefined;
}

/** Each Simulation's steps, through both processes, and its pets listed through `lister`, against the creates acknowledged. */
async function verify(targets, servers, lister) {
  const problems = [];
  let acknowledged = 0;
  let steps = 0;
  let listed = 0;
  for (const t of targets) {
    acknowledged += t.acknowledged.size;
    const seen = [];
    for (const server of servers) seen.push(((await read(server, `/v1/simulations/${t.id}`, server.headers, problems))?.step ?? NaN) - t.step);
    if (seen.some((s) => s !== seen[0])) problems.push(`${t.id}: the processes give ${seen.join(' and ')} steps`);
    if (!Number.isNaN(seen[0])) steps += seen[0];
    if (seen[0] !== t.acknowledged.size) problems.push(`${t.id}: ${t.acknowledged.size} creates acknowledged, ${seen[0]} steps recorded`);
    const { ids, rows } = await listPets(lister, t, problems);
    listed += ids.size - t.samples;
    const missing = [...t.acknowledged].filter((id) => !ids.has(id)).length;
    if (rows !== ids.size) problems.push(`${t.id}: ${rows - ids.size} pets listed twice`);
    if (missing > 0) problems.push(`${t.id}: ${missing} acknowledged pets not listed`);
    if (ids.size !== t.samples + t.acknowledged.size) problems.push(`${t.id}: ${ids.size} pets listed, ${t.samples} sample and ${t.acknowledged.size} acknowledged`);
  }
  return { acknowledged, steps, listed, problems };
}

/**
 * The part itself: `startServe(storage, dataDir, { configPath, apiKey })` is bench/storage.mjs's,
 * `scratchDir()` a directory it removes at the end. Answers the report's lines.
 */
export async function alternating({ startServe, scratchDir }) {
  const secretKey = randomBytes(32).toString('base64');
  const configPath = join(scratchDir(), 'alternating.json');
  writeFileSync(configPath, JSON.stringify({ organizations: [{ name: 'bench', workspaces: [{ name: 'bench', api_keys: [API_KEY] }] }], quotas: { active_simulations: 5_000 }, secret_key: secretKey }));
  const options = { configPath, apiKey: API_KEY };
  const database = await createScratchDatabase();
  const postgres = { kind: 'postgres', url: database.url, secretKey };
  const started = [];
  const pools = [];
  const phases = [
    { name: '`serve --memory`, one process', key: 'memory', rounds: [], tally: { answers: 0, wrong: new Map() } },
    { name: 'Postgres, one of the two processes (sticky)', key: 'sticky', rounds: [], tally: { answers: 0, wrong: new Map() } },
    { name: 'Postgres, two processes, alternating', key: 'alternating', rounds: [], tally: { answers: 0, wrong: new Map() } },
  ];
  let verified;
  try {
    // Started together, as a deployment starts them: both try to install the catalog at once.
    const [a, b] = await Promise.all([startServe(postgres, scratchDir(), options), startServe(postgres, scratchDir(), options)]);
    const memory = await startServe({ kind: 'memory' }, scratchDir(), options);
    started.push(a, b, memory);
    await catalogReady([a, b, memory]);
    const pool = (server) => pools[pools.push(new Pool(server.url, { connections: WORKERS, headersTimeout: 30_000, bodyTimeout: 30_000 })) - 1];
    const [poolA, poolB, poolMemory] = [a, b, memory].map(pool);
    // The Postgres Simulations made through both processes in turn; the same ones for sticky and alternating.
    const targets = [];
    for (let i = 0; i < WORKERS; i += 1) targets.push(await target(i % 2 === 0 ? a : b));
    const memoryTargets = [];
    for (let i = 0; i < WORKERS; i += 1) memoryTargets.push(await target(memory));
    const loops = {
      memory: (seconds, tally) => drive(memoryTargets, () => [poolMemory, poolMemory], seconds, tally),
      sticky: (seconds, tally) => drive(targets, () => [poolA, poolA], seconds, tally),
      alternating: (seconds, tally) => drive(targets, (i, k) => ((i + k) % 2 === 0 ? [poolA, poolB] : [poolB, poolA]), seconds, tally),
    };
    for (const phase of phases) await loops[phase.key](WARM_UP_SECONDS, phase.tally);
    for (let round = 0; round < ROUNDS; round += 1) {
      const baseline = await loops.memory(SECONDS, phases[0].tally);
      phases[0].rounds.push({ ...baseline, ratio: 1 });
      for (const phase of phases.slice(1)) {
        const m = await loops[phase.key](SECONDS, phase.tally);
        phase.rounds.push({ ...m, ratio: m.creates / baseline.creates });
      }
    }
    verified = await verify(targets, [a, b], b);
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    for (const server of started) await server.stop();
    await database.drop();
  }

  const report = [
    '',
    `Postgres, two processes with traffic alternating between them (no stickiness): two \`serve\` on one database, ${WORKERS} workers, each on a Simulation of its own, a POST /pets through one process then a GET of that pet through the other, the next POST through the other process; beside it the same loop on one of the two processes (sticky) and on \`serve --memory\`. ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} of ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up each, memory, sticky, alternating in every round; medians over the rounds, wrong answers over every request (warm-ups included)`,
    '',
    '| Servers | Creates/s | Reads/s | create p50 | create p99 | read p50 | read p99 | creates ÷ memory | range over rounds | wrong answers |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const rows = new Map();
  for (const phase of phases) {
    const pick = (key) => median(phase.rounds.map((m) => m[key]));
    const ratios = phase.rounds.map((m) => m.ratio);
    const wrong = [...phase.tally.wrong.values()].reduce((sum, n) => sum + n, 0);
    const row = `| ${phase.name} | ${count(pick('creates'))} | ${count(pick('reads'))} | ${ms(pick('createP50'))} | ${ms(pick('createP99'))} | ${ms(pick('readP50'))} | ${ms(pick('readP99'))} | ${phase.key === 'memory' ? '1' : pick('ratio').toFixed(2)} | ${phase.key === 'memory' ? '' : `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`} | ${count(wrong)} of ${count(phase.tally.answers)} |`;
    rows.set(phase.key, row);
    report.push(row);
  }
  report.push('');
  for (const phase of phases) {
    const kinds = [...phase.tally.wrong].sort((x, y) => y[1] - x[1]).map(([kind, n]) => `${count(n)} × ${kind}`);
    const wrong = [...phase.tally.wrong.values()].reduce((sum, n) => sum + n, 0);
    report.push(`every answer correct, ${phase.name}: ${wrong === 0 ? 'yes' : `NO (${count(wrong)} wrong of ${count(phase.tally.answers)}: ${kinds.join(', ')})`}`);
  }
  const { acknowledged, steps, listed, problems } = verified;
  const once = problems.length === 0;
  report.push(
    `creates acknowledged on Postgres (sticky and alternating, ${WORKERS} Simulations) against what was recorded: ${count(acknowledged)} acknowledged, ${count(steps)} steps recorded (the same through both processes: ${problems.some((p) => p.includes('the processes give')) ? 'NO' : 'yes'}), ${count(listed)} pets listed beyond the sample ones; each recorded exactly once: ${once ? 'yes' : `NO (${problems.length} findings: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''})`}`,
  );
  report.push('', 'for docs/performance.md:', rows.get('sticky'), rows.get('alternating'));
  return report;
}
