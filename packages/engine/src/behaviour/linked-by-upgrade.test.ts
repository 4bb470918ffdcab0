import { describe, expect, it } from 'vitest';
import { readArtifact } from '../artifact/build-artifact.js';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ok = (schema: unknown, status = '200') => ({ [status]: { description: 'ok', ...json(schema) } });
const param = { name: 'postId', in: 'path', required: true, schema: { type: 'integer' } };
const post = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' } } };
const comment = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, post_id: { type: 'integer' }, post: { type: 'integer' }, body: { type: 'string' } } };
const BLOG = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Blog', version: '1' },
  paths: {
    '/posts': { post: { operationId: 'createPost', requestBody: json(post), responses: ok(post, '201') } },
    '/posts/{postId}': { get: { operationId: 'getPost', parameters: [param], responses: ok(post) } },
    '/posts/{postId}/comments': {
      parameters: [param],
      post: { operationId: 'createPostComment', requestBody: json(comment), responses: ok(comment, '201') },
      get: { operationId: 'listPostComments', responses: ok({ type: 'array', items: comment }) },
    },
    '/comments': { post: { operationId: 'createComment', requestBody: json(comment), responses: ok(comment, '201') } },
    '/comments/{id}': { get: { operationId: 'getComment', parameters: [{ ...param, name: 'id' }], responses: ok(comment) } },
  },
});

describe('an artifact built before lists kept their linked fields', () => {
  it('is given, when read, the field its engine matched each request by: the one named as the parameter', async () => {
    const { artifact } = await compileArtifact(BLOG);
    const built = artifact.operations.find((op) => op.id === 'listPostComments')!;
    expect(built.linkedBy).toEqual([{ parameter: 'postId', field: 'post_id', many: false }]);
    // The same artifact as an older compiler wrote it, without the field; `post` is left alone as that engine left it.
    const older = { ...artifact, operations: artifact.operations.map(({ linkedBy: _dropped, ...op }) => op) };
    const read = readArtifact(bytes(JSON.stringify(older)));
    expect(read.operations.find((op) => op.id === 'listPostComments')!.linkedBy).toEqual([{ parameter: 'postId', field: 'post_id', many: false }]);
    expect(read.operations.find((op) => op.id === 'createPostComment')!.linkedBy).toBeUndefined();
    const client = await SimClient.open(read, { sampleRecords: 0 });
    const headers = { 'content-type': 'application/json' };
    for (const title of ['a', 'b']) client.call({ method: 'POST', path: '/posts', body: { title }, headers });
    client.call({ method: 'POST', path: '/comments', body: { post_id: 2, post: 1, body: 'on b' }, headers });
    expect(client.call({ method: 'GET', path: '/posts/2/comments', headers }).json).toMatchObject([{ body: 'on b' }]);
    expect(client.call({ method: 'GET', path: '/posts/1/comments', headers }).json).toEqual([]);
  });
});
