import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';
import { TICKETS } from '../testing/tickets-document.js';
import type { Json } from '../json.js';
import { learnFrom, type ProbeAnswer } from './learn.js';
import { bytes } from '../testing/fixtures.js';
import { firstProbes, missingProbes } from './probe-plan.js';

const ticket = (id: string, title: string) => ({ id, title, status: 'open', priority: 'normal', replies: 2 });

async function learned(answers: (probes: ReturnType<typeof firstProbes>) => ProbeAnswer[]) {
  const { artifact } = await compileArtifact(TICKETS);
  return learnFrom(artifact, answers(firstProbes(artifact.operations, artifact.resources)));
}

describe('what a build learns from the real system', () => {
  it("keeps the records of an answer that fits the document as the resource's learned records, and their ids' form", async () => {
    const { artifact, findings } = await learned(([list]) => [{ probe: list!, status: 200, body: { data: [ticket('TCK-4f9a21', 'Printer on fire'), ticket('TCK-77b0c3', 'VPN down'), ticket('TCK-77b0c3', 'VPN down')] } }]);
    const tickets = artifact.resources.find((resource) => resource.name === 'tickets')!;
    expect(tickets.records?.learned).toEqual({ operation: 'listTickets', records: [ticket('TCK-4f9a21', 'Printer on fire'), ticket('TCK-77b0c3', 'VPN down')] });
    expect(tickets.records?.idForm).toMatchObject({ kind: 'prefixed', prefix: 'TCK-', from: 'system' });
    expect(findings).toEqual([]);
  });

  it('uses no record of an answer that does not fit the document, and says what does not', async () => {
    const { artifact, findings } = await learned(([list]) => [{ probe: list!, status: 200, body: { data: [ticket('TCK-4f9a21', 'Printer on fire'), { id: 'TCK-000000', title: 42 }] } }]);
    expect(artifact.resources.find((resource) => resource.name === 'tickets')!.records?.learned).toBeUndefined();
    expect(findings).toEqual([{ code: 'system_drift', operation: 'listTickets', message: expect.stringMatching(/does not fit the document: data\.1\.status is required/) as unknown }]);
  });

  it('seeds a Simulation with the real records, by their real ids, in place of generated ones', async () => {
    const { artifact } = await learned(([list]) => [{ probe: list!, status: 200, body: { data: [ticket('TCK-4f9a21', 'Printer on fire'), ticket('TCK-77b0c3', 'VPN down')] } }]);
    const sim = await SimClient.open(artifact, { sampleRecords: 5 });
    const listed = (sim.call({ method: 'GET', path: '/tickets' }).json as { data: Array<{ id: string; title: string }> }).data;
    expect(listed.map((t) => [t.id, t.title]).sort()).toEqual([['TCK-4f9a21', 'Printer on fire'], ['TCK-77b0c3', 'VPN down']]);
    expect(sim.call({ method: 'GET', path: '/tickets/TCK-77b0c3' }).json).toMatchObject({ title: 'VPN down' });
    // New records take the real ids' form.
    const made = sim.call({ method: 'POST', path: '/tickets', body: { title: 'Mouse missing' } }).json as { id: string };
    expect(made.id).toMatch(/^TCK-[0-9a-f]{6,}$/);
    // `sample_records` still caps how many.
    const one = await SimClient.open(artifact, { sampleRecords: 1 });
    expect((one.call({ method: 'GET', path: '/tickets' }).json as { data: unknown[] }).data).toHaveLength(1);
  });

  it('uses nothing of an answer that is no success or does not fit, and leaves a Simulation without learned records generating', async () => {
    const { artifact, findings } = await learned(([list]) => [
      { probe: list!, status: 401, body: { error: 'unauthorized' } as Json },
      { probe: list!, status: 200, body: { data: 'not a list' } as Json },
    ]);
    expect(artifact.resources.find((resource) => resource.name === 'tickets')!.records?.learned).toBeUndefined();
    expect(findings.map((finding) => finding.operation)).toEqual(['listTickets']);
    const sim = await SimClient.open(artifact, { sampleRecords: 3 });
    expect((sim.call({ method: 'GET', path: '/tickets' }).json as { data: unknown[] }).data).toHaveLength(3);
  });

  it("takes the real system's not-found error as the 404 format where the document leaves it unclear", async () => {
    const { artifact: base } = await compileArtifact(TICKETS);
    const missing = missingProbes(base.operations, base.resources);
    expect(missing.map((probe) => probe.path)).toEqual(['/tickets/simplane-probe-missing-0']);
    const realError = { error: { code: 'ticket_not_found', message: 'No ticket simplane-probe-missing-0' } };
    const { artifact } = learnFrom(base, [{ probe: missing[0]!, status: 404, body: realError }]);
    expect(artifact.errorFormats['404']).toMatchObject({ mediaType: 'application/json', example: { value: realError } });
    const answers = async (a: typeof artifact) => (await SimClient.open(a, { sampleRecords: 0 })).call({ method: 'GET', path: '/tickets/T-404' });
    const before = await answers(base);
    const after = await answers(artifact);
    expect([before.status, after.status]).toEqual([404, 404]);
    expect(before.json).not.toHaveProperty('error.code');
    expect(after.json).toMatchObject({ error: { code: 'ticket_not_found', message: expect.any(String) as unknown } });
  });

  it("keeps an id form an override gave, where the real ids would have given another", async () => {
    const idForm = { kind: 'prefixed', prefix: 'T-', alphabet: '0123456789', length: 6 };
    const overlay = bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'ids', version: '1' }, actions: [{ target: '$.components.schemas.Ticket', update: { 'x-simplane-behaviour': { records: { idForm } } } }] }));
    const { artifact } = await compileArtifact(TICKETS, { overlays: [overlay] });
    const [list] = firstProbes(artifact.operations, artifact.resources);
    const taught = learnFrom(artifact, [{ probe: list!, status: 200, body: { data: [ticket('TCK-4f9a21', 'Printer on fire')] } }]).artifact;
    const tickets = taught.resources.find((resource) => resource.name === 'tickets')!;
    expect(tickets.records?.learned?.records).toHaveLength(1);
    expect(tickets.records?.idForm).toEqual({ ...idForm, from: 'override' });
  });
});
