// The cost of an advance of the virtual clock: one Simulation's state in memory holding 10,000
// records of a resource whose inferred rule (`expires_at` beside an `expired` status) makes each
// fall due in the window, advanced through the engine directly (no platform, no step log), so
// the figure is the engine's: read every record, schedule, commit 10,000 events in time order
// with their writes. Median of several runs, each on a fresh copy of the state; the target is
// under 100 ms (issue 25). Runs from the compiled packages (`npm run build` first);
// `node bench/clock-advance.mjs` runs it alone.
import { compileDocument, EngineRuntime, readArtifact, serialiseArtifact } from '../packages/engine/dist/index.js';
import { SimulationState } from '../packages/core/dist/index.js';

const RECORDS = 10_000;
const RUNS = 9;
const time = { type: 'string', format: 'date-time' };
const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Tokens', version: '1' },
  paths: {
    '/tokens': {
      post: {
        operationId: 'createToken',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Token' } } } },
        responses: { 201: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Token' } } } } },
      },
    },
    '/tokens/{tokenId}': {
      get: {
        operationId: 'getToken',
        parameters: [{ name: 'tokenId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Token' } } } } },
      },
    },
  },
  components: { schemas: { Token: { type: 'object', properties: { id: { type: 'string', readOnly: true }, status: { type: 'string', enum: ['active', 'expired', 'revoked'] }, expires_at: time, created_at: time, updated_at: time } } } },
});

const outcome = await compileDocument({ spec: new TextEncoder().encode(DOCUMENT), specKind: null, filter: [], overlays: [] });
if (!outcome.ok) throw new Error(outcome.detail);
const { bytes, digest } = serialiseArtifact(readArtifact(outcome.artifact));
const simulator = await new EngineRuntime().load(bytes, digest);
const start = Date.parse('2024-01-01T00:00:00.000Z');

function filled() {
  const state = new SimulationState();
  for (let i = 0; i < RECORDS; i += 1) {
    const id = `tok_${String(i).padStart(6, '0')}`;
    const made = new Date(start + i * 1000).toISOString();
    // Due times spread over 30 days, out of record order, some sharing a second.
    const due = new Date(start + 86_400_000 + ((i * 7919) % RECORDS) * 259_200).toISOString();
    state.put('tokens', id, { id, status: 'active', expires_at: due, created_at: made, updated_at: made });
  }
  state.takeChanges();
  return state;
}

const from = new Date(start);
const to = new Date(start + 40 * 86_400_000);
const times = [];
let events = 0;
for (let run = 0; run < RUNS; run += 1) {
  const state = filled();
  const started = performance.now();
  events = simulator.advance(state, from, to, { seed: 'bench', step: 1, now: to }).length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`\nClock advance (engine, ${RECORDS.toLocaleString('en')} records, ${events.toLocaleString('en')} due events)`);
console.log(`  median ${median.toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms over ${RUNS} runs (target < 100 ms)`);
