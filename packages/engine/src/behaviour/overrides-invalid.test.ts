import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { TICKETS } from '../testing/tickets-document.js';

const overlay = (actions: unknown[]) => bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'corrections', version: '1' }, actions }));
const on = (target: string, behaviour: unknown) => ({ target, update: { 'x-simplane-behaviour': behaviour } });
const tickets = (artifact: Artifact) => artifact.resources.find((r) => r.name === 'tickets')!;
const operation = (artifact: Artifact, id: string) => artifact.operations.find((o) => o.id === id)!;
const TICKET = 'components.schemas.Ticket.x-simplane-behaviour';
const PUT = 'paths./tickets/{ticketId}.put.x-simplane-behaviour';
const LIST = 'paths./tickets.get.x-simplane-behaviour';

describe('an invalid x-simplane-behaviour', () => {
  it('warns at each part it cannot use on an item schema, leaves that part out and applies the rest', async () => {
    const { artifact, outcome } = await compileArtifact(TICKETS, {
      overlays: [
        overlay([
          on('$.components.schemas.Ticket', {
            idField: 'ticket_number',
            lifecycle: [],
            colour: 'red',
            records: {
              fields: [
                { field: 'filed_at', fill: 'stamped' },
                { field: 'nowhere', fill: 'created' },
                { field: 'replies', fill: 'created', time: 'instant' },
                { field: 'filed_on', fill: 'created', time: 'fortnight' },
                { field: 'filed_at', fill: 'created', value: 1 },
                { field: 'filed_at', fill: 'created' },
              ],
              state: { initial: 'closed' },
              fresh: { replies: -1, ghost: 0, locked: true },
              kept: ['filed_at', 'ghost'],
            },
          }),
          on('$.components.schemas.TicketInput', { idField: 'title' }),
        ]),
      ],
    });
    const warnings = outcome.warnings.map((w) => [w.code, w.location]);
    expect(warnings).toEqual([
      ['behaviour_override_invalid', `${TICKET}.lifecycle`],
      ['behaviour_override_invalid', `${TICKET}.colour`],
      ['behaviour_override_invalid', `${TICKET}.idField`],
      ['behaviour_override_invalid', `${TICKET}.records.state.initial`],
      ['behaviour_override_invalid', `${TICKET}.records.fields[0].fill`],
      ['behaviour_override_invalid', `${TICKET}.records.fields[1].field`],
      ['behaviour_override_invalid', `${TICKET}.records.fields[2].time`],
      ['behaviour_override_invalid', `${TICKET}.records.fields[3].time`],
      ['behaviour_override_invalid', `${TICKET}.records.fields[4].value`],
      ['behaviour_override_invalid', `${TICKET}.records.fresh.replies`],
      ['behaviour_override_invalid', `${TICKET}.records.fresh.ghost`],
      ['behaviour_override_invalid', `${TICKET}.records.kept[1]`],
      ['behaviour_override_invalid', 'components.schemas.TicketInput.x-simplane-behaviour'],
    ]);
    expect(outcome.warnings[0]?.message).toContain('x-simplane-lifecycle');
    expect(outcome.warnings[2]?.message).toBe('The behaviour override names `ticket_number` in `idField`, which is not a field of the record; it is left out.');
    const resource = tickets(artifact);
    expect(resource.idField).toBe('id');
    expect(resource.records?.state?.initial).toBe('open');
    expect(resource.records?.fields).toEqual([{ field: 'status', fill: 'initial', value: 'open' }, { field: 'filed_at', fill: 'created', time: 'instant' }]);
    expect(resource.records?.fresh).toEqual({ priority: 'normal', replies: 0, locked: true });
    expect(resource.records?.kept).toEqual(['filed_at']);
  });

  it('never makes an operation read-only nor restructures resources, and applies what it can', async () => {
    const { artifact, outcome } = await compileArtifact(TICKETS, {
      overlays: [
        overlay([
          on("$.paths['/tickets/{ticketId}'].put", { readOnly: true, behaviour: 'read', resource: null, path: '/t', write: { put: 'overwrite', patch: 'merge-patch', createsMissing: 'yes' }, list: { paging: 'page' } }),
          on("$.paths['/tickets'].get", { list: { parameters: { limit: 'per_page', cursor: 'page_token', size: 'n' }, paging: 'scroll', filters: [{ parameter: 'priority', field: 'urgency' }] }, write: { put: 'merge' } }),
          on("$.paths['/tickets/{ticketId}/escalate'].post", { action: { targetState: 'reopened' }, acknowledges: ['deleted'], links: ['ticketId', 'orgId'] }),
          on("$.paths['/tickets/{ticketId}'].delete", { acknowledges: ['id', 'ok'] }),
          on("$.paths['/tickets/{ticketId}'].patch", 'merge'),
        ]),
      ],
    });
    const put = operation(artifact, 'replaceTicket');
    expect([put.readOnly, put.behaviour, put.resource, put.path, put.write]).toEqual([false, 'replace', 'tickets', '/tickets/{ticketId}', { put: 'replace', patch: 'merge-patch', createsMissing: false, actsByDefault: [], withheld: expect.objectContaining({ names: expect.arrayContaining(['expand']) }) as unknown }]);
    const list = operation(artifact, 'listTickets').list!;
    expect([list.parameters.limit, list.parameters.cursor, list.paging, list.filters]).toEqual(['per_page', 'after', 'cursor', []]);
    expect(operation(artifact, 'escalateTicket').action?.targetState).toBe('escalated');
    expect(operation(artifact, 'escalateTicket').links).toEqual(['ticketId']);
    expect(operation(artifact, 'deleteTicket').acknowledges).toEqual(['ok']);
    // In the order of the operations in the artifact.
    expect(outcome.warnings.map((w) => [w.operation, w.location])).toEqual([
      ['listTickets', `${LIST}.write`],
      ['listTickets', `${LIST}.list.parameters.size`],
      ['listTickets', `${LIST}.list.parameters.cursor`],
      ['listTickets', `${LIST}.list.paging`],
      ['listTickets', `${LIST}.list.filters[0].field`],
      ['replaceTicket', `${PUT}.readOnly`],
      ['replaceTicket', `${PUT}.behaviour`],
      ['replaceTicket', `${PUT}.resource`],
      ['replaceTicket', `${PUT}.path`],
      ['replaceTicket', `${PUT}.write.put`],
      ['replaceTicket', `${PUT}.write.createsMissing`],
      ['replaceTicket', `${PUT}.list`],
      ['deleteTicket', 'paths./tickets/{ticketId}.delete.x-simplane-behaviour.acknowledges[0]'],
      ['updateTicket', 'paths./tickets/{ticketId}.patch.x-simplane-behaviour'],
      ['escalateTicket', 'paths./tickets/{ticketId}/escalate.post.x-simplane-behaviour.action'],
      ['escalateTicket', 'paths./tickets/{ticketId}/escalate.post.x-simplane-behaviour.acknowledges'],
      ['escalateTicket', 'paths./tickets/{ticketId}/escalate.post.x-simplane-behaviour.links[1]'],
    ]);
    expect(outcome.warnings.every((w) => w.code === 'behaviour_override_invalid')).toBe(true);
    expect(outcome.warnings[5]?.message).toBe('The behaviour override gives `readOnly`, which is proven from the method and the document and cannot be overridden; it is left out.');
    expect(outcome.warnings[2]?.message).toBe("The behaviour override names `page_token` in `list.parameters.cursor`, which is neither a query parameter of listTickets nor a field of its body; it is left out.");
  });
});

describe('a linkedBy override', () => {
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const ok = (schema: unknown, status = '200') => ({ [status]: { description: 'ok', ...json(schema) } });
  const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
  const board = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } };
  const card = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, boardId: { type: 'string' }, board_ref: { type: 'string' } } };
  const CARDS = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Cards', version: '1' },
    paths: {
      '/boards': { post: { operationId: 'createBoard', requestBody: json(board), responses: ok(board, '201') } },
      '/boards/{boardId}': { get: { operationId: 'getBoard', parameters: [param('boardId')], responses: ok(board) } },
      '/boards/{boardId}/cards': { get: { operationId: 'getBoardCards', parameters: [param('boardId')], responses: ok({ type: 'array', items: card }) } },
      '/cards': { post: { operationId: 'createCard', requestBody: json(card), responses: ok(card, '201') } },
      '/cards/{id}': { get: { operationId: 'getCard', parameters: [param('id')], responses: ok(card) } },
    },
  });
  const AT = "$.paths['/boards/{boardId}/cards'].get";
  const WHERE = 'paths./boards/{boardId}/cards.get.x-simplane-behaviour.linkedBy';

  it('replaces the field a nested list finds its records by, and drops each entry it cannot use with a warning', async () => {
    expect(operation((await compileArtifact(CARDS)).artifact, 'getBoardCards').linkedBy).toEqual([{ parameter: 'boardId', field: 'boardId', many: false }]);
    const { artifact, outcome } = await compileArtifact(CARDS, {
      overlays: [overlay([on(AT, { linkedBy: [{ parameter: 'boardId', field: 'board_ref' }, { parameter: 'listId', field: 'boardId' }, { parameter: 'boardId', field: 'nowhere', many: 'yes' }] })])],
    });
    expect(operation(artifact, 'getBoardCards').linkedBy).toEqual([{ parameter: 'boardId', field: 'board_ref', many: false }]);
    expect(outcome.warnings.map((w) => [w.code, w.location])).toEqual([
      ['behaviour_override_invalid', `${WHERE}[1].parameter`],
      ['behaviour_override_invalid', `${WHERE}[2].parameter`],
    ]);
    const refused = await compileArtifact(CARDS, { overlays: [overlay([on("$.paths['/cards'].post", { linkedBy: [] })])] });
    expect(refused.outcome.warnings.map((w) => [w.code, w.location])).toEqual([['behaviour_override_invalid', 'paths./cards.post.x-simplane-behaviour.linkedBy']]);
  });
});
