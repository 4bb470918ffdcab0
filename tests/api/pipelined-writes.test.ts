/**
 * A Simulation's requests run one at a time, but a write's step may still be committing while
 * the next request runs on the state it left: every answer waits for the steps it saw to be
 * committed, and when one cannot be, no answer that saw it is given as a success.
 */
import type { StepEntry, StepLog, StepView } from '@simplane/core';
import { createHarness, type Harness } from '@simplane/harness';
import { afterEach, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problem.js';
import { PETSTORE_AUTH, petstore } from '../support/simulations.js';

const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});

/** Appends wait at a gate; on release the first fails, as storage that lost it would, or all go through. */
function gated(inner: StepLog) {
  let open!: (outcome: 'commit' | 'fail-first') => void;
  const gate = new Promise<'commit' | 'fail-first'>((resolve) => (open = resolve));
  const calls: number[] = [];
  const log: StepLog = new Proxy(inner, {
    get(target, key, receiver) {
      if (key !== 'append') return Reflect.get(target, key, receiver) as unknown;
      return async (id: string, entry: StepEntry) => {
        calls.push(entry.view.step);
        const first = calls.length === 1;
        const outcome = await gate;
        if (outcome === 'fail-first' && first) throw new Error('step storage lost it');
        return target.append(id, entry);
      };
    },
  });
  return { log, calls, release: (outcome: 'commit' | 'fail-first') => open(outcome) };
}

async function pipelined(outcome: 'commit' | 'fail-first') {
  let gate!: ReturnType<typeof gated>;
  const h = createHarness({ config: { catalog: false }, stepLog: (configured) => (gate = gated(configured)).log });
  open.push(h);
  await h.buildSimulator(petstore, { references: ['pets:v1'] });
  const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
  const answered: string[] = [];
  const track = <T>(name: string, reply: Promise<T>) => reply.then((r) => (answered.push(name), r));
  const writes = ['a', 'b', 'c'].map((name) => track(name, h.sim(sim, 'POST', '/pets', { json: { name }, headers: PETSTORE_AUTH })));
  const read = track('read', h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH }));
  // All three writes have run and asked for their steps; none is answered, nor the read after them.
  for (let i = 0; i < 50 && gate.calls.length < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(gate.calls).toEqual([1, 2, 3]);
  expect(answered).toEqual([]);
  // A view shows no step that is still committing.
  expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json<{ step: number }>().step).toBe(0);
  expect((await h.request('GET', '/v1/simulations')).json<{ simulations: Array<{ id: string; step: number }> }>().simulations.find((s) => s.id === sim.id)!.step).toBe(0);
  gate.release(outcome);
  return { h, sim, writes: await Promise.all(writes), read: await read };
}

describe('writes whose steps are still committing', () => {
  it('let the next requests run, and answer each once the steps it saw are committed', async () => {
    const { h, sim, writes, read } = await pipelined('commit');
    expect(writes.map((w) => w.status)).toEqual([201, 201, 201]);
    expect(read.json<Array<{ name: string }>>().map((p) => p.name).sort()).toEqual(['a', 'b', 'c']);
    const steps = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: StepView[] }>().steps;
    expect(steps.map((s) => s.step)).toEqual([1, 2, 3]);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json<{ step: number }>().step).toBe(3);
  });

  it('answer no request that saw a step that could not be committed, and keep nothing of them', async () => {
    const { h, sim, writes, read } = await pipelined('fail-first');
    for (const reply of [...writes, read]) expectProblem(reply, 503, 'simulation_unreachable');
    // The state is rebuilt from the log, which has none of them.
    expect((await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<unknown[]>()).toEqual([]);
    expect((await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: StepView[] }>().steps).toEqual([]);
    const after = await h.sim(sim, 'POST', '/pets', { json: { name: 'after' }, headers: PETSTORE_AUTH });
    expect(after.status).toBe(201);
    expect((await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: StepView[] }>().steps.map((s) => s.step)).toEqual([1]);
  });
});
