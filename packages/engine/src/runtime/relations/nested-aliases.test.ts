import { describe, expect, it } from 'vitest';
import { checkedClient } from './test-checked-client.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ok = (schema: unknown, status = '200') => ({ [status]: { description: 'ok', ...json(schema) } });
const param = (name: string, type = 'string') => ({ name, in: 'path', required: true, schema: { type } });

/** GitHub's manner: a comment is created and listed under its issue, and read, edited and deleted by its id under the repository. */
const github = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Issues', version: '1' },
  components: {
    schemas: {
      issue: { type: 'object', properties: { number: { type: 'integer', readOnly: true }, title: { type: 'string' } } },
      comment: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, body: { type: 'string' } } },
    },
  },
  paths: {
    '/repos/{owner}/{repo}/issues': {
      parameters: [param('owner'), param('repo')],
      post: { operationId: 'createIssue', requestBody: json({ $ref: '#/components/schemas/issue' }), responses: ok({ $ref: '#/components/schemas/issue' }, '201') },
    },
    '/repos/{owner}/{repo}/issues/{issue_number}': {
      parameters: [param('owner'), param('repo'), param('issue_number', 'integer')],
      get: { operationId: 'getIssue', responses: ok({ $ref: '#/components/schemas/issue' }) },
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/comments': {
      parameters: [param('owner'), param('repo'), param('issue_number', 'integer')],
      post: { operationId: 'createComment', requestBody: json({ type: 'object', properties: { body: { type: 'string' } }, required: ['body'] }), responses: ok({ $ref: '#/components/schemas/comment' }, '201') },
      get: { operationId: 'listComments', responses: ok({ type: 'array', items: { $ref: '#/components/schemas/comment' } }) },
    },
    '/repos/{owner}/{repo}/issues/comments': {
      parameters: [param('owner'), param('repo')],
      get: { operationId: 'listCommentsForRepo', responses: ok({ type: 'array', items: { $ref: '#/components/schemas/comment' } }) },
    },
    '/repos/{owner}/{repo}/issues/comments/{comment_id}': {
      parameters: [param('owner'), param('repo'), param('comment_id', 'integer')],
      get: { operationId: 'getComment', responses: ok({ $ref: '#/components/schemas/comment' }) },
      patch: { operationId: 'updateComment', requestBody: json({ type: 'object', properties: { body: { type: 'string' } } }), responses: ok({ $ref: '#/components/schemas/comment' }) },
      delete: { operationId: 'deleteComment', responses: { '204': { description: 'gone' } } },
    },
  },
});

const open = checkedClient;

describe("a parent's count of records created under one route and deleted under another", () => {
  it("moves GitHub's issue comments count with comments made under the issue and deleted under the repository", async () => {
    const counted = github.replace('"number":{"type":"integer","readOnly":true},"title":{"type":"string"}}', '"number":{"type":"integer","readOnly":true},"title":{"type":"string"},"comments":{"type":"integer"}},"required":["comments"]');
    expect(counted).not.toBe(github);
    const { call } = await open(counted);
    const issue = call({ method: 'POST', path: '/repos/o/r/issues', body: { title: 'Bug', comments: 0 } }).json as { number: number; comments: number };
    expect(issue).toMatchObject({ comments: 0 });
    const made = [1, 2].map(() => call({ method: 'POST', path: `/repos/o/r/issues/${issue.number}/comments`, body: { body: 'Looking' } }).json as { id: number });
    expect(call({ method: 'GET', path: `/repos/o/r/issues/${issue.number}` }).json).toMatchObject({ comments: 2 });
    expect(call({ method: 'DELETE', path: `/repos/o/r/issues/comments/${made[0]!.id}` }).status).toBe(204);
    expect(call({ method: 'GET', path: `/repos/o/r/issues/${issue.number}` }).json).toMatchObject({ comments: 1 });
  });
});

describe('a record created under one route and read under another', () => {
  it('is one record: created and listed under its issue, read, edited and deleted by its id under the repository', async () => {
    const { artifact, call } = await open(github);
    const comments = artifact.resources.filter((r) => r.name.includes('comments'));
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ itemPath: '/repos/{owner}/{repo}/issues/comments/{comment_id}', scopeParameters: ['owner', 'repo'] });
    expect(artifact.operations.find((op) => op.id === 'createComment')).toMatchObject({ resource: comments[0]!.name, links: ['issue_number'] });
    for (const title of ['one', 'two']) expect(call({ method: 'POST', path: '/repos/acme/web/issues', body: { title } }).status).toBe(201);
    const first = call({ method: 'POST', path: '/repos/acme/web/issues/1/comments', body: { body: 'on one' } }).json as { id: number };
    const second = call({ method: 'POST', path: '/repos/acme/web/issues/2/comments', body: { body: 'on two' } }).json as { id: number };
    expect(call({ method: 'GET', path: `/repos/acme/web/issues/comments/${second.id}` }).json).toEqual({ id: second.id, body: 'on two' });
    expect(call({ method: 'PATCH', path: `/repos/acme/web/issues/comments/${second.id}`, body: { body: 'edited' } }).status).toBe(200);
    const bodies = (path: string) => (call({ method: 'GET', path }).json as Array<{ body: string }>).map((c) => c.body);
    expect(bodies('/repos/acme/web/issues/1/comments')).toEqual(['on one']);
    expect(bodies('/repos/acme/web/issues/2/comments')).toEqual(['edited']);
    expect(bodies('/repos/acme/web/issues/comments')).toEqual(['on one', 'edited']);
    expect(call({ method: 'DELETE', path: `/repos/acme/web/issues/comments/${first.id}` }).status).toBe(204);
    expect(bodies('/repos/acme/web/issues/1/comments')).toEqual([]);
    // The issue a comment is made on must exist; a comment is its repository's.
    expect(call({ method: 'POST', path: '/repos/acme/web/issues/9/comments', body: { body: 'nowhere' } }).status).toBe(404);
    expect(call({ method: 'GET', path: `/repos/acme/other/issues/comments/${second.id}` }).status).toBe(404);
  });

  it('lists, under its parent, the records whose field names the parent, whichever route made them (JSONPlaceholder)', async () => {
    const post = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' } } };
    const comment = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, postId: { type: 'integer' }, body: { type: 'string' } } };
    const { artifact, call } = await open(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Posts', version: '1' },
        paths: {
          '/posts': { post: { operationId: 'createPost', requestBody: json(post), responses: ok(post, '201') } },
          '/posts/{postId}': { get: { operationId: 'getPost', parameters: [param('postId', 'integer')], responses: ok(post) } },
          '/posts/{postId}/comments': {
            parameters: [param('postId', 'integer')],
            post: { operationId: 'createPostComment', requestBody: json(comment), responses: ok(comment, '201') },
            get: { operationId: 'listPostComments', responses: ok({ type: 'array', items: comment }) },
          },
          '/comments': { post: { operationId: 'createComment', requestBody: json(comment), responses: ok(comment, '201') } },
          '/comments/{id}': { get: { operationId: 'getComment', parameters: [param('id', 'integer')], responses: ok(comment) } },
        },
      }),
    );
    expect(artifact.resources.map((r) => r.name).sort()).toEqual(['comments', 'posts']);
    for (const title of ['a', 'b']) call({ method: 'POST', path: '/posts', body: { title } });
    const nested = call({ method: 'POST', path: '/posts/1/comments', body: { body: 'nested' } }).json as { id: number; postId: number };
    expect(nested.postId).toBe(1);
    call({ method: 'POST', path: '/comments', body: { postId: 2, body: 'flat' } });
    expect(call({ method: 'GET', path: `/comments/${nested.id}` }).json).toMatchObject({ body: 'nested', postId: 1 });
    const bodies = (path: string) => (call({ method: 'GET', path }).json as Array<{ body: string }>).map((c) => c.body);
    expect(bodies('/posts/1/comments')).toEqual(['nested']);
    expect(bodies('/posts/2/comments')).toEqual(['flat']);
  });
});

describe('a record created under the caller and read by its id alone (Zoom)', () => {
  it('is created under /users/me, read, edited and deleted at /meetings/{id}, and listed under the user', async () => {
    const meeting = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, topic: { type: 'string' }, duration: { type: 'integer' } } };
    const details = { type: 'object', properties: { ...meeting.properties, agenda: { type: 'string' }, host_id: { type: 'string' } } };
    const user = { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' } }, required: ['id', 'email'] };
    const { artifact, call } = await open(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Meetings', version: '2' },
        paths: {
          '/users': { post: { operationId: 'userCreate', requestBody: json(user), responses: ok(user, '201') } },
          '/users/{userId}': { get: { operationId: 'user', parameters: [param('userId')], responses: ok(user) } },
          '/users/{userId}/meetings': {
            parameters: [param('userId')],
            post: { operationId: 'meetingCreate', requestBody: json(meeting), responses: ok(meeting, '201') },
            get: { operationId: 'meetings', responses: ok({ type: 'object', properties: { meetings: { type: 'array', items: meeting } } }) },
          },
          '/meetings/{meetingId}': {
            parameters: [param('meetingId', 'integer')],
            get: { operationId: 'meeting', responses: ok(details) },
            patch: { operationId: 'meetingUpdate', requestBody: json(meeting), responses: { '204': { description: 'updated' } } },
            delete: { operationId: 'meetingDelete', responses: { '204': { description: 'gone' } } },
          },
        },
      }),
    );
    expect(artifact.resources.map((r) => r.name).sort()).toEqual(['meetings', 'users']);
    // `me` is the caller's own account, which exists without being created, and reads with an id of its own.
    const me = call({ method: 'GET', path: '/users/me' });
    expect(me.status).toBe(200);
    expect((me.json as { id: string }).id).not.toBe('me');
    expect(call({ method: 'GET', path: '/users/someone-else' }).status).toBe(404);
    const made = call({ method: 'POST', path: '/users/me/meetings', body: { topic: 'Standup', duration: 30 } }).json as { id: number };
    expect(call({ method: 'GET', path: `/meetings/${made.id}` }).json).toMatchObject({ id: made.id, topic: 'Standup' });
    expect(call({ method: 'PATCH', path: `/meetings/${made.id}`, body: { topic: 'Daily' } }).status).toBe(204);
    expect((call({ method: 'GET', path: '/users/me/meetings' }).json as { meetings: Array<{ topic: string }> }).meetings.map((m) => m.topic)).toEqual(['Daily']);
    expect(call({ method: 'POST', path: '/users/nobody/meetings', body: { topic: 'x' } }).status).toBe(404);
    expect(call({ method: 'DELETE', path: `/meetings/${made.id}` }).status).toBe(204);
    expect(call({ method: 'GET', path: `/meetings/${made.id}` }).status).toBe(404);
  });
});

describe('a parent no client can create (Spotify\'s users)', () => {
  it('is taken to exist, so a playlist made under any user is kept, read by its id and listed under that user', async () => {
    const playlist = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } };
    const user = { type: 'object', properties: { id: { type: 'string' }, display_name: { type: 'string' } } };
    const { call } = await open(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Music', version: '1' },
        paths: {
          '/users/{user_id}': { get: { operationId: 'get-users-profile', parameters: [param('user_id')], responses: ok(user) } },
          '/users/{user_id}/playlists': {
            parameters: [param('user_id')],
            post: { operationId: 'create-playlist', requestBody: json(playlist), responses: ok(playlist, '201') },
            get: { operationId: 'get-list-users-playlists', responses: ok({ type: 'object', properties: { items: { type: 'array', items: playlist } } }) },
          },
          '/playlists/{playlist_id}': { get: { operationId: 'get-playlist', parameters: [param('playlist_id')], responses: ok(playlist) } },
        },
      }),
    );
    const made = call({ method: 'POST', path: '/users/alice/playlists', body: { name: 'Road trip' } });
    expect(made.status).toBe(201);
    const id = (made.json as { id: string }).id;
    expect(call({ method: 'GET', path: `/playlists/${id}` }).json).toEqual({ id, name: 'Road trip' });
    expect((call({ method: 'GET', path: '/users/alice/playlists' }).json as { items: unknown[] }).items).toEqual([{ id, name: 'Road trip' }]);
    expect((call({ method: 'GET', path: '/users/bob/playlists' }).json as { items: unknown[] }).items).toEqual([]);
  });
});
