// The first Simulation of a Simulator whose schemas form one large connected graph, as
// Stripe's do (expandable fields: `anyOf: [id string, $ref]`, from almost every object to
// many others). Its schema checks are compiled on first use, so the first Simulation pays for
// them; later ones reuse them. The baseline, in the same run, is a later Simulation of the
// same Simulator (the same seeding work with every check compiled). Each row runs in a new
// harness, so nothing compiled is carried over. `node bench/first-simulation.mjs` runs it alone.
import { generateConnectedDocument } from '../packages/engine/dist/testing/index.js';
import { createHarness } from '../packages/harness/dist/index.js';

async function measure(components, resources) {
  const h = createHarness({ config: { log_level: process.env.BENCH_LOG ?? 'silent', catalog: false, quotas: { active_simulations: 100 } } });
  try {
    const simulator = await h.buildSimulator(generateConnectedDocument({ components, resources }));
    const times = [];
    for (let n = 0; n < 4; n += 1) {
      const started = performance.now();
      await h.createSimulation(simulator.id, { seed: `s${n}` });
      times.push(performance.now() - started);
    }
    const later = [...times.slice(1)].sort((a, b) => a - b)[1];
    return { components, resources, first: times[0], later };
  } finally {
    await h.close();
  }
}

console.log('\nFirst Simulation of a Simulator with one connected schema graph (in-memory harness)\n');
console.log('| Components | Resources | First Simulation | Later Simulation (baseline) | First ÷ later |');
console.log('|---:|---:|---:|---:|---:|');
for (const [components, resources] of [[100, 30], [400, 120], [1000, 300]]) {
  const row = await measure(components, resources);
  console.log(`| ${row.components} | ${row.resources} | ${row.first.toFixed(0)} ms | ${row.later.toFixed(0)} ms | ${(row.first / row.later).toFixed(1)}× |`);
}
