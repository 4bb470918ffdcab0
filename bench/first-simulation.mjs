// The first Simulation of a Simulator whose schemas form one large connected graph, as
// Stripe's do (expandable fields: `anyOf: [id string, $ref]`, from almost every object to
// many others). Its schema checks are compiled on first use, so the first Simulation to reach
// the resources pays for them; later ones reuse them. Sample records are seeded when a resource
// is first reached, so a create seeds nothing: each Simulation here is created, then lists every
// resource once (which seeds its records and checks the answer). The baseline, in the same run,
// is a later Simulation of the same Simulator (the same seeding with every check compiled).
// Each row runs in a new harness, so nothing compiled is carried over.
// `node bench/first-simulation.mjs` runs it alone.
import { generateConnectedDocument } from '../packages/engine/dist/testing/index.js';
import { createHarness } from '../packages/harness/dist/index.js';

async function measure(components, resources) {
  const h = createHarness({ config: { log_level: process.env.BENCH_LOG ?? 'silent', catalog: false, quotas: { active_simulations: 100 } } });
  try {
    const simulator = await h.buildSimulator(generateConnectedDocument({ components, resources }));
    const creates = [];
    const reaches = [];
    for (let n = 0; n < 4; n += 1) {
      let started = performance.now();
      const sim = await h.createSimulation(simulator.id, { seed: `s${n}` });
      creates.push(performance.now() - started);
      started = performance.now();
      for (let r = 0; r < Math.min(resources, components); r += 1) {
        const reply = await h.sim(sim, 'GET', `/things${r}`);
        if (reply.status !== 200) throw new Error(`GET /things${r} answered ${reply.status}`);
      }
      reaches.push(performance.now() - started);
    }
    const later = (times) => [...times.slice(1)].sort((a, b) => a - b)[1];
    return { components, resources, firstCreate: creates[0], laterCreate: later(creates), first: creates[0] + reaches[0], later: later(creates.map((c, i) => c + reaches[i])) };
  } finally {
    await h.close();
  }
}

console.log('\nFirst Simulation of a Simulator with one connected schema graph (in-memory harness)\n');
console.log('| Components | Resources | First create | Later create | First Simulation, every resource listed | Later Simulation, the same (baseline) | First ÷ later |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const [components, resources] of [[100, 30], [400, 120], [1000, 300]]) {
  const row = await measure(components, resources);
  console.log(`| ${row.components} | ${row.resources} | ${row.firstCreate.toFixed(1)} ms | ${row.laterCreate.toFixed(1)} ms | ${row.first.toFixed(0)} ms | ${row.later.toFixed(0)} ms | ${(row.first / row.later).toFixed(1)}× |`);
}
