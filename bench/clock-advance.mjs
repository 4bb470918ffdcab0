// The cost of an advance of the virtual clock: one Simulation's state in memory holding 10,000
// records of a resource whose inferred rule (`expires_at` beside an `expired` status) makes each
// fall due in the window, advanced through the engine directly (no platform, no step log), so
// the figure is the engine's: read every record, schedule, commit 10,000 events in time order
// with their writes. Median of several runs, each on a fresh copy of the state; the target is
// under 100 ms (issue 25). A second row times the same advance through the API (harness), beside
// it in the same run. Runs from the compiled packages (`npm run build` first);
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

// The same advance through the API: a Simulation of the same document holding 10,000 tokens
// written through its data plane (one POST each), advanced by `POST .../advance-time` and timed
// from the request to the advance read back `completed`: the 202, the advance's turn in the
// Simulation's queue, the engine's work, the advance step with its 10,000 changes stored in the
// step log, the events stored in the advance log, the clock moved. Each run advances a fresh
// fork of the filled Simulation (at its last step, its state loaded by one read first), so every
// run starts from the same 10,000 active tokens. Same target: under 100 ms.
const { createHarness } = await import('../packages/harness/dist/index.js');
const h = createHarness({ config: { catalog: false, quotas: { active_simulations: 1000 } } });
await h.buildSimulator(DOCUMENT, { references: ['tokens:v1'] });
const filledSim = await h.createSimulation('tokens:v1', { seed: 'bench', sample_records: 0 });
for (let i = 0; i < RECORDS; i += 1) {
  const due = new Date(start + 86_400_000 + ((i * 7919) % RECORDS) * 259_200).toISOString();
  const reply = await h.sim(filledSim, 'POST', '/tokens', { json: { status: 'active', expires_at: due } });
  if (reply.status !== 201) throw new Error(`POST /tokens answered ${reply.status}: ${reply.text()}`);
}
const apiTimes = [];
let apiEvents = 0;
for (let run = 0; run < RUNS; run += 1) {
  const forked = await h.request('POST', `/v1/simulations/${filledSim.id}/fork`, { json: {} });
  if (forked.status !== 201) throw new Error(`fork answered ${forked.status}: ${forked.text()}`);
  const child = forked.json();
  await h.sim(child, 'GET', '/tokens/tok_none');
  const started = performance.now();
  const accepted = await h.request('POST', `/v1/simulations/${child.id}/advance-time`, { json: { to: to.toISOString() }, headers: { 'idempotency-key': `run-${run}` } });
  if (accepted.status !== 202) throw new Error(`advance answered ${accepted.status}: ${accepted.text()}`);
  let view = accepted.json();
  while (view.status === 'pending' || view.status === 'running') {
    await new Promise((resolve) => setImmediate(resolve));
    view = (await h.request('GET', `/v1/simulations/${child.id}/advances/${view.id}`)).json();
  }
  apiTimes.push(performance.now() - started);
  if (view.status !== 'completed') throw new Error(`advance ${view.status}: ${JSON.stringify(view.error)}`);
  apiEvents = view.event_count;
  await h.request('DELETE', `/v1/simulations/${child.id}`);
}
await h.close();
apiTimes.sort((a, b) => a - b);
const apiMedian = apiTimes[Math.floor(apiTimes.length / 2)];
console.log(`Clock advance (API, harness, ${RECORDS.toLocaleString('en')} records, ${apiEvents.toLocaleString('en')} due events)`);
console.log(`  median ${apiMedian.toFixed(1)} ms, min ${apiTimes[0].toFixed(1)} ms, max ${apiTimes.at(-1).toFixed(1)} ms over ${RUNS} runs (target < 100 ms); ${(apiMedian / median).toFixed(2)}x the engine's`);
