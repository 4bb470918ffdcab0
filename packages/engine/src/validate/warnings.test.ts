import { describe, expect, it } from 'vitest';
import { matchRequest } from '../artifact/route-index.js';
import { compileArtifact } from '../testing/fixtures.js';

const info = { title: 't', version: '1' };
const ok = { '200': { description: 'ok' } };
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

describe('survivable problems become warnings', () => {
  it('equivalent templates: the first answers', async () => {
    const doc = { openapi: '3.0.3', info, paths: { '/pets/{id}': { get: { operationId: 'first', parameters: [id('id')], responses: ok } }, '/pets/{petId}': { get: { operationId: 'second', parameters: [id('petId')], responses: ok }, delete: { operationId: 'remove', parameters: [id('petId')], responses: ok } } } };
    const { artifact, outcome } = await compileArtifact(JSON.stringify(doc));
    expect(outcome.warnings).toEqual([expect.objectContaining({ code: 'path_equivalent', operation: 'second' })]);
    expect(matchRequest(artifact, 'GET', '/pets/1')).toEqual({ operation: 'first', params: { id: '1' } });
    expect(matchRequest(artifact, 'DELETE', '/pets/1')).toEqual({ operation: 'remove', params: { petId: '1' } });
  });

  it('callbacks, unreadable server URLs and tsv parameters', async () => {
    const doc = {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'http://[::1' }, { url: '/api/{version}', variables: { version: { default: 'v4' } } }],
      paths: { '/hooks': { post: { operationId: 'subscribe', callbacks: { onEvent: { '{$request.body#/url}': { post: { responses: ok } } } }, responses: ok } } },
    };
    const { artifact, outcome } = await compileArtifact(JSON.stringify(doc));
    expect(outcome.warnings.map((w) => w.code).sort()).toEqual(['callbacks_ignored', 'server_url_invalid']);
    expect(artifact.basePaths).toEqual(['/api/v4']);
    const swagger = { swagger: '2.0', info, paths: { '/a': { get: { parameters: [{ name: 'ids', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'tsv' }], responses: ok } } } };
    const built = await compileArtifact(JSON.stringify(swagger));
    expect(built.outcome.warnings.map((w) => w.code)).toEqual(['parameter_style_unsupported']);
    expect(built.artifact.operations[0]?.parameters[0]).toMatchObject({ style: 'form', explode: false });
  });

  it('keeps at most 40 warnings', async () => {
    const paths = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`/p${i}`, { get: { responses: { '404': { description: 'missing' } } } }]));
    const { outcome } = await compileArtifact(JSON.stringify({ openapi: '3.0.3', info, paths }));
    expect(outcome.warnings).toHaveLength(40);
  });
});
