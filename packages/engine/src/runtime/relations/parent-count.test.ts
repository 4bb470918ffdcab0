import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimCall } from '../../testing/sim-client.js';

type Rec = Record<string, unknown>;

const post = {
  type: 'object',
  required: ['id', 'title', 'comment_count', 'likes', 'updated_at'],
  properties: { id: { type: 'integer' }, title: { type: 'string' }, comment_count: { type: 'integer', minimum: 0 }, likes: { type: 'integer' }, updated_at: { type: 'string', format: 'date-time' } },
};
const comment = { type: 'object', required: ['id', 'body'], properties: { id: { type: 'integer' }, body: { type: 'string' } } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const postId = { name: 'postId', in: 'path', required: true, schema: { type: 'integer' } };
const commentId = { name: 'commentId', in: 'path', required: true, schema: { type: 'integer' } };

const document = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Blog', version: '1' },
  paths: {
    '/posts': { post: { operationId: 'createPost', requestBody: json({ type: 'object', properties: { title: { type: 'string' } } }), responses: { '201': { description: 'ok', ...json(post) } } } },
    '/posts/{postId}': { get: { operationId: 'readPost', parameters: [postId], responses: { '200': { description: 'ok', ...json(post) } } } },
    '/posts/{postId}/comments': {
      post: { operationId: 'createComment', parameters: [postId], requestBody: json({ type: 'object', properties: { body: { type: 'string' } } }), responses: { '201': { description: 'ok', ...json(comment) } } },
      get: { operationId: 'listComments', parameters: [postId], responses: { '200': { description: 'ok', ...json({ type: 'array', items: comment }) } } },
    },
    '/posts/{postId}/comments/{commentId}': {
      get: { operationId: 'readComment', parameters: [postId, commentId], responses: { '200': { description: 'ok', ...json(comment) } } },
      delete: { operationId: 'deleteComment', parameters: [postId, commentId], responses: { '204': { description: 'gone' } } },
    },
  },
});

describe("a parent's count of its nested records", () => {
  it('moves with each record created under it and each deleted, and not for another parent', async () => {
    const { artifact } = await compileArtifact(document);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    const call = (c: SimCall): Rec => {
      const answer = client.call(c);
      expect(answer.status).toBeLessThan(300);
      expect(checker.problem(answer)).toBeNull();
      return (answer.json ?? {}) as Rec;
    };
    const first = call({ method: 'POST', path: '/posts', body: { title: 'Hello' } });
    const second = call({ method: 'POST', path: '/posts', body: { title: 'Again' } });
    expect(first).toMatchObject({ comment_count: 0, likes: 0 });
    const comments = [1, 2, 3].map((n) => call({ method: 'POST', path: `/posts/${String(first.id)}/comments`, body: { body: `c${n}` } }));
    call({ method: 'POST', path: `/posts/${String(second.id)}/comments`, body: { body: 'other' } });
    // Each write is a step a second later on the Simulation's clock: the post was updated by its last comment.
    expect(call({ method: 'GET', path: `/posts/${String(first.id)}` })).toMatchObject({ comment_count: 3, likes: 0, updated_at: '2024-01-01T00:00:05.000Z' });
    expect(second.updated_at).toBe('2024-01-01T00:00:02.000Z');
    call({ method: 'DELETE', path: `/posts/${String(first.id)}/comments/${String(comments[0]!.id)}` });
    expect(call({ method: 'GET', path: `/posts/${String(first.id)}` })).toMatchObject({ comment_count: 2 });
    expect(call({ method: 'GET', path: `/posts/${String(second.id)}` })).toMatchObject({ comment_count: 1 });
  });
});

describe('where the count is kept (RecordPlan.countedIn)', () => {
  it('is decided at build time, shown in the plan, and switched off by an override', async () => {
    const { artifact } = await compileArtifact(document);
    expect(artifact.resources.find((r) => r.name === 'posts.comments')?.records?.countedIn).toEqual({ parent: 'posts', parameter: 'postId', field: 'comment_count' });
    // The comment as a named schema, where an override on the item schema is written.
    const named = document.replaceAll(JSON.stringify(comment), JSON.stringify({ $ref: '#/components/schemas/Comment' })).replace(/}$/, `,"components":{"schemas":{"Comment":${JSON.stringify(comment)}}}}`);
    const overlay = JSON.stringify({
      overlay: '1.0.0',
      info: { title: 'no counting', version: '1' },
      actions: [{ target: '$.components.schemas.Comment', update: { 'x-simplane-behaviour': { records: { countedIn: null } } } }],
    });
    expect((await compileArtifact(named)).artifact.resources.find((r) => r.name === 'posts.comments')?.records?.countedIn).not.toBeNull();
    const corrected = await compileArtifact(named, { overlays: [new TextEncoder().encode(overlay)] });
    expect(corrected.outcome.warnings).toEqual([]);
    expect(corrected.artifact.resources.find((r) => r.name === 'posts.comments')?.records?.countedIn).toBeNull();
    const client = await SimClient.open(corrected.artifact, { sampleRecords: 0 });
    const id = (client.call({ method: 'POST', path: '/posts', body: { title: 'quiet' } }).json as { id: number }).id;
    client.call({ method: 'POST', path: `/posts/${id}/comments`, body: { body: 'first' } });
    expect(client.call({ method: 'GET', path: `/posts/${id}` }).json).toMatchObject({ comment_count: 0 });
  });
});
