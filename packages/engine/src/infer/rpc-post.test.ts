import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { namesMethod, namesMethodsInPaths } from './rpc-post.js';

/** Operation id → the media types a POST in place of it may carry, for the operations that take one. */
function posted(artifact: Artifact): Record<string, string[]> {
  return Object.fromEntries(artifact.operations.flatMap((op) => (op.rpcPost === undefined ? [] : [[op.id, op.rpcPost.media]])));
}

const FORM_AND_JSON = ['application/json', 'application/x-www-form-urlencoded'];
const WITH_MULTIPART = [...FORM_AND_JSON, 'multipart/form-data'];

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } } };
const get = (operationId: string, parameters: unknown[] = []) => ({ get: { operationId, parameters, responses: answer } });
const post = (operationId: string) => ({ post: { operationId, requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: answer } });
const query = (name: string) => ({ name, in: 'query', schema: { type: 'string' } });
const document = (paths: Record<string, unknown>) => JSON.stringify({ openapi: '3.0.3', info: { title: 'API', version: '1' }, paths });

describe('a path that names a method', () => {
  it('is a dotted name, or a name that starts with a verb, of plain segments only', () => {
    for (const path of ['/conversations.list', '/api/v1/channels.info', '/admin.users.invite', '/getUpdates', '/sendMessage', '/transactions/sync', '/accounts/balance/get', '/files/list_folder', '/item/public_token/exchange']) {
      expect(namesMethod(path), path).toBe(true);
    }
  });

  it('is not a resource, a format extension, or a path with parameters', () => {
    for (const path of ['/pets', '/users/me', '/statuses/home_timeline.json', '/openapi.yaml', '/pets/{id}', '/bot{token}/getMe', '/#Action=DescribeInstances', '/', '/v1/health']) {
      expect(namesMethod(path), path).toBe(false);
    }
  });

  it('makes an API of methods where two thirds of its paths are such names, and at least two', () => {
    const paths = (...list: string[]) => list.map((path) => ({ path }));
    expect(namesMethodsInPaths(paths('/users.list', '/users.info', '/me'))).toBe(true);
    expect(namesMethodsInPaths(paths('/users.list', '/users.info', '/me', '/teams'))).toBe(false);
    expect(namesMethodsInPaths(paths('/users.list'))).toBe(false);
    // The same path under several methods counts once.
    expect(namesMethodsInPaths([{ path: '/users.list' }, { path: '/users.list' }, { path: '/users.info' }, { path: '/me' }])).toBe(true);
  });
});

describe('the GET methods that answer a POST as well', () => {
  it("are Slack's GET methods, with the form, JSON and the multipart its own file upload takes", async () => {
    const { artifact } = await compileArtifact(fixture('rpc/slack-web-api-2.0.yaml'));
    expect(posted(artifact)).toEqual({
      auth_test: WITH_MULTIPART,
      conversations_list: WITH_MULTIPART,
      conversations_info: WITH_MULTIPART,
      conversations_history: WITH_MULTIPART,
      conversations_members: WITH_MULTIPART,
      users_list: WITH_MULTIPART,
      users_info: WITH_MULTIPART,
      users_lookupByEmail: WITH_MULTIPART,
      team_info: WITH_MULTIPART,
    });
  });

  it("are Rocket.Chat's GET methods, where its methods take JSON only; `/api/v1/me` names no method", async () => {
    const { artifact } = await compileArtifact(fixture('rpc/rocket-chat-3.0.yaml'));
    expect(posted(artifact)).toEqual({
      'get-api-v1-info': FORM_AND_JSON,
      'get-api-v1-channels.list': FORM_AND_JSON,
      'get-api-v1-channels.info': FORM_AND_JSON,
      'get-api-v1-channels.history': FORM_AND_JSON,
      'get-api-v1-channels.members': FORM_AND_JSON,
      'get-api-v1-users.list': FORM_AND_JSON,
      'get-api-v1-users.info': FORM_AND_JSON,
    });
  });

  it("are the Telegram Bot API's GET methods", async () => {
    const { artifact } = await compileArtifact(fixture('rpc/telegram-bot-api-3.0.yaml'));
    expect(Object.keys(posted(artifact)).sort()).toEqual(['getChat', 'getChatAdministrators', 'getChatMember', 'getChatMemberCount', 'getFile', 'getMe', 'getMyCommands', 'getUpdates', 'getWebhookInfo']);
    expect(posted(artifact)['getUpdates']).toEqual(WITH_MULTIPART);
  });

  it('are GETs named by a trailing verb (`/v1/posts/get`) as well as by a dot', async () => {
    const { artifact } = await compileArtifact(
      document({ '/v1/posts/get': get('postsGet', [query('url')]), '/v1/posts/recent': get('postsRecent'), '/v1/posts/add': post('postsAdd'), '/v1/tags/get': get('tagsGet'), '/v1/tags/rename': post('tagsRename') }),
    );
    expect(posted(artifact)).toEqual({ postsGet: FORM_AND_JSON, tagsGet: FORM_AND_JSON });
  });

  it('leave out a GET whose path the document also gives a POST, and one with a path parameter', async () => {
    const { artifact } = await compileArtifact(
      document({
        '/users.info': { ...get('usersInfo', [query('user')]), ...post('usersInfoByPost') },
        '/users.list': get('usersList'),
        '/users.profile.get': get('usersProfileGet'),
        '/users.{kind}': get('usersByKind', [{ name: 'kind', in: 'path', required: true, schema: { type: 'string' } }]),
      }),
    );
    expect(posted(artifact)).toEqual({ usersList: FORM_AND_JSON, usersProfileGet: FORM_AND_JSON });
  });

  it.each(['petstore-3.0.yaml', 'petstore-2.0.yaml', 'shop-3.1.json', 'bank-3.0.yaml', 'blog-2.0.json', 'saas-3.1.yaml', 'events-cursor-3.0.json', 'files-routes-3.1.yaml'])(
    'are none of a REST document: %s',
    async (name) => {
      const { artifact } = await compileArtifact(fixture(name));
      expect(artifact.operations.length).toBeGreaterThan(0);
      expect(posted(artifact)).toEqual({});
    },
  );

  it('are none where every method is a POST already (Plaid)', async () => {
    const { artifact } = await compileArtifact(document({ '/transfer/create': post('transferCreate'), '/transfer/get': post('transferGet'), '/transfer/list': post('transferList') }));
    expect(posted(artifact)).toEqual({});
  });
});
