import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { SimulationWithToken, StepView, SimulatorView } from '@simplane/core';
import { compileDocument, readArtifact, type Artifact, type ArtifactOperation, type ArtifactResource } from '@simplane/engine';
import { createHarness, type Harness, type HarnessResponse } from '@simplane/harness';
// The engine's own generator, randomness and answer checker, as its runtime property test uses them.
import { generateValue, randomFor, requestParts, ResponseChecker, type GenerateContext } from '@simplane/engine/testing';

/**
 * Random valid request sequences through the whole platform (HTTP handler, Simulation traffic,
 * step log, engine runtime): no answer is a 5xx, every answer fits the schema its operation
 * declares for the status, and the step log holds exactly the successful state-changing
 * requests, in order.
 */

const FIXTURES = ['petstore-3.0.yaml', 'blog-2.0.json', 'shop-3.1.json', 'saas-3.1.yaml', 'bank-3.0.yaml', 'events-cursor-3.0.json'];
const START = '2024-01-01T00:00:00.000Z';
const RUNS = 12;
const LENGTH = 40;

interface Command {
  op: number;
  pick: number;
  seed: number;
}

interface Known {
  /** Record ids seen in answers, by resource name and the values of its scope parameters. */
  ids: Map<string, string[]>;
}

const open: Harness[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

function fixture(name: string): Uint8Array {
  return readFileSync(new URL(`../../packages/engine/test-fixtures/${name}`, import.meta.url));
}

async function artifactOf(spec: Uint8Array): Promise<{ artifact: Artifact; digest: string }> {
  const outcome = await compileDocument({ spec, specKind: null, filter: [], overlays: [] });
  if (!outcome.ok) throw new Error(`build failed: ${outcome.code} ${outcome.detail}`);
  return { artifact: readArtifact(outcome.artifact), digest: outcome.digest };
}

function scopeKey(resource: ArtifactResource, params: Record<string, string>): string {
  return [resource.name, ...resource.scopeParameters.map((p) => params[p] ?? '')].join('\0');
}

interface Planned {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
  params: Record<string, string>;
}

/**
 * A request the operation accepts: path ids from records seen earlier (one time in five a
 * generated id, which may not exist), other parameters and the body generated to their schemas.
 * `first`: the first known ids and only the required parameters (to discover seeded records).
 */
function plan(artifact: Artifact, checker: ResponseChecker, known: Known, op: ArtifactOperation, command: Command, first = false): Planned {
  const random = randomFor('request', command.seed);
  const gen: GenerateContext = { registry: checker.registry, random, now: new Date(START) };
  const params: Record<string, string> = {};
  const pathParams = op.parameters.filter((p) => p.in === 'path').sort((a, b) => op.path.indexOf(`{${a.name}}`) - op.path.indexOf(`{${b.name}}`));
  const ownerOf = (name: string | undefined) => artifact.resources.find((r) => r.idParameter === name && r.itemPath !== null && op.path.startsWith(r.itemPath));
  pathParams.forEach((p, i) => {
    const owner = ownerOf(p.name);
    let ids = owner ? (known.ids.get(scopeKey(owner, params)) ?? []) : [];
    // On the way to a nested record, prefer parents known to have such records.
    const child = ownerOf(pathParams[i + 1]?.name);
    const parents = child ? ids.filter((id) => (known.ids.get(scopeKey(child, { ...params, [p.name]: id }))?.length ?? 0) > 0) : [];
    if (parents.length > 0) ids = parents;
    const pick = first ? 0 : command.pick;
    params[p.name] = ids.length > 0 && (first || pick % 5 !== 0) ? (ids[pick % ids.length] as string) : String(generateValue(p.schema, gen));
  });
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const { headers, query, body } = requestParts(artifact, op, gen, () => first || random.next() < 0.5);
  return { method: op.method, path, query, headers, body, params };
}

/** True when a successful answer of this operation changes state (so the platform records a step). */
function writes(op: ArtifactOperation, resource: ArtifactResource | undefined, params: Record<string, string>): boolean {
  if (resource === undefined) return false;
  switch (op.behaviour) {
    case 'create':
    case 'replace':
    case 'update':
    case 'delete':
      return true;
    case 'action':
      // Only an item-level action with a known target state or flag changes the record.
      return ((op.action?.stateField != null && op.action.targetState != null) || op.action?.flag !== undefined) && (resource.kind === 'singleton' || (resource.idParameter !== null && Object.hasOwn(params, resource.idParameter)));
    default:
      return false;
  }
}

/** Learns record ids from a successful answer: the created or read record, or a list's items. */
function learn(known: Known, op: ArtifactOperation, resource: ArtifactResource | undefined, params: Record<string, string>, json: unknown): void {
  if (resource === undefined || resource.idField === null || json === undefined) return;
  const key = scopeKey(resource, params);
  const ids = known.ids.get(key) ?? [];
  const add = (record: unknown) => {
    const id = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[resource.idField as string] : undefined;
    if ((typeof id === 'string' || typeof id === 'number') && !ids.includes(String(id))) ids.push(String(id));
  };
  if (op.behaviour === 'create' || op.behaviour === 'read') add(json);
  else if (op.behaviour === 'list') {
    const items = op.list?.itemsField ? (json as Record<string, unknown>)[op.list.itemsField] : json;
    if (Array.isArray(items)) items.forEach(add);
  } else if (op.behaviour === 'delete' && resource.idParameter !== null) {
    const gone = ids.indexOf(params[resource.idParameter] ?? '');
    if (gone >= 0) ids.splice(gone, 1);
  }
  known.ids.set(key, ids);
}

async function allSteps(h: Harness, id: string): Promise<StepView[]> {
  const steps: StepView[] = [];
  let cursor: string | null = null;
  do {
    const page: HarnessResponse = await h.request('GET', `/v1/simulations/${id}/steps?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status, page.text()).toBe(200);
    const body = page.json<{ steps: StepView[]; next_cursor: string | null }>();
    steps.push(...body.steps);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return steps;
}

function json(response: HarnessResponse): unknown {
  if (response.body.length === 0) return undefined;
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

describe('property: valid request sequences through the platform', () => {
  it.each(FIXTURES)('%s: no 5xx, every answer fits its declared schema, one step per successful write', async (name) => {
    const spec = fixture(name);
    const { artifact, digest } = await artifactOf(spec);
    const checker = new ResponseChecker(artifact);
    const resources = new Map(artifact.resources.map((r) => [r.name, r]));
    const lists = artifact.operations.filter((op) => op.behaviour === 'list').sort((a, b) => a.path.split('/').length - b.path.split('/').length);
    const h = createHarness({ config: { catalog: false } });
    open.push(h);
    const simulator: SimulatorView = await h.buildSimulator(spec);
    // The schemas checked below are the ones the platform runs.
    expect(simulator.digest).toBe(digest);
    let answered = 0;
    let succeeded = 0;
    const command = fc.record({ op: fc.nat(), pick: fc.nat(), seed: fc.nat() });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: LENGTH, maxLength: LENGTH }), fc.string({ minLength: 1, maxLength: 6 }), async (commands, seed) => {
        const sim: SimulationWithToken = await h.createSimulation(simulator.id, { seed, sample_records: 2 });
        const known: Known = { ids: new Map() };
        const expected: Array<Pick<StepView, 'step' | 'label' | 'operation' | 'status'>> = [];
        const send = async (op: ArtifactOperation, request: Planned): Promise<void> => {
          const resource = op.resource === null ? undefined : resources.get(op.resource);
          const target = request.query === '' ? request.path : `${request.path}?${request.query}`;
          const reply = await h.sim(sim, request.method, target, { headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
          const what = `${op.id} ${request.method} ${target} ${JSON.stringify(request.headers)} ${request.body ?? ''} -> ${reply.status} ${reply.text().slice(0, 300)}`;
          answered += 1;
          expect(reply.status, what).toBeLessThan(500);
          const body = json(reply);
          expect(checker.problem({ status: reply.status, headers: reply.headers, text: reply.text(), json: body, operation: op.id }), what).toBeNull();
          if (reply.status >= 200 && reply.status < 300) {
            succeeded += 1;
            learn(known, op, resource, request.params, body);
            if (writes(op, resource, request.params)) {
              expected.push({ step: expected.length + 1, label: `${request.method} ${request.path}`, operation: op.id, status: reply.status });
            }
          }
        };
        try {
          // First the seeded records: list each collection (parents before children), no filters.
          for (const op of lists) await send(op, plan(artifact, checker, known, op, { op: 0, pick: 0, seed: 0 }, true));
          for (const c of commands) {
            const op = artifact.operations[c.op % artifact.operations.length] as ArtifactOperation;
            await send(op, plan(artifact, checker, known, op, c));
          }
          const steps = await allSteps(h, sim.id);
          expect(steps.length).toBe(expected.length);
          expect(steps.map((s) => ({ step: s.step, label: s.label, operation: s.operation, status: s.status }))).toEqual(expected);
          const view = (await h.request('GET', `/v1/simulations/${sim.id}`)).json<{ step: number }>();
          expect(view.step).toBe(expected.length);
        } finally {
          await h.request('DELETE', `/v1/simulations/${sim.id}`);
        }
      }),
      { numRuns: RUNS, seed: 20250611 },
    );
    // The sequences are mostly valid: most requests succeed, so state and steps are exercised.
    expect(succeeded / answered).toBeGreaterThan(0.5);
  }, 60_000);
});
