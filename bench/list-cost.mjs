// The cost of listing a collection as it grows: one Simulation in the in-memory harness (no
// sockets) of a small API whose list takes limit, offset, a filter and a sort parameter, with
// 1,000 and then 10,000 records. Each query is timed over repeated requests (median of five
// batches); the baseline is the same query on 100 records in the same run, so the ratios show
// how a query scales with the collection. A plain page reads the collection only up to its end;
// a filter or a sort walks the whole collection (linear), and a sort adds its N log N. Runs from the
// compiled packages (`npm run build` first); `node bench/list-cost.mjs` runs it alone.
import { createHarness } from '../packages/harness/dist/index.js';

const DOCUMENT = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Items', version: '1' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: ['limit', 'offset'].map((name) => ({ name, in: 'query', schema: { type: 'integer' } })).concat(['sort', 'color'].map((name) => ({ name, in: 'query', schema: { type: 'string' } }))),
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } },
      },
      post: {
        operationId: 'createItem',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
        responses: { 201: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
      },
    },
  },
  components: { schemas: { Item: { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, color: { type: 'string' }, size: { type: 'integer' } } } } },
});
const QUERIES = ['limit=10', 'limit=10&offset=5000', 'limit=10&color=red', 'limit=10&sort=name', 'limit=10&sort=-size'];
const SIZES = [100, 1_000, 10_000];

const h = createHarness({ config: { catalog: false } });
const simulator = await h.buildSimulator(DOCUMENT, { name: 'items' });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeQuery(simulation, query) {
  const batches = [];
  for (let batch = 0; batch < 5; batch += 1) {
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) {
      const answer = await h.sim(simulation, 'GET', `/items?${query}`);
      if (answer.status !== 200) throw new Error(`${query}: ${answer.status}`);
    }
    batches.push((performance.now() - started) / 10);
  }
  return median(batches);
}

const results = {};
for (const size of SIZES) {
  const simulation = await h.createSimulation(simulator.id, { seed: 'list', sample_records: 0 });
  for (let i = 0; i < size; i += 1) {
    const created = await h.sim(simulation, 'POST', '/items', { json: { name: `n${(i * 7919) % size}`, color: ['red', 'blue', 'green'][i % 3], size: (i * 31) % 1000 } });
    if (created.status !== 201) throw new Error(`create refused: ${created.status}`);
  }
  for (const query of QUERIES) await timeQuery(simulation, query);
  results[size] = {};
  for (const query of QUERIES) results[size][query] = await timeQuery(simulation, query);
}
await h.close();

console.log('\nList cost by collection size (ms per request, in-memory harness; baseline: the same query on 100 records)\n');
console.log(`${'query'.padEnd(22)}${SIZES.map((s) => `${s} rec`.padStart(12)).join('')}${SIZES.slice(1).map((s) => `${s} ÷ 100`.padStart(13)).join('')}`);
for (const query of QUERIES) {
  const row = SIZES.map((s) => results[s][query].toFixed(2).padStart(12)).join('');
  const ratios = SIZES.slice(1).map((s) => `${(results[s][query] / results[100][query]).toFixed(1)}x`.padStart(13)).join('');
  console.log(`${query.padEnd(22)}${row}${ratios}`);
}
