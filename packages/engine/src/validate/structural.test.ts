import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';

/** Structural slips never fail a build: they come back as warnings of a ready build. */
async function issuesOf(doc: unknown) {
  const { outcome } = await compileArtifact(JSON.stringify(doc));
  return outcome.warnings;
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
    const v31 = await issuesOf({ openapi: '3.1.0', info: { title: 't' }, paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } });
    expect(v31[0]).toMatchObject({ code: 'structure_required', location: 'info', message: expect.stringContaining('`version`') });
  });

  it('keeps at most 40 of them, in the order they were found', async () => {
    const paths = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`/p${i}`, { get: { responses: { '200': {} } } }]));
    const { outcome } = await compileArtifact(JSON.stringify({ openapi: '3.0.3', info, paths }));
    expect(outcome.warnings).toHaveLength(40);
    expect(outcome.warnings.every((w) => w.code === 'structure_required')).toBe(true);
    const again = await compileArtifact(JSON.stringify({ openapi: '3.0.3', info, paths }));
    expect(again.outcome.warnings).toEqual(outcome.warnings);
  });

  it('clips long operation names and locations to the SPEC limits', async () => {
    const long = `/${'x'.repeat(600)}`;
    const issues = await issuesOf({ openapi: '3.0.3', info, paths: { [long]: { get: { operationId: 'o'.repeat(300), responses: { '200': {} } } } } });
    expect(issues[0]?.operation.length).toBeLessThanOrEqual(243);
    expect(issues[0]?.location.length).toBeLessThanOrEqual(512);
  });
});
