// World start latency: a World of 8 members (the catalog's pet store, each member with its
// sample records and 20 pets written through its data plane) stopped and started over and over
// through the in-memory harness (no sockets); each start is timed from the request to its 200,
// every member running again from its saved state. The baseline, in the same run, is the same
// 8 members' worth of independent Simulations started one after the other through
// `POST /v1/simulations/{id}/start`, and one such start alone. The target is a World start p50
// under 20 ms in memory (issue 25). Runs from the compiled packages (`npm run build` first);
// `node bench/world-start.mjs` runs it alone.
import { readFileSync } from 'node:fs';
import { createHarness } from '../packages/harness/dist/index.js';

const MEMBERS = 8;
const ROUNDS = 60;
const WARMUP = 5;
const PETS = 20;
const AUTH = { 'x-api-key': 'bench' };

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function expectStatus(reply, status, what) {
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}: ${reply.text()}`);
  return reply;
}

const petstore = readFileSync(new URL('../packages/composition/catalog/petstore.openapi.yaml', import.meta.url), 'utf8');
const h = createHarness({ config: { catalog: false, quotas: { active_simulations: 1000 } } });
await h.buildSimulator(petstore, { references: ['pets:v1'] });

async function fill(sim) {
  for (let i = 0; i < PETS; i += 1) await expectStatus(await h.sim(sim, 'POST', '/pets', { json: { name: `pet-${i}` }, headers: AUTH }), 201, 'POST /pets');
}

// The World.
const simulators = Array.from({ length: MEMBERS }, (_, i) => ({ simulator: 'pets:v1', name: `m${i + 1}` }));
const accepted = await expectStatus(await h.request('POST', '/v1/worlds', { json: { name: 'bench', simulators, seed: 'world-bench' } }), 202, 'POST /v1/worlds');
const worldId = accepted.json().id;
await h.settled();
const world = (await h.request('GET', `/v1/worlds/${worldId}`)).json();
if (world.status !== 'running') throw new Error(`the World is ${world.status}: ${JSON.stringify(world.error)}`);
for (const member of Object.values(world.members)) {
  const token = (await expectStatus(await h.request('POST', `/v1/simulations/${member.simulation_id}/tokens`, { json: { ttl_seconds: 86_400 } }), 201, 'token')).json().token;
  await fill({ id: member.simulation_id, token });
}

// The baseline: as many independent Simulations, as full.
const singles = [];
for (let i = 0; i < MEMBERS; i += 1) {
  const sim = await h.createSimulation('pets:v1', { seed: 'world-bench' });
  await fill(sim);
  singles.push(sim);
}

const worldStarts = [];
const eightStarts = [];
const oneStarts = [];
for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
  await expectStatus(await h.request('POST', `/v1/worlds/${worldId}/stop`), 200, 'World stop');
  let started = performance.now();
  const reply = await h.request('POST', `/v1/worlds/${worldId}/start`);
  const worldMs = performance.now() - started;
  await expectStatus(reply, 200, 'World start');

  for (const sim of singles) await expectStatus(await h.request('POST', `/v1/simulations/${sim.id}/stop`), 200, 'stop');
  started = performance.now();
  let first = 0;
  for (const sim of singles) {
    await expectStatus(await h.request('POST', `/v1/simulations/${sim.id}/start`), 200, 'start');
    if (first === 0) first = performance.now() - started;
  }
  const eightMs = performance.now() - started;
  if (round >= WARMUP) {
    worldStarts.push(worldMs);
    eightStarts.push(eightMs);
    oneStarts.push(first);
  }
}
await h.close();

const p50 = percentile(worldStarts, 50);
const eightP50 = percentile(eightStarts, 50);
console.log(`\nWorld start (${MEMBERS} members of the pet store, ${PETS} pets written to each; in memory, ${ROUNDS} stop/start rounds)`);
console.log(`  World start        p50 ${p50.toFixed(2)} ms, p95 ${percentile(worldStarts, 95).toFixed(2)} ms, max ${percentile(worldStarts, 100).toFixed(2)} ms (target p50 < 20 ms)`);
console.log(`  ${MEMBERS} single starts    p50 ${eightP50.toFixed(2)} ms, p95 ${percentile(eightStarts, 95).toFixed(2)} ms (one after the other)`);
console.log(`  one single start   p50 ${percentile(oneStarts, 50).toFixed(2)} ms, p95 ${percentile(oneStarts, 95).toFixed(2)} ms`);
console.log(`  World start / ${MEMBERS} single starts: ${(p50 / eightP50).toFixed(2)}x`);
