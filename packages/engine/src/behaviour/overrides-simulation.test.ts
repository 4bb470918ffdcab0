import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';
import { TICKETS } from '../testing/tickets-document.js';

const overlay = (actions: unknown[]) => bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'corrections', version: '1' }, actions }));
const onOperation = (path: string, method: string, behaviour: unknown) => ({ target: `$.paths['${path}'].${method}`, update: { 'x-simplane-behaviour': behaviour } });
const onTicket = (behaviour: unknown) => ({ target: '$.components.schemas.Ticket', update: { 'x-simplane-behaviour': behaviour } });

/** A Simulation of the tickets document, corrected by the actions given (none: as the compiler decided). */
async function simulation(...actions: unknown[]): Promise<SimClient> {
  const { artifact, outcome } = await compileArtifact(TICKETS, actions.length === 0 ? {} : { overlays: [overlay(actions)] });
  expect(outcome.warnings).toEqual([]);
  return SimClient.open(artifact);
}

type Ticket = Record<string, unknown> & { id: string };

function create(sim: SimClient, body: Record<string, unknown>): Ticket {
  const answer = sim.call({ method: 'POST', path: '/tickets', body });
  expect(answer.status).toBe(201);
  return answer.json as Ticket;
}

describe('a Simulation follows x-simplane-behaviour', () => {
  it('merges a PUT into the record where the override says it merges', async () => {
    const put = async (sim: SimClient) => {
      const ticket = create(sim, { title: 'printer on fire', notify: true });
      const answer = sim.call({ method: 'PUT', path: `/tickets/${ticket.id}`, body: { title: 'printer fine' } });
      expect(answer.status).toBe(200);
      return answer.json as Ticket;
    };
    // As decided, the PUT replaces: what its body leaves out is gone.
    expect(await put(await simulation())).not.toHaveProperty('notify');
    const merged = await put(await simulation(onOperation('/tickets/{ticketId}', 'put', { write: { put: 'merge' } })));
    expect(merged).toMatchObject({ title: 'printer fine', notify: true });
  });

  it("stamps a creation time the compiler missed with the virtual clock's time", async () => {
    const plain = await simulation();
    expect(Date.parse(create(plain, { title: 'printer on fire' })['filed_at'] as string)).not.toBe(plain.start.getTime() + 1000);
    const sim = await simulation(onTicket({ records: { fields: [{ field: 'filed_at', fill: 'created', time: 'instant' }] } }));
    const ticket = create(sim, { title: 'printer on fire' });
    // The create is the Simulation's first step, a second after its start.
    expect(Date.parse(ticket['filed_at'] as string)).toBe(sim.start.getTime() + 1000);
  });

  it("starts a new record in the state the override gives", async () => {
    const plain = create(await simulation(), { title: 'printer on fire' });
    expect(plain['status']).toBe('open');
    const ticket = create(await simulation(onTicket({ records: { state: { initial: 'pending' } } })), { title: 'printer on fire' });
    expect(ticket['status']).toBe('pending');
  });

  it('moves a record to the target state the override gives an action', async () => {
    const escalate = (sim: SimClient) => {
      const ticket = create(sim, { title: 'printer on fire' });
      const answer = sim.call({ method: 'POST', path: `/tickets/${ticket.id}/escalate` });
      expect(answer.status).toBe(200);
      return (answer.json as Ticket)['status'];
    };
    expect(escalate(await simulation())).toBe('escalated');
    expect(escalate(await simulation(onOperation('/tickets/{ticketId}/escalate', 'post', { action: { targetState: 'solved' } })))).toBe('solved');
  });

  it('fills a field a create leaves out with the fresh value the override gives', async () => {
    expect(create(await simulation(), { title: 'printer on fire' })['replies']).toBe(0);
    expect(create(await simulation(onTicket({ records: { fresh: { replies: 5 } } })), { title: 'printer on fire' })['replies']).toBe(5);
  });

  it('creates a record by a PUT to a new id where the override says it does', async () => {
    const put = async (sim: SimClient) => sim.call({ method: 'PUT', path: '/tickets/T-100', body: { title: 'printer on fire' } }).status;
    expect(await put(await simulation())).toBe(404);
    const sim = await simulation(onOperation('/tickets/{ticketId}', 'put', { write: { createsMissing: true } }));
    expect(await put(sim)).toBeLessThan(300);
    expect(sim.call({ method: 'GET', path: '/tickets/T-100' }).json).toMatchObject({ title: 'printer on fire' });
  });

  it('keeps in a record the undeclared body fields the override no longer withholds', async () => {
    const fields = (sim: SimClient) => Object.keys(create(sim, { title: 'printer on fire', api_key: 'k-1', idempotency_key: 'i-1', color: 'red' }));
    // As decided, a credential and a request control stay out of the record; other undeclared fields are kept.
    expect(fields(await simulation())).toEqual(expect.arrayContaining(['color']));
    expect(fields(await simulation())).not.toEqual(expect.arrayContaining(['api_key']));
    expect(fields(await simulation())).not.toEqual(expect.arrayContaining(['idempotency_key']));
    const kept = fields(await simulation(onOperation('/tickets', 'post', { write: { withheld: { names: ['idempotency_key'], endings: [] } } })));
    expect(kept).toEqual(expect.arrayContaining(['api_key', 'color']));
    expect(kept).not.toEqual(expect.arrayContaining(['idempotency_key']));
  });

  it('pages a list by the limit parameter the override names', async () => {
    const page = (sim: SimClient) => ((sim.call({ method: 'GET', path: '/tickets', query: 'per_page=1' }).json as { data: unknown[] }).data.length);
    // As decided, `per_page` is no paging parameter: the sample records all come back.
    expect(page(await simulation())).toBe(3);
    expect(page(await simulation(onOperation('/tickets', 'get', { list: { parameters: { limit: 'per_page' } } })))).toBe(1);
  });
});

describe('a Simulation follows x-simplane-value', () => {
  const onTitle = (hint: unknown) => ({ target: '$.components.schemas.Ticket.properties.title', update: { 'x-simplane-value': hint } });
  const titles = (sim: SimClient) => ((sim.call({ method: 'GET', path: '/tickets' }).json as { data: Ticket[] }).data.map((ticket) => ticket['title']));

  it("draws a property's value as the hint the document gives it says, not as its name says", async () => {
    const { artifact } = await compileArtifact(TICKETS);
    expect(artifact.schemas['Ticket']).toMatchObject({ properties: { title: { 'x-simplane-value': { kind: 'title' } } } });
    expect(new Set(titles(await SimClient.open(artifact))).size).toBeGreaterThan(1);
    const sim = await simulation(onTitle({ example: 'Printer on fire' }));
    expect(titles(sim)).toEqual(['Printer on fire', 'Printer on fire', 'Printer on fire']);
  });

  it('is where a hint is corrected: `values` in x-simplane-behaviour says so and changes nothing', async () => {
    const { artifact, outcome } = await compileArtifact(TICKETS, { overlays: [overlay([onTicket({ values: { title: { example: 'Printer on fire' } } })])] });
    expect(outcome.warnings.map((w) => [w.code, w.message.includes('x-simplane-value')])).toEqual([['behaviour_override_invalid', true]]);
    expect(new Set(titles(await SimClient.open(artifact))).size).toBeGreaterThan(1);
  });

  it('warns of a hint it cannot follow and keeps its own', async () => {
    const { artifact, outcome } = await compileArtifact(TICKETS, { overlays: [overlay([onTitle({ kind: 'planet' })])] });
    expect(outcome.warnings.map((w) => [w.code, w.location])).toEqual([['behaviour_override_invalid', 'properties.title.x-simplane-value']]);
    expect(artifact.schemas['Ticket']).toMatchObject({ properties: { title: { 'x-simplane-value': { kind: 'title' } } } });
  });
});

describe("docs/behaviour.md's worked example", () => {
  const doc = readFileSync(new URL('../../../../docs/behaviour.md', import.meta.url), 'utf8');
  const example = /<!-- worked-example-overlay -->\n```yaml\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

  it('corrects the PUT and the filing time as the page says', async () => {
    const { artifact, outcome } = await compileArtifact(TICKETS, { overlays: [bytes(example)] });
    expect(outcome.warnings).toEqual([]);
    const sim = await SimClient.open(artifact);
    const ticket = create(sim, { title: 'printer on fire', notify: true });
    expect(Date.parse(ticket['filed_at'] as string)).toBe(sim.start.getTime() + 1000);
    const answer = sim.call({ method: 'PUT', path: `/tickets/${ticket.id}`, body: { title: 'printer fine', filed_at: '2020-01-01T00:00:00Z' } });
    expect(answer.json).toMatchObject({ title: 'printer fine', notify: true, filed_at: ticket['filed_at'] });
  });
});
