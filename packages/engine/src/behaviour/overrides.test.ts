import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { TICKETS } from '../testing/tickets-document.js';
import { Diagnostics } from '../diagnostics/diagnostics.js';
import { OverrideChecks, type RecordFacts } from './override-checks.js';
import { withFields } from './override-fills.js';

const overlay = (actions: unknown[]) => bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'corrections', version: '1' }, actions }));
const onOperation = (path: string, method: string, behaviour: unknown) => ({ target: `$.paths['${path}'].${method}`, update: { 'x-simplane-behaviour': behaviour } });
const onTicket = (behaviour: unknown) => ({ target: '$.components.schemas.Ticket', update: { 'x-simplane-behaviour': behaviour } });
const build = async (...actions: unknown[]) => {
  const { artifact, outcome } = await compileArtifact(TICKETS, { overlays: [overlay(actions)] });
  expect(outcome.warnings).toEqual([]);
  return artifact;
};
const tickets = (artifact: Artifact) => artifact.resources.find((r) => r.name === 'tickets')!;
const operation = (artifact: Artifact, id: string) => artifact.operations.find((o) => o.id === id)!;

describe('x-simplane-behaviour on an item schema', () => {
  it('adds a field fill in the item schema order, working out its time form where none is given, and takes one away', async () => {
    const before = tickets((await compileArtifact(TICKETS)).artifact).records!;
    expect(before.fields.map((f) => f.field)).toEqual(['status']);
    const after = tickets(await build(onTicket({ records: { fields: [{ field: 'filed_on', fill: 'updated' }, { field: 'filed_at', fill: 'created', time: 'instant' }] } }))).records!;
    expect(after.fields).toEqual([
      { field: 'status', fill: 'initial', value: 'open' },
      { field: 'filed_at', fill: 'created', time: 'instant' },
      { field: 'filed_on', fill: 'updated', time: 'date' },
    ]);
    const removed = tickets(await build(onTicket({ records: { fields: [{ field: 'status', fill: null }, { field: 'filed_at', fill: 'end', end: 'solved' }] } }))).records!;
    expect(removed.fields).toEqual([{ field: 'filed_at', fill: 'end', time: 'instant', end: 'solved' }]);
  });

  it("changes the state's starting value, and the state field's fill with it", async () => {
    const records = tickets(await build(onTicket({ records: { state: { initial: 'pending', ends: ['solved'] } } }))).records!;
    expect(records.state).toEqual({ field: 'status', initial: 'pending', waiting: [], ends: ['solved'] });
    expect(records.fields).toEqual([{ field: 'status', fill: 'initial', value: 'pending' }]);
  });

  it('merges fresh values key by key and replaces the lists of names', async () => {
    const records = tickets(
      await build(onTicket({ records: { fresh: { replies: 5, locked: false }, aliases: ['mine'], alternateKeys: ['key'], kept: ['filed_at'], keptUnlessGiven: ['id', 'key'] } })),
    ).records!;
    expect(records.fresh).toEqual({ priority: 'normal', replies: 5, locked: false });
    expect([records.aliases, records.alternateKeys, records.kept, records.keptUnlessGiven]).toEqual([['mine'], ['key'], ['filed_at'], ['id', 'key']]);
  });

  it('changes the id field, and the shared entity follows it', async () => {
    const resource = tickets(await build(onTicket({ idField: 'key' })));
    expect(resource.idField).toBe('key');
    expect(resource.entity?.idField).toBe('key');
  });
});

describe('x-simplane-behaviour on an operation', () => {
  it('merges a write plan over the decided one', async () => {
    const before = (await compileArtifact(TICKETS)).artifact;
    expect(operation(before, 'replaceTicket').write).toEqual({ put: 'replace', patch: 'merge', createsMissing: false, actsByDefault: [], withheld: expect.objectContaining({ names: expect.arrayContaining(['expand']) }) as unknown });
    const artifact = await build(
      onOperation('/tickets/{ticketId}', 'put', { write: { put: 'merge', createsMissing: true } }),
      onOperation('/tickets/{ticketId}', 'patch', { write: { patch: 'merge-patch' } }),
      onOperation('/tickets', 'post', { write: { actsByDefault: ['notify'] } }),
    );
    expect(operation(artifact, 'replaceTicket').write).toMatchObject({ put: 'merge', patch: 'merge', createsMissing: true, actsByDefault: [] });
    expect(operation(artifact, 'updateTicket').write?.patch).toBe('merge-patch');
    expect(operation(artifact, 'createTicket').write?.actsByDefault).toEqual(['notify']);
  });

  it("merges a list's paging parameters key by key", async () => {
    const artifact = await build(onOperation('/tickets', 'get', { list: { parameters: { limit: 'per_page', cursor: 'starting_after' }, hasMoreField: 'more' } }));
    const list = operation(artifact, 'listTickets').list!;
    expect(list.parameters).toEqual({ limit: 'per_page', offset: null, page: null, cursor: 'starting_after', sort: null });
    expect([list.paging, list.hasMoreField, list.filters]).toEqual(['cursor', 'more', [{ parameter: 'priority', field: 'priority' }]]);
  });

  it('pages by what the parameters name when paging is not given, and offers no next page none can ask for', async () => {
    const before = operation((await compileArtifact(TICKETS)).artifact, 'listTickets').list!;
    expect(before.next?.offered).toBe(true);
    const list = operation(await build(onOperation('/tickets', 'get', { list: { parameters: { cursor: null } } })), 'listTickets').list!;
    expect([list.paging, list.parameters.cursor, list.next?.offered]).toEqual(['none', null, false]);
    const offset = operation(await build(onOperation('/tickets', 'get', { list: { parameters: { cursor: null, offset: 'per_page' }, next: { end: 'absent' } } })), 'listTickets').list!;
    expect([offset.paging, offset.next?.offered, offset.next?.cursor, offset.next?.end]).toEqual(['offset', true, 'offset', 'absent']);
  });

  it("changes an action's target state and a delete's acknowledging fields", async () => {
    const artifact = await build(
      onOperation('/tickets/{ticketId}/escalate', 'post', { action: { targetState: 'solved', flag: { field: 'locked', value: true } } }),
      onOperation('/tickets/{ticketId}', 'delete', { acknowledges: ['deleted'] }),
    );
    expect(operation(artifact, 'escalateTicket').action).toEqual({ name: 'escalate', stateField: 'status', targetState: 'solved', flag: { field: 'locked', value: true } });
    expect(operation(artifact, 'deleteTicket').acknowledges).toEqual(['deleted']);
  });

  it('is not kept on the operation, and an item schema keeps it as it keeps x-simplane-lifecycle', async () => {
    const artifact = await build(onOperation('/tickets/{ticketId}', 'put', { write: { put: 'merge' } }), onTicket({ records: { aliases: [] } }));
    expect(JSON.stringify(artifact.operations)).not.toContain('x-simplane-behaviour');
    expect(artifact.schemas['Ticket']).toMatchObject({ 'x-simplane-behaviour': { records: { aliases: [] } } });
  });

  it('leaves the artifact as the compiler made it where nothing is overridden', async () => {
    const plain = (await compileArtifact(TICKETS)).artifact;
    const touched = await build({ target: '$.info', update: { description: 'untouched decisions' } });
    expect({ resources: touched.resources, operations: touched.operations }).toEqual({ resources: plain.resources, operations: plain.operations });
  });
});

describe('a time fill without a time form', () => {
  it("takes the form an e-mail or HTTP date format names, which the schema check cannot tell", () => {
    const diagnostics = new Diagnostics();
    const facts: RecordFacts = { properties: new Map([['answered', { type: 'string', format: 'date-time-rfc1123' }]]), fits: (_field, value) => typeof value === 'string' };
    const fields = withFields([], [{ field: 'answered', fill: 'updated' }], ['records', 'fields'], new OverrideChecks(diagnostics, 'x-simplane-behaviour'), facts);
    expect(fields).toEqual([{ field: 'answered', fill: 'updated', time: 'rfc1123' }]);
    expect(diagnostics.warnings).toEqual([]);
  });
});
