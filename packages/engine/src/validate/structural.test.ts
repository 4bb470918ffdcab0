import { describe, expect, it } from 'vitest';
import { compile } from '../testing/fixtures.js';

async function issuesOf(doc: unknown) {
  const outcome = await compile(JSON.stringify(doc));
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.validation?.issues ?? [];
}

const info = { title: 't', version: '1' };

describe('structural validation', () => {
  it('names the missing field and where it is, without oneOf noise', async () => {
    const issues = await issuesOf({ openapi: '3.0.3', info, paths: { '/pets': { get: { operationId: 'listPets', responses: { '200': {} } } } } });
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'structure_required',
        kind: 'incomplete',
        operation: 'listPets',
        location: 'paths./pets.get.responses.200',
        message: expect.stringContaining('`description`'),
      }),
    ]);
  });

  it('reports unknown fields and wrong types with readable locations', async () => {
    const issues = await issuesOf({ openapi: '3.0.3', info: { ...info, colour: 'red' }, paths: { '/a': { get: { parameters: 'none', responses: { '200': { description: 'ok' } } } } } });
    expect(issues.map((i) => [i.code, i.location])).toEqual(
      expect.arrayContaining([
        ['structure_unknown_field', 'info.colour'],
        ['structure_type', 'paths./a.get.parameters'],
      ]),
    );
    expect(issues.find((i) => i.location === 'paths./a.get.parameters')?.operation).toBe('GET /a');
  });

  it('tells array indices from numeric keys', async () => {
    const issues = await issuesOf({ openapi: '3.0.3', info, paths: { '/a': { get: { parameters: [{ name: 'q', in: 'body' }], responses: { '200': { description: 'ok' } } } } } });
    expect(issues.some((i) => i.location.startsWith('paths./a.get.parameters[0]'))).toBe(true);
  });

  it('reports the mistake of the alternative the author meant, not of every oneOf branch', async () => {
    const parameters = [{ name: 'q', in: 'query', type: 'strin' }, { name: 'b', in: 'body' }];
    const issues = await issuesOf({ swagger: '2.0', info, paths: { '/a': { get: { parameters, responses: { '200': { description: 'ok' } } } } } });
    expect(issues.map((i) => [i.code, i.location])).toEqual([
      ['structure_value', 'paths./a.get.parameters[0].type'],
      ['structure_required', 'paths./a.get.parameters[1]'],
    ]);
    const wrongIn = await issuesOf({ openapi: '3.0.3', info, paths: { '/a': { get: { parameters: [{ name: 'q', in: 'body', schema: {} }], responses: { '200': { description: 'ok' } } } } } });
    expect(wrongIn).toEqual([expect.objectContaining({ location: 'paths./a.get.parameters[0].in', message: expect.stringContaining('"path","query","header","cookie"') })]);
  });

  it('validates 2.0 and 3.1 documents against their own schemas', async () => {
    const swagger = await issuesOf({ swagger: '2.0', info, paths: { '/a': { get: { responses: { '200': {} } } } } });
    expect(swagger[0]).toMatchObject({ code: 'structure_required', location: 'paths./a.get.responses.200' });
    const v31 = await issuesOf({ openapi: '3.1.0', info: { title: 't' }, paths: {} });
    expect(v31[0]).toMatchObject({ code: 'structure_required', location: 'info' });
  });

  it('keeps at most 20 issues and says how many there were', async () => {
    const paths = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/p${i}`, { get: { responses: { '200': {} } } }]));
    const outcome = await compile(JSON.stringify({ openapi: '3.0.3', info, paths }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.validation?.issues).toHaveLength(20);
    expect(outcome.detail).toMatch(/30 issues \(20 of 30 listed\)/);
    expect(new TextEncoder().encode(outcome.agentMessage ?? '').byteLength).toBeLessThanOrEqual(4096);
  });

  it('clips long operation names and locations to the SPEC limits', async () => {
    const long = `/${'x'.repeat(600)}`;
    const issues = await issuesOf({ openapi: '3.0.3', info, paths: { [long]: { get: { operationId: 'o'.repeat(300), responses: { '200': {} } } } } });
    expect(issues[0]?.operation.length).toBeLessThanOrEqual(243);
    expect(issues[0]?.location.length).toBeLessThanOrEqual(512);
  });
});
