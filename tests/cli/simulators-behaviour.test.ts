/**
 * `simplane simulators behaviour` against the in-memory harness: the command runs in this
 * process and its requests reach the control plane through the harness's `fetch`, put in place
 * of the global one for the file, so no server starts and no socket opens.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runClientCommand } from '@simplane/cli';
import { createHarness, type Harness } from '@simplane/harness';
import type { SimulatorView } from '@simplane/core';

let h: Harness;
let petstore: SimulatorView;

beforeAll(async () => {
  h = createHarness();
  await h.settled();
  petstore = (await h.request('GET', '/v1/simulators?simulator=catalog/petstore:1.0')).json<{ simulators: SimulatorView[] }>().simulators[0]!;
  vi.stubGlobal('fetch', h.fetch);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await h?.close();
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runClientCommand('simulators', args, {
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    env: { SIMPLANE_URL: h.baseUrl, SIMPLANE_API_KEY: h.apiKey },
    pause: () => Promise.resolve(),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('simplane simulators behaviour', () => {
  it('summarises each resource and operation of a Simulator named by reference', async () => {
    const ran = await run(['behaviour', 'catalog/petstore:1.0']);
    expect(ran.code, ran.err).toBe(0);
    const [resources, operations] = ran.out.split('\n\n');
    expect(resources!.split('\n')[0]).toMatch(/^RESOURCE\s+ID FIELD\s+NEW IDS\s+STATE\s+SERVER-FILLED$/);
    // Pets' ids are plain strings with no example: the resource's name prefixes them (`-`).
    expect(resources).toMatch(/^pets\s+id\s+-\s+status = "available"\s+status: initial "available", created_at: created \(instant\)$/m);
    expect(operations!.split('\n')[0]).toMatch(/^OPERATION\s+BEHAVIOUR\s+PROTOCOL\s+WRITE$/);
    expect(operations!.split('\n')).toHaveLength(1 + petstore.operations);
    expect(operations).toMatch(/^createPet\s+create\s+rest\s+put \S+, patch \S+/m);
    expect(operations).toMatch(/^listPets\s+list\s+rest\s+-$/m);
    expect(ran.err).toBe(`2 resources, ${petstore.operations} operations (artifact version 4)`);
  });

  it("prints the control plane's answer as it is with --json", async () => {
    const ran = await run(['behaviour', petstore.id, '--json']);
    expect(ran.code, ran.err).toBe(0);
    expect(JSON.parse(ran.out)).toEqual((await h.request('GET', `/v1/simulators/${petstore.id}/behaviour`)).json());
    expect(ran.err).toBe('');
  });

  it("passes the control plane's refusals on and wants exactly one Simulator", async () => {
    expect(await run(['behaviour', 'smr_01ARZ3NDEKTSV4RRFFQ69G5FAV'])).toMatchObject({ code: 1, err: expect.stringMatching(/^simplane: 404 simulator_not_found: /) });
    expect(await run(['behaviour'])).toMatchObject({ code: 2, err: expect.stringMatching(/^simplane: /) });
    expect(await run(['behaviour', 'catalog/petstore:1.0', '--all'])).toMatchObject({ code: 2, err: expect.stringMatching(/simulators behaviour does not take --all/) });
  });
});
