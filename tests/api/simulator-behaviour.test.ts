/**
 * `GET /v1/simulators/{id}/behaviour` through the in-memory harness: what the catalog pet
 * store's artifact decided, the refusals it shares with `/operations`, and how it reads the
 * artifact through the runtime Simulations use.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type HarnessOptions } from '@simplane/harness';
import { InlineBuildProvider } from '@simplane/engine';
import type { LoadedSimulator, Runtime, SimulatorBehaviour, SimulatorView } from '@simplane/core';
import { GatedProvider, tinyDocument } from '../support/gated-provider.js';
import { expectProblem } from '../support/problem.js';

const open: Harness[] = [];
function harness(options: HarnessOptions = {}): Harness {
  const h = createHarness(options);
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

async function catalogPetstore(h: Harness): Promise<SimulatorView> {
  await h.settled();
  return (await h.request('GET', '/v1/simulators?simulator=catalog/petstore:1.0')).json<{ simulators: SimulatorView[] }>().simulators[0]!;
}

/** The composition root's runtime, wrapped: counts loads by digest, and can fail them or hide the decisions. */
class WatchedRuntime implements Runtime {
  readonly loads: string[] = [];
  mode: 'ok' | 'throw' | 'no-decisions' = 'ok';
  constructor(private readonly inner: Runtime) {}

  async load(artifact: Uint8Array, digest: string): Promise<LoadedSimulator> {
    this.loads.push(digest);
    if (this.mode === 'throw') throw new Error('runtime provider down');
    const loaded = await this.inner.load(artifact, digest);
    if (this.mode === 'ok') return loaded;
    // A runtime whose Simulators keep no decisions: everything but `behaviour`.
    return { classify: (...a) => loaded.classify(...a), seeder: (o) => loaded.seeder(o), handle: (...a) => loaded.handle(...a) };
  }
}

describe('GET /v1/simulators/{id}/behaviour', () => {
  it("shows the catalog pet store's decisions in the artifact's own shapes", async () => {
    const h = harness();
    const catalog = await catalogPetstore(h);
    const answer = await h.request('GET', `/v1/simulators/${catalog.id}/behaviour`);
    expect(answer.status, answer.text()).toBe(200);
    const behaviour = answer.json<SimulatorBehaviour>();
    expect(Object.keys(behaviour).sort()).toEqual(['artifact_version', 'operations', 'resources']);
    expect(behaviour.artifact_version).toBe(4);

    const pets = behaviour.resources.find((r) => r.name === 'pets');
    expect(pets).toMatchObject({ name: 'pets', idField: 'id', records: { fields: expect.any(Array), state: { field: 'status', initial: 'available' } } });
    expect((pets!.records as { fields: unknown[] }).fields).toContainEqual(expect.objectContaining({ field: 'created_at', fill: 'created' }));
    // The item schema stays in the artifact: it is the document's, not a decision. What its
    // fields' values are drawn as is one, read from their hints: a `name` is a person's full
    // name only beside a person's fields, which a pet has none of.
    expect(pets).not.toHaveProperty('itemSchema');
    expect(pets!.values).toEqual({ name: { kind: 'fullName', personal: true } });

    // One entry per operation, agreeing with the short summary of /operations.
    const summary = (await h.request('GET', `/v1/simulators/${catalog.id}/operations`)).json<{ operations: Array<{ operation: string; behaviour: string }> }>();
    expect(behaviour.operations.map((op) => op.id).sort()).toEqual(summary.operations.map((op) => op.operation).sort());
    for (const listed of summary.operations) {
      const op = behaviour.operations.find((o) => o.id === listed.operation);
      expect(op).toMatchObject({ id: listed.operation, protocol: 'rest', behaviour: listed.behaviour });
      for (const documentPart of ['parameters', 'requestBody', 'responses', 'security']) expect(op).not.toHaveProperty(documentPart);
    }
    const byId = Object.fromEntries(behaviour.operations.map((op) => [op.id, op]));
    expect(byId.createPet!.write).toMatchObject({ put: expect.any(String), patch: expect.any(String) });
    expect(byId.listPets!.write).toBeNull();
    // What a refusal writes into each field of the operation's own error answers.
    expect(byId.getPet!.errors).toMatchObject({ '404': { code: { fill: 'code' }, message: { fill: 'message' } } });
  });

  it('answers 404 for an unknown or malformed ID and 403 for another workspace', async () => {
    const h = harness({ config: { catalog: false } });
    for (const id of ['smr_01J00000000000000000000000', 'nope']) {
      expectProblem(await h.request('GET', `/v1/simulators/${id}/behaviour`), 404, 'simulator_not_found');
    }
    const mine = await h.buildSimulator(tinyDocument('Mine'));
    expectProblem(await h.request('GET', `/v1/simulators/${mine.id}/behaviour`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', `/v1/simulators/${mine.id}/behaviour`, { apiKey: null }), 401, 'auth_invalid');
  });

  it('answers 409 simulator_not_ready for a failed build and for one still building', async () => {
    const plain = harness({ config: { catalog: false } });
    const broken = (await plain.upload('openapi: 3.0.3', {})).json<SimulatorView>();
    await plain.settled();
    expect((await plain.request('GET', `/v1/simulators/${broken.id}`)).json<SimulatorView>().status).toBe('failed');
    expectProblem(await plain.request('GET', `/v1/simulators/${broken.id}/behaviour`), 409, 'simulator_not_ready');

    const gate = new GatedProvider(new InlineBuildProvider());
    const gated = harness({ config: { catalog: false }, buildProvider: gate });
    const building = (await gated.upload(tinyDocument('Later'), {})).json<SimulatorView>();
    expect(['pending', 'building']).toContain(building.status);
    expectProblem(await gated.request('GET', `/v1/simulators/${building.id}/behaviour`), 409, 'simulator_not_ready');
  });

  it('loads the artifact through the runtime Simulations use, and answers no decisions from a runtime that keeps none', async () => {
    let runtime!: WatchedRuntime;
    const h = harness({ runtime: (configured) => (runtime = new WatchedRuntime(configured)) });
    const catalog = await catalogPetstore(h);
    runtime.mode = 'no-decisions';
    const answer = await h.request('GET', `/v1/simulators/${catalog.id}/behaviour`);
    expect(answer.status, answer.text()).toBe(200);
    expect(answer.json()).toEqual({ artifact_version: 0, resources: [], operations: [] });
    expect(runtime.loads).toEqual([catalog.digest]);
  });

  it('answers 503 internal_unavailable with Retry-After when the runtime cannot load the artifact', async () => {
    let runtime!: WatchedRuntime;
    const h = harness({ runtime: (configured) => (runtime = new WatchedRuntime(configured)) });
    const catalog = await catalogPetstore(h);
    runtime.mode = 'throw';
    const refused = await h.request('GET', `/v1/simulators/${catalog.id}/behaviour`);
    expectProblem(refused, 503, 'internal_unavailable');
    expect(refused.headers['retry-after']).toBe('5');
    runtime.mode = 'ok';
    expect((await h.request('GET', `/v1/simulators/${catalog.id}/behaviour`)).status).toBe(200);
  });
});
