// The control plane on each of its stores, `simplane serve` in a child process, timed from this
// one over HTTP (docs/performance.md, *Storage*; DESIGN section 5):
// - the data plane over 32 Simulations: 32 connections, each to a Simulation of its own, creating
//   POSTs and reads, on memory, the embedded default and Postgres in rounds, memory first in each
//   (bench/data-plane.mjs loads one Simulation, whose requests run one at a time, so its appends
//   never meet in a group commit; here 32 appends can be in flight together);
// - create-simulation: POST /v1/simulations of the catalog pet store, one after the other, p50
//   and p95 on memory, the embedded default and Postgres (target: p50 under 10 ms on Postgres);
// - fork at step 10,000: a Simulation driven to step 10,000 by creating POSTs through its data
//   plane (32 connections), then forked at 10,000 and at 9,999, each fork deleted after it
//   (target: under 50 ms on Postgres), beside memory;
// - start-up of the embedded default with 1,000 Simulations stored: from spawning `serve` to its
//   "listening on" line, beside an empty data directory and `--memory`;
// - Postgres, two processes with traffic alternating between them (no stickiness): two `serve`
//   on one database with one configuration file, 32 workers each on a Simulation of its own, a
//   POST through one process and the read of that pet through the other, every answer checked
//   and each acknowledged create set against the steps recorded, beside the same loop on one of
//   the two processes and on `--memory` (bench/alternating.mjs).
// Postgres is a scratch database on the server at 127.0.0.1:5432 (or BENCH_POSTGRES_URL), dropped
// at the end. Runs from the compiled packages (`npm run build` first); `node bench/storage.mjs`
// runs it alone. BENCH_STORAGE_PARTS (spread,create,fork,startup,alternating) picks the parts,
// BENCH_SPREAD_STORES (embedded,postgres) the stores the spread part sets beside memory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { alternating } from './alternating.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const CREATES = 100;
const FORK_STEPS = 10_000;
const FORKS = 15;
const STORED = 1_000;
const STARTS = 3;
const PETSTORE = 'catalog/petstore:1.0';
const BIN = new URL('../packages/cli/dist/bin.js', import.meta.url).pathname;
/** The node flags `npm start` gives `simplane serve` (package.json), so the bench runs it as users do. */
const SERVE_FLAGS = /node ((?:--\S+ )*)packages\/cli\/dist\/bin\.js serve/.exec(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start)?.[1].split(' ').filter((f) => f !== '') ?? [];
const SPREAD = 32;
const SPREAD_ROUNDS = 3;
const SPREAD_SECONDS = 3;
const parts = (process.env.BENCH_STORAGE_PARTS ?? 'spread,create,fork,startup,alternating').split(',');

/** Server processes still running: stopped when this process ends, however it ends. */
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill();
});
const scratch = [];
const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'simplane-bench-storage-'));
  scratch.push(dir);
  return dir;
};
// The quota allows every Simulation this bench keeps.
const configPath = join(scratchDir(), 'config.json');
writeFileSync(configPath, JSON.stringify({ quotas: { active_simulations: 5_000 } }));

/**
 * Spawns `simplane serve` on `storage` (memory, embedded in `dataDir`, or postgres at `url`) and
 * resolves once it prints its "listening on" line, with the time from spawn to that line. With
 * `apiKey`, the configuration file names the organization that key opens; without, `serve`
 * makes its default one and keeps its key in `dataDir`.
 */
async function startServe(storage, dataDir = scratchDir(), { configPath: config = configPath, apiKey } = {}) {
  const args = [...SERVE_FLAGS, BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--config', config, ...(storage.kind === 'memory' ? ['--memory'] : [])];
  const env = { ...process.env, ...(storage.kind === 'postgres' ? { SIMPLANE_DATABASE_URL: storage.url, SIMPLANE_SECRET_KEY: storage.secretKey } : {}) };
  const started = performance.now();
  // Access lines go to stderr, discarded.
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'ignore'] });
  children.add(child);
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /listening on (http:\/\/\S+)/.exec(line);
      if (listening) resolve(listening[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve (${storage.kind}) exited with ${code}`)));
  });
  const startMs = performance.now() - started;
  const key = apiKey ?? readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
  return {
    url,
    startMs,
    pid: child.pid,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    /** SIGTERM, as a service manager stops it, then waits for it to end. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      children.delete(child);
    },
  };
}

async function call(server, method, path, body, status) {
  const reply = await fetch(`${server.url}${path}`, { method, headers: server.headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await reply.text();
  if (reply.status !== status) throw new Error(`${method} ${path} answered ${reply.status}: ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/** Creates a pet store Simulation; the catalog is built in the background at start-up, so retried until ready. */
async function createSimulation(server, body = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const reply = await fetch(`${server.url}/v1/simulations`, { method: 'POST', headers: server.headers, body: JSON.stringify({ simulator_id: PETSTORE, ...body }) });
    const text = await reply.text();
    if (reply.status === 201) return JSON.parse(text);
    if ((reply.status !== 400 && reply.status !== 409) || attempt >= 300) throw new Error(`create simulation answered ${reply.status}: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))];
const median = (values) => quantile(values, 0.5);
const ms = (value) => `${value.toFixed(2)} ms`;

/** Times `CREATES` creates one after the other, after 20 untimed ones. */
async function createTimes(server) {
  for (let i = 0; i < 20; i += 1) await createSimulation(server, { seed: `warm-${i}` });
  const times = [];
  for (let i = 0; i < CREATES; i += 1) {
    const started = performance.now();
    await createSimulation(server, { seed: `bench-${i}` });
    times.push(performance.now() - started);
  }
  return times;
}

/** A Simulation driven to step `FORK_STEPS` by creating POSTs, then forked `FORKS` times at its last step and at the one before. */
async function forkTimes(server) {
  const simulation = await createSimulation(server, { seed: 'fork-bench', sample_records: 0 });
  const driveStarted = performance.now();
  const result = await autocannon({
    url: `${server.url}/sim/${simulation.id}/pets`,
    method: 'POST',
    headers: { 'simulation-token': simulation.token, 'x-api-key': 'bench', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rex', tag: 'dog' }),
    connections: 32,
    amount: FORK_STEPS,
  });
  const driveMs = performance.now() - driveStarted;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`driving the steps: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const view = await call(server, 'GET', `/v1/simulations/${simulation.id}`, undefined, 200);
  if (view.step !== FORK_STEPS) throw new Error(`the parent is at step ${view.step}, not ${FORK_STEPS}`);
  const fork = async (atStep) => {
    const started = performance.now();
    const child = await call(server, 'POST', `/v1/simulations/${simulation.id}/fork`, { at_step: atStep }, 201);
    const forkMs = performance.now() - started;
    if (child.step !== atStep) throw new Error(`fork at ${atStep} is at step ${child.step}`);
    await call(server, 'DELETE', `/v1/simulations/${child.id}`, undefined, 204);
    return forkMs;
  };
  for (let i = 0; i < 3; i += 1) await fork(FORK_STEPS);
  const at = { [FORK_STEPS]: [], [FORK_STEPS - 1]: [] };
  for (let i = 0; i < FORKS; i += 1) for (const step of Object.keys(at)) at[step].push(await fork(Number(step)));
  return { at, driveMs };
}

/** `SPREAD` Simulations, each holding one pet: the paths and headers each connection uses. */
async function spreadTargets(server) {
  const targets = [];
  for (let i = 0; i < SPREAD; i += 1) {
    const simulation = await createSimulation(server, { seed: `spread-${i}`, sample_records: 0 });
    const headers = { 'simulation-token': simulation.token, 'x-api-key': 'bench', 'content-type': 'application/json' };
    const reply = await fetch(`${server.url}/sim/${simulation.id}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: 'Rex', tag: 'dog' }) });
    if (reply.status !== 201) throw new Error(`seed pet answered ${reply.status}`);
    targets.push({ base: `/sim/${simulation.id}`, headers, pet: (await reply.json()).id });
  }
  return targets;
}

/** CPU seconds a process has used (user and kernel), with those of its ended children: clock ticks of 10 ms. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

/** CPU seconds of the Postgres server's processes on this machine, ended backends included (0 if it runs elsewhere). */
function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(pid);
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

/** Requests/s and latency with each of the `SPREAD` connections on a Simulation of its own. */
async function spreadLoad(server, targets, method, seconds) {
  let next = 0;
  const serverBefore = cpuSeconds(server.pid);
  const postgresBefore = postgresCpuSeconds();
  const result = await autocannon({
    url: server.url,
    connections: SPREAD,
    duration: seconds,
    setupClient: (client) => {
      const t = targets[next++ % targets.length];
      client.setRequests([method === 'GET' ? { method, path: `${t.base}/pets/${t.pet}`, headers: t.headers } : { method, path: `${t.base}/pets`, headers: t.headers, body: JSON.stringify({ name: 'Rex', tag: 'dog' }) }]);
    },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${method} over ${SPREAD} Simulations: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const perRequest = (seconds) => (seconds * 1e6) / result.requests.total;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, serverUs: perRequest(cpuSeconds(server.pid) - serverBefore), postgresUs: perRequest(postgresCpuSeconds() - postgresBefore) };
}

const database = await createScratchDatabase();
const postgres = { kind: 'postgres', url: database.url, secretKey: randomBytes(32).toString('base64') };
const stores = [{ kind: 'memory' }, { kind: 'embedded' }, postgres];
/** The stores the spread part loads, memory first (BENCH_SPREAD_STORES picks the others: embedded,postgres). */
const spreadStores = [stores[0], ...stores.slice(1).filter((s) => (process.env.BENCH_SPREAD_STORES ?? 'embedded,postgres').split(',').includes(s.kind))];
/** DESIGN section 5 and issue targets, as ratios to memory's throughput over the Simulations. */
const SPREAD_TARGETS = { 'embedded GET': 0.9, 'embedded POST': 0.5, 'postgres POST': 0.5 };
const report = [];
try {
  if (parts.includes('spread')) {
    // Memory first in each round, then each store, each against memory's figure of that round.
    const servers = [];
    for (const storage of spreadStores) {
      const server = await startServe(storage);
      servers.push({ kind: storage.kind, server, targets: await spreadTargets(server) });
    }
    const rounds = new Map();
    const add = (key, value) => (rounds.get(key) ?? rounds.set(key, []).get(key)).push(value);
    try {
      for (const method of ['GET', 'POST']) {
        for (const s of servers) await spreadLoad(s.server, s.targets, method, 2);
        for (let round = 0; round < SPREAD_ROUNDS; round += 1) {
          const memory = await spreadLoad(servers[0].server, servers[0].targets, method, SPREAD_SECONDS);
          add(`memory ${method}`, { ...memory, ratio: 1 });
          for (const s of servers.slice(1)) {
            const other = await spreadLoad(s.server, s.targets, method, SPREAD_SECONDS);
            add(`${s.kind} ${method}`, { ...other, ratio: other.rps / memory.rps });
          }
        }
      }
    } finally {
      for (const s of servers) await s.server.stop();
    }
    report.push('', `data plane over ${SPREAD} Simulations: ${SPREAD} connections, each to a Simulation of its own, ${SPREAD_ROUNDS} rounds of ${SPREAD_SECONDS} s after a 2 s warm-up, memory then each store in every round; medians over the rounds`, '');
    report.push('| Storage | Request | Requests/s | p50 | p99 | ÷ memory | range over rounds | Server CPU per request | Postgres CPU per request |', '|---|---|---:|---:|---:|---:|---:|---:|---:|');
    const verdicts = [];
    for (const method of ['GET', 'POST']) {
      for (const { kind } of servers) {
        const r = rounds.get(`${kind} ${method}`);
        const pick = (key) => median(r.map((m) => m[key]));
        const ratios = r.map((m) => m.ratio);
        report.push(`| ${kind} | ${method} | ${Math.round(pick('rps'))} | ${pick('p50')} ms | ${pick('p99')} ms | ${pick('ratio').toFixed(2)} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} | ${pick('serverUs').toFixed(0)} µs | ${kind === 'postgres' ? `${pick('postgresUs').toFixed(0)} µs` : ''} |`);
        const target = SPREAD_TARGETS[`${kind} ${method}`];
        if (target !== undefined) verdicts.push(`target (${kind} ${method === 'GET' ? 'read' : 'create'} >= ${target} of memory's, ${SPREAD} connections over ${SPREAD} Simulations): ${pick('ratio') >= target ? 'met' : 'MISSED'}`);
      }
    }
    report.push('', ...verdicts);
  }
  if (parts.includes('create')) {
    report.push('', `create-simulation: POST /v1/simulations of ${PETSTORE}, ${CREATES} one after the other over HTTP (after 20 untimed)`, '');
    report.push('| Storage | p50 | p95 | p50 ÷ memory |', '|---|---:|---:|---:|');
    let memoryP50;
    const verdicts = [];
    for (const storage of stores) {
      const server = await startServe(storage);
      try {
        const times = await createTimes(server);
        memoryP50 ??= median(times);
        report.push(`| ${storage.kind} | ${ms(median(times))} | ${ms(quantile(times, 0.95))} | ${(median(times) / memoryP50).toFixed(1)} |`);
        if (storage.kind === 'memory') verdicts.push(`target (create-simulation p50 in memory < 2 ms): ${median(times) < 2 ? 'met' : 'MISSED'}`);
        if (storage.kind === 'postgres') verdicts.push(`target (create-simulation p50 on Postgres < 10 ms): ${median(times) < 10 ? 'met' : 'MISSED'}`);
      } finally {
        await server.stop();
      }
    }
    report.push('', ...verdicts);
  }
  if (parts.includes('fork')) {
    report.push('', `fork at step ${FORK_STEPS.toLocaleString('en')}: a pet store Simulation driven by ${FORK_STEPS.toLocaleString('en')} creating POSTs (32 connections), then POST /v1/simulations/{id}/fork ${FORKS} times at each step, over HTTP, the fork deleted after each`, '');
    report.push(`| Storage | fork at ${FORK_STEPS} p50 | p95 | fork at ${FORK_STEPS - 1} p50 | p95 | p50 ÷ memory | driving the steps |`, '|---|---:|---:|---:|---:|---:|---:|');
    let memoryP50;
    for (const storage of [stores[0], postgres]) {
      const server = await startServe(storage);
      try {
        const { at, driveMs } = await forkTimes(server);
        const last = at[FORK_STEPS];
        const before = at[FORK_STEPS - 1];
        memoryP50 ??= median(last);
        report.push(`| ${storage.kind} | ${ms(median(last))} | ${ms(quantile(last, 0.95))} | ${ms(median(before))} | ${ms(quantile(before, 0.95))} | ${(median(last) / memoryP50).toFixed(1)} | ${(driveMs / 1000).toFixed(1)} s (${Math.round((FORK_STEPS * 1000) / driveMs)} steps/s) |`);
        if (storage.kind === 'postgres') report.push('', `target (fork of a ${FORK_STEPS.toLocaleString('en')}-step Simulation on Postgres < 50 ms, p50): ${Math.max(median(last), median(before)) < 50 ? 'met' : 'MISSED'}`);
      } finally {
        await server.stop();
      }
    }
  }
  if (parts.includes('startup')) {
    // A data directory holding 1,000 Simulations, made through the API of a server on it, which
    // is then stopped; and one that a server has started on once and holds none.
    const full = scratchDir();
    const filling = await startServe({ kind: 'embedded' }, full);
    const fillStarted = performance.now();
    for (let i = 0; i < STORED; i += 8) await Promise.all(Array.from({ length: Math.min(8, STORED - i) }, (_, k) => createSimulation(filling, { seed: `stored-${i + k}` })));
    const fillMs = performance.now() - fillStarted;
    await filling.stop();
    const empty = scratchDir();
    await (await startServe({ kind: 'embedded' }, empty)).stop();
    const rows = [
      { name: '`--memory`', storage: { kind: 'memory' }, dir: () => scratchDir() },
      { name: 'embedded, empty data directory', storage: { kind: 'embedded' }, dir: () => empty },
      { name: `embedded, ${STORED.toLocaleString('en')} Simulations stored`, storage: { kind: 'embedded' }, dir: () => full },
    ];
    const times = new Map(rows.map((row) => [row.name, []]));
    // Interleaved, so the machine's drift reaches every row alike.
    for (let run = 0; run < STARTS; run += 1) {
      for (const row of rows) {
        const server = await startServe(row.storage, row.dir());
        times.get(row.name).push(server.startMs);
        if (run === 0 && row.dir() === full) {
          const quota = await call(server, 'GET', '/v1/quota', undefined, 200);
          if (quota.active_simulations.used !== STORED) throw new Error(`${quota.active_simulations.used} Simulations active after a restart, not ${STORED}`);
        }
        await server.stop();
      }
    }
    report.push('', `start-up: spawning \`simplane serve\` to its "listening on" line, ${STARTS} runs each, interleaved (the ${STORED.toLocaleString('en')} Simulations were created through the API in ${(fillMs / 1000).toFixed(1)} s, 8 at a time)`, '');
    report.push('| Data | median | min | max | median ÷ `--memory` |', '|---|---:|---:|---:|---:|');
    const memoryMedian = median(times.get(rows[0].name));
    for (const row of rows) {
      const t = times.get(row.name);
      report.push(`| ${row.name} | ${Math.round(median(t))} ms | ${Math.round(Math.min(...t))} ms | ${Math.round(Math.max(...t))} ms | ${(median(t) / memoryMedian).toFixed(1)} |`);
    }
  }
  if (parts.includes('alternating')) report.push(...(await alternating({ startServe, scratchDir })));
} finally {
  for (const child of children) child.kill();
  await database.drop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}
console.log(`\nStorage: \`simplane serve\` on memory, the embedded default (PGlite and files) and Postgres\n${report.join('\n')}`);
