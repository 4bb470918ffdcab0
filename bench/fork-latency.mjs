// Fork latency against the number of recorded steps. Simulations of the catalog's pet store
// (in-memory harness, no sockets) are driven to step 10,000, one with creating POSTs (its state
// grows with every step), one with PATCHes of a single pet (its state stays one record), then
// forked at several steps: the first, the middle, the newest, and on, just before and just past
// a snapshot. The baseline, in the same run, is a fork at step 1. A fork copies the latest
// snapshot at or before `at_step` with the changes of the steps since appended (snapshots come
// after 64 steps, or one step per two records held if more) and does not read it; the fork's
// first request does, as a woken Simulation's does, and is timed beside it. Neither should cost
// more for the steps after `at_step`, nor for a later `at_step` over the same state; and a fork
// of a 10,000-step Simulation should take under 10 ms (DESIGN section 5). Runs from the compiled
// packages (`npm run build` first); `node bench/fork-latency.mjs` runs it alone.
import { readFileSync } from 'node:fs';
import { SimulationState } from '../packages/core/dist/index.js';
import { createHarness } from '../packages/harness/dist/index.js';

const STEPS = 10_000;
const REPS = 25;
const AUTH = { 'x-api-key': 'bench' };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const petstore = readFileSync(new URL('../packages/composition/catalog/petstore.openapi.yaml', import.meta.url), 'utf8');
const h = createHarness({ config: { catalog: false, quotas: { active_simulations: 1000 } } });
await h.buildSimulator(petstore, { references: ['pets:v1'] });
const stepLog = h.plane.ports.stepLog;

async function call(sim, method, path, json, status) {
  const reply = await h.sim(sim, method, path, { json, headers: AUTH });
  if (reply.status !== status) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text()}`);
  return reply;
}

// A: 10,000 creating POSTs, so the state holds as many records as steps.
const grows = await h.createSimulation('pets:v1', { seed: 'fork-bench', sample_records: 0 });
const driveStarted = performance.now();
const firstPet = (await call(grows, 'POST', '/pets', { name: 'pet-0' }, 201)).json().id;
for (let i = 1; i < STEPS; i += 1) await call(grows, 'POST', '/pets', { name: `pet-${i}` }, 201);
const driveMs = performance.now() - driveStarted;
// B: one POST, then 9,999 PATCHes of that pet: 10,000 steps over a state of one record.
const flat = await h.createSimulation('pets:v1', { seed: 'fork-bench', sample_records: 0 });
const petId = (await call(flat, 'POST', '/pets', { name: 'only' }, 201)).json().id;
const patchStarted = performance.now();
for (let i = 1; i < STEPS; i += 1) await call(flat, 'PATCH', `/pets/${petId}`, { name: `name-${i}` }, 200);
const patchMs = performance.now() - patchStarted;
for (const sim of [grows, flat]) {
  const view = (await h.request('GET', `/v1/simulations/${sim.id}`)).json();
  if (view.step !== STEPS) throw new Error(`${sim.id} is at step ${view.step}, not ${STEPS}`);
}
// C: a parent with a single step, for "however many steps follow at_step".
const short = await h.createSimulation('pets:v1', { seed: 'fork-bench', sample_records: 0 });
const shortPet = (await call(short, 'POST', '/pets', { name: 'pet-0' }, 201)).json().id;
const readable = new Map([[grows.id, firstPet], [flat.id, petId], [short.id, shortPet]]);

/** Forks, then reads one pet from the fork: its first request, which loads the fork's state. */
async function fork(sim, atStep) {
  const started = performance.now();
  const reply = await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: atStep } });
  const ms = performance.now() - started;
  if (reply.status !== 201) throw new Error(`fork at ${atStep} answered ${reply.status}: ${reply.text()}`);
  const child = reply.json();
  if (child.step !== atStep) throw new Error(`fork at ${atStep} is at step ${child.step}`);
  const firstStarted = performance.now();
  await call(child, 'GET', `/pets/${readable.get(sim.id)}`, undefined, 200);
  const firstMs = performance.now() - firstStarted;
  const deleted = await h.request('DELETE', `/v1/simulations/${child.id}`);
  if (deleted.status !== 204) throw new Error(`delete answered ${deleted.status}`);
  return { ms, firstMs };
}

const boundary = Math.floor(STEPS / 64) * 64; // 9,984
// Snapshots come after 64 steps, or one step per two records held if that is more: A's last
// ones are far apart. Fork on A's newest snapshot and just before it too (the longest replay).
const newest = (await stepLog.latestSnapshot(grows.id, STEPS)).step;
const at = [...new Set([1, 64, 127, 5_000, newest - 1, newest, boundary - 1, boundary, boundary + 1, STEPS])].sort((a, b) => a - b);
const from = new Map();
for (const sim of [grows, flat]) for (const n of at) from.set(`${sim.id}${n}`, (await stepLog.latestSnapshot(sim.id, n)).step);
const replay = (sim, n) => n - from.get(`${sim.id}${n}`);
const cases = [{ sim: short, name: 'C', at: 1 }, ...at.flatMap((n) => [{ sim: grows, name: 'A', at: n }, { sim: flat, name: 'B', at: n }])];
// Warm up (JIT, pools), then interleave the cases so any drift hits all of them alike.
for (const c of cases) await fork(c.sim, c.at);
const samples = new Map(cases.map((c) => [`${c.name}${c.at}`, []]));
const firsts = new Map(cases.map((c) => [`${c.name}${c.at}`, []]));
// Forks of a one-record state take well under a millisecond: five times the samples for those.
for (let r = 0; r < REPS; r += 1) {
  for (const c of cases) {
    for (let k = c.name === 'A' ? 1 : 5; k > 0; k -= 1) {
      const timed = await fork(c.sim, c.at);
      samples.get(`${c.name}${c.at}`).push(timed.ms);
      firsts.get(`${c.name}${c.at}`).push(timed.firstMs);
    }
  }
}
const ms = (name, n) => median(samples.get(`${name}${n}`));
const firstMs = (name, n) => median(firsts.get(`${name}${n}`));

// What the first request to a fork of A at 10,000 spends on reading the state, and what saving it
// again would cost (a fork copies the parent's snapshot bytes instead).
const snapshot = await stepLog.latestSnapshot(grows.id, STEPS);
// A's Simulation has no sample records, so its seeder has nothing to seed.
const seedsNothing = { parts: [], partsFor: () => [], seed: () => undefined };
const records = SimulationState.fromSnapshot(snapshot.bytes, seedsNothing).recordCount();
const parse = [];
const save = [];
for (let r = 0; r < REPS; r += 1) {
  let started = performance.now();
  const state = SimulationState.fromSnapshot(snapshot.bytes, seedsNothing);
  parse.push(performance.now() - started);
  started = performance.now();
  state.toSnapshot();
  save.push(performance.now() - started);
}
await h.close();

const f = (n, d = 2) => n.toFixed(d).padStart(9);
console.log(`Fork latency at ${STEPS.toLocaleString('en')} recorded steps (median of ${REPS} for A, ${REPS * 5} for B and C; pet store, in-memory harness)`);
console.log('A: 10,000 creating POSTs (one more record per step); B: 1 POST + 9,999 PATCHes of it (one record)');
console.log('fork: the fork call; first: the fork\'s first request (a GET of one pet), which loads its state');
console.log(`${'at_step'.padStart(8)} ${'A fork ms'.padStart(9)} ${'A x @1'.padStart(9)} ${'A first'.padStart(9)} ${'replayed'.padStart(9)} ${'B fork ms'.padStart(9)} ${'B x @1'.padStart(9)} ${'B first'.padStart(9)} ${'replayed'.padStart(9)}`);
for (const n of at) console.log(`${String(n).padStart(8)} ${f(ms('A', n))} ${f(ms('A', n) / ms('A', 1), 1)} ${f(firstMs('A', n))} ${String(replay(grows, n)).padStart(9)} ${f(ms('B', n))} ${f(ms('B', n) / ms('B', 1), 1)} ${f(firstMs('B', n))} ${String(replay(flat, n)).padStart(9)}`);
console.log(`fork at step 1 of a parent with 1 step: ${ms('C', 1).toFixed(2)} ms; with 9,999 more steps after it: ${ms('A', 1).toFixed(2)} ms (A), ${ms('B', 1).toFixed(2)} ms (B)`);
console.log(`A at ${STEPS}: fork ${ms('A', STEPS).toFixed(2)} ms, first request ${firstMs('A', STEPS).toFixed(2)} ms, for ${records.toLocaleString('en')} records in the snapshot of step ${snapshot.step} (${(snapshot.bytes.byteLength / 1e6).toFixed(2)} MB); reading that snapshot takes ${median(parse).toFixed(2)} ms, saving it again would take ${median(save).toFixed(2)} ms`);
console.log(`driving 10,000 steps: creating POSTs ${((driveMs * 1000) / STEPS).toFixed(0)} µs per step (${(driveMs / 1000).toFixed(2)} s), PATCHes ${((patchMs * 1000) / (STEPS - 1)).toFixed(0)} µs per step`);
const afterRatio = ms('A', 1) / ms('C', 1);
const flatSnapshot = ms('B', boundary) / ms('B', 64);
const flatReplay = ms('B', boundary - 1) / ms('B', 127);
console.log(`fork@${STEPS} ÷ fork@1: ${(ms('A', STEPS) / ms('A', 1)).toFixed(1)} (A, the state grew from 1 to ${STEPS.toLocaleString('en')} records), ${(ms('B', STEPS) / ms('B', 1)).toFixed(1)} (B, one record)`);
console.log(`same state, same replay, later at_step (B): @${boundary} ÷ @64 ${flatSnapshot.toFixed(1)}, @${boundary - 1} ÷ @127 ${flatReplay.toFixed(1)}; 9,999 steps after at_step: ${afterRatio.toFixed(1)}x`);
const slowest = Math.max(...at.flatMap((n) => [ms('A', n), ms('B', n)]));
console.log(`slowest fork at any of these steps: ${slowest.toFixed(2)} ms`);
const met = afterRatio < 2 && flatSnapshot < 2 && flatReplay < 2 && slowest < 10;
console.log(`targets (each ratio < 2x; every fork of a 10,000-step Simulation < 10 ms): ${met ? 'met' : 'MISSED'}`);
if (!met) process.exitCode = 1;
