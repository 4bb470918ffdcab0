// Memory held by running Simulations: 1,000 and then 10,000 Simulations of the catalog's pet
// store (default sample_records, so 3 seeded records per collection) in the in-memory harness,
// with max_simulations and the active_simulations quota raised to fit. Each count runs in a
// fresh child process started with --expose-gc, so the heap is measured after a full collection
// before and after creating them, with nothing left over from other benchmarks. Heap (V8
// objects) and external memory (buffers: saved snapshots) are reported apart, with RSS. Runs
// from the compiled packages (`npm run build` first); `node bench/simulation-memory.mjs` runs it
// alone. Targets: 10,000 Simulations in under 1 GiB; create-simulation p50 under 2 ms in memory.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COUNTS = [1_000, 10_000];
const GIB = 1024 ** 3;

async function child(count) {
  const { createHarness } = await import('../packages/harness/dist/index.js');
  const petstore = readFileSync(new URL('../packages/composition/catalog/petstore.openapi.yaml', import.meta.url), 'utf8');
  const limit = count * 2;
  const h = createHarness({ config: { catalog: false, max_simulations: limit, quotas: { active_simulations: limit } } });
  await h.buildSimulator(petstore, { references: ['pets:v1'] });
  // Warm up with one Simulation (runtime loaded, validators compiled), then delete it.
  const warm = await h.createSimulation('pets:v1', { seed: 'warm' });
  await h.request('DELETE', `/v1/simulations/${warm.id}`);
  const measure = () => {
    for (let i = 0; i < 3; i += 1) global.gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, external: m.external, rss: m.rss };
  };
  const before = measure();
  const started = performance.now();
  const ids = [];
  const createMs = [];
  let touchMs = 0;
  for (let i = 0; i < count; i += 1) {
    const one = performance.now();
    const sim = await h.createSimulation('pets:v1', { seed: `sim-${i}` });
    createMs.push(performance.now() - one);
    ids.push(sim.id);
    // Sample records are seeded when a client first reaches their resource: every Simulation
    // answers a request to each of the pet store's resources, so each holds all of its records.
    const touched = performance.now();
    for (const path of ['/pets', '/store/orders', '/store/inventory']) {
      const reply = await h.sim(sim, 'GET', path, { headers: { 'x-api-key': 'bench' } });
      if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
    }
    touchMs += performance.now() - touched;
  }
  const seconds = (performance.now() - started - touchMs) / 1000;
  createMs.sort((a, b) => a - b);
  const createP50 = createMs[Math.floor(count / 2)];
  const createP99 = createMs[Math.floor(count * 0.99)];
  const after = measure();
  // Everything is still held (and running): the last one answers its data plane.
  const running = (await h.request('GET', `/v1/simulations/${ids.at(-1)}`)).json();
  if (running.status !== 'running') throw new Error(`the last Simulation is ${running.status}`);
  await h.close();
  return { count, seconds, before, after, createP50, createP99 };
}

if (process.argv[2] === '--child') {
  process.stdout.write(JSON.stringify(await child(Number(process.argv[3]))));
} else {
  const script = fileURLToPath(import.meta.url);
  const rows = COUNTS.map((count) => JSON.parse(execFileSync(process.execPath, ['--expose-gc', script, '--child', String(count)], { encoding: 'utf8', maxBuffer: 1 << 20 })));
  const mb = (n) => (n / 1024 ** 2).toFixed(1).padStart(9);
  const per = (n, count) => ((n / count / 1024).toFixed(2) + ' KiB').padStart(11);
  console.log('Memory of running Simulations (pet store, 3 sample records per collection; after full GC, fresh process per row)');
  console.log(`${'sims'.padStart(6)} ${'heap MiB'.padStart(9)} ${'per sim'.padStart(11)} ${'ext MiB'.padStart(9)} ${'per sim'.padStart(11)} ${'RSS MiB'.padStart(9)} ${'per sim'.padStart(11)} ${'total RSS'.padStart(9)} ${'sims/s'.padStart(9)}`);
  for (const r of rows) {
    const heap = r.after.heap - r.before.heap;
    const external = r.after.external - r.before.external;
    const rss = r.after.rss - r.before.rss;
    console.log(`${String(r.count).padStart(6)} ${mb(heap)} ${per(heap, r.count)} ${mb(external)} ${per(external, r.count)} ${mb(rss)} ${per(rss, r.count)} ${mb(r.after.rss)} ${(r.count / r.seconds).toFixed(0).padStart(9)}`);
  }
  const [small, large] = rows;
  const perSim = (r) => (r.after.heap + r.after.external - r.before.heap - r.before.external) / r.count;
  console.log(`heap + external per Simulation: ${(perSim(small) / 1024).toFixed(2)} KiB at ${small.count.toLocaleString('en')}, ${(perSim(large) / 1024).toFixed(2)} KiB at ${large.count.toLocaleString('en')} (ratio ${(perSim(large) / perSim(small)).toFixed(2)}; 1.00 is linear)`);
  // DESIGN section 5: create-simulation p50 under 2 ms in memory (harness, no sockets).
  console.log(`create-simulation in memory: p50 ${large.createP50.toFixed(2)} ms, p99 ${large.createP99.toFixed(2)} ms (${large.count.toLocaleString('en')} creates); target p50 < 2 ms: ${large.createP50 < 2 ? 'met' : 'MISSED'}`);
  if (large.createP50 >= 2) process.exitCode = 1;
  const total = large.after.rss;
  console.log(`${large.count.toLocaleString('en')} Simulations: process RSS ${(total / 1024 ** 2).toFixed(0)} MiB; target < 1 GiB: ${total < GIB ? 'met' : 'MISSED'}`);
  if (total >= GIB) process.exitCode = 1;
}
