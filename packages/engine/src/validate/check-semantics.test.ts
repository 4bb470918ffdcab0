import { describe, expect, it } from 'vitest';
import { compile, compileArtifact } from '../testing/fixtures.js';

const info = { title: 't', version: '1' };
const ok = { '200': { description: 'ok' } };

describe('semantic checks', () => {
  it('refuses duplicate operationIds, naming both operations', async () => {
    const outcome = await compile(JSON.stringify({ openapi: '3.0.3', info, paths: { '/a': { get: { operationId: 'same', responses: ok } }, '/b': { post: { operationId: 'same', responses: ok } } } }));
    expect(outcome.ok ? [] : outcome.validation?.issues).toEqual([
      expect.objectContaining({ code: 'operation_id_duplicate', operation: 'same', location: 'paths./b.post.operationId', message: expect.stringContaining('GET /a and POST /b') }),
    ]);
  });

  it('warns about path templates with undeclared parameters, reading each as a required string', async () => {
    const { outcome, artifact } = await compileArtifact(JSON.stringify({ openapi: '3.0.3', info, paths: { '/pets/{petId}': { get: { responses: ok } } } }));
    expect(outcome.warnings).toEqual([
      expect.objectContaining({ code: 'path_parameter_undeclared', kind: 'incomplete', operation: 'GET /pets/{petId}', location: 'paths./pets/{petId}.get', message: expect.stringMatching(/\{petId\}.*read as a required string/) }),
    ]);
    expect(artifact.operations[0]?.parameters).toEqual([{ name: 'petId', in: 'path', required: true, schema: { type: 'string' }, style: 'simple', explode: false }]);
  });

  it('warns about declared path parameters the template does not use', async () => {
    const doc = { openapi: '3.0.3', info, paths: { '/pets': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } } } };
    const { outcome } = await compileArtifact(JSON.stringify(doc));
    expect(outcome.warnings.map((w) => w.code)).toEqual(['path_parameter_unused']);
  });

  it('refuses a document without operations', async () => {
    const outcome = await compile(JSON.stringify({ openapi: '3.1.0', info, paths: {} }));
    expect(outcome.ok ? [] : outcome.validation?.issues.map((i) => i.code)).toEqual(['no_operations']);
  });
});
