import { describe, expect, it } from 'vitest';
import { compile, compileArtifact, fixture } from '../testing/fixtures.js';

describe('operation filters', () => {
  it('keeps operations whose operationId matches any filter', async () => {
    const { artifact, outcome } = await compileArtifact(fixture('shop-3.1.json'), { filter: ['^listUser', 'Order$'] });
    expect(outcome.operations.map((o) => o.operation)).toEqual(['listUsers', 'listUserOrders', 'createUserOrder', 'getUserOrder', 'updateUserOrder', 'cancelUserOrder']);
    expect(artifact.operations).toHaveLength(6);
    // Resources are inferred from what was kept: no user item path, so no read of users.
    expect(artifact.resources.find((r) => r.name === 'users')?.operations).toEqual({ list: 'listUsers' });
  });

  it('matches METHOD /path for operations without an operationId', async () => {
    const doc = JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok' } } }, post: { responses: { '201': { description: 'ok' } } } } } });
    const { outcome } = await compileArtifact(doc, { filter: ['^GET '] });
    expect(outcome.operations.map((o) => o.operation)).toEqual(['GET /a']);
  });

  it('refuses invalid and over-long filters', async () => {
    const outcome = await compile(fixture('shop-3.1.json'), { filter: ['(unclosed', 'ok', 'a'.repeat(257)] });
    expect(outcome.ok ? [] : outcome.validation?.issues.map((i) => [i.code, i.location])).toEqual([
      ['filter_invalid', 'filter[0]'],
      ['filter_invalid', 'filter[2]'],
    ]);
  });

  it('matches in time linear in the operation ID, and refuses what that cannot run', async () => {
    const id = `${'a'.repeat(48)}!`;
    const doc = JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { get: { operationId: id, responses: { '200': { description: 'ok' } } } }, '/b': { get: { operationId: 'keep', responses: { '200': { description: 'ok' } } } } } });
    // A backtracking engine takes 2^48 steps to find that the first ID does not match.
    const { outcome } = await compileArtifact(doc, { filter: ['^(a|a)+$', '^kee'] });
    expect(outcome.operations.map((o) => o.operation)).toEqual(['keep']);
    const refused = await compile(doc, { filter: ['^(?!a)', 'ok'] });
    expect(refused.ok ? [] : refused.validation?.issues.map((i) => [i.code, i.location, i.message])).toEqual([
      ['filter_invalid', 'filter[0]', expect.stringContaining('lookaround')],
    ]);
  });

  it('refuses a filter that leaves nothing', async () => {
    const outcome = await compile(fixture('shop-3.1.json'), { filter: ['^nothingMatches$'] });
    expect(outcome.ok ? [] : outcome.validation?.issues).toEqual([expect.objectContaining({ code: 'no_operations', location: 'filter', message: expect.stringContaining('12 operations') })]);
  });
});
