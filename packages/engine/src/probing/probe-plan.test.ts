import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
import { TICKETS } from '../testing/tickets-document.js';
import { firstProbes, listedRecords, readProbes } from './probe-plan.js';

const doc = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) =>
  JSON.stringify({ openapi: '3.0.3', info: { title: 'probed', version: '1' }, paths, components: { schemas } });

const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });

describe('what a credential-backed build asks the real system', () => {
  it('is first the first page of each top-level list, then reads of the ids it answered', async () => {
    const { artifact } = await compileArtifact(TICKETS);
    const first = firstProbes(artifact.operations, artifact.resources);
    expect(first).toEqual([{ operation: 'listTickets', method: 'GET', path: '/tickets', purpose: 'list', resource: 'tickets' }]);
    const list = artifact.operations.find((op) => op.id === 'listTickets')!.list!;
    const records = listedRecords(list, { data: [{ id: 'T-1' }, { id: 'T-2' }, { id: 'T-2' }, { id: 'T-3' }, { id: 'T-4' }] });
    const tickets = artifact.resources.find((resource) => resource.name === 'tickets')!;
    expect(readProbes(artifact.operations, tickets, records).map((probe) => [probe.operation, probe.path, probe.purpose])).toEqual([
      ['getTicket', '/tickets/T-1', 'read'],
      ['getTicket', '/tickets/T-2', 'read'],
      ['getTicket', '/tickets/T-3', 'read'],
    ]);
  });

  it('never holds a write, an operation that can change state, or a call named in its path', async () => {
    const { artifact } = await compileArtifact(TICKETS);
    const asked = new Set(firstProbes(artifact.operations, artifact.resources).map((probe) => probe.operation));
    for (const op of artifact.operations) if (asked.has(op.id)) expect([op.method, op.readOnly]).toEqual(['GET', true]);
  });

  it('fills a required query parameter only from what the document gives, asks reads of no resource, and escapes ids', async () => {
    const item = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
    const { artifact } = await compileArtifact(
      doc({
        '/widgets': { get: { operationId: 'listWidgets', parameters: [{ name: 'version', in: 'query', required: true, schema: { type: 'string', enum: ['2024-01'] } }], responses: ok({ type: 'array', items: { $ref: '#/components/schemas/Widget' } }) } },
        '/widgets/{id}': { get: { operationId: 'getWidget', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok({ $ref: '#/components/schemas/Widget' }) } },
        '/gadgets': { get: { operationId: 'listGadgets', parameters: [{ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }], responses: ok({ type: 'array', items: item }) } },
        '/account': { get: { operationId: 'getAccount', responses: ok({ type: 'object', properties: { plan: { type: 'string' } } }) } },
        '/settings': {
          get: { operationId: 'getSettings', responses: ok({ $ref: '#/components/schemas/Settings' }) },
          put: { operationId: 'putSettings', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Settings' } } } }, responses: ok({ $ref: '#/components/schemas/Settings' }) },
        },
      }, { Widget: item, Settings: { type: 'object', properties: { theme: { type: 'string' } } } }),
    );
    const first = firstProbes(artifact.operations, artifact.resources);
    expect(first.map((probe) => [probe.operation, probe.path, probe.purpose])).toEqual([
      ['listWidgets', '/widgets?version=2024-01', 'list'],
      ['getAccount', '/account', 'answer'],
      ['getSettings', '/settings', 'singleton'],
    ]);
    const widgets = artifact.resources.find((resource) => resource.name === 'widgets')!;
    expect(readProbes(artifact.operations, widgets, [{ id: 'a/b c' }, { name: 'no id' }]).map((probe) => probe.path)).toEqual(['/widgets/a%2Fb%20c']);
  });
});
