import { describe, expect, it } from 'vitest';
import type { Artifact } from '../../../artifact/artifact.js';
import { compileArtifact, fixture } from '../../../testing/fixtures.js';
import { ResponseChecker } from '../../../testing/response-check.js';
import { SimClient, type SimAnswer } from '../../../testing/sim-client.js';

/**
 * RPC-style APIs whose clients POST every method (Slack's SDK sends `conversations.list` as a
 * form POST, Telegram's clients send JSON): a POST to a GET method, its parameters in a form, a
 * JSON body or a multipart one, answers exactly as the GET with them in the query does, and
 * writes nothing.
 */

type Params = Record<string, string | number | boolean | string[]>;

const FORM = 'application/x-www-form-urlencoded';
const SLACK_AUTH = { authorization: 'Bearer xoxb-1-simulated' };
const ROCKET_AUTH = { 'x-auth-token': 'token-1', 'x-user-id': 'user-1' };
const TELEGRAM_BASE = '/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

function pairs(params: Params): string {
  return Object.entries(params)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`))
    .join('&');
}

function multipart(params: Params, boundary: string): string {
  const parts = Object.entries(params).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(item)}\r\n`));
  return `${parts.join('')}--${boundary}--\r\n`;
}

async function open(name: string) {
  const { artifact } = await compileArtifact(fixture(name));
  const client = await SimClient.open(artifact);
  const checker = new ResponseChecker(artifact);
  return { artifact, client, checker };
}

/**
 * The call as a GET with its parameters in the query, then as a form POST and a JSON POST (and a
 * multipart POST where the artifact takes one): each POST answers byte for byte as the GET, is
 * classified as the GET's read, and leaves the step and the state as they were.
 */
function sameEveryWay(client: SimClient, artifact: Artifact, path: string, params: Params, headers: Record<string, string> = {}): SimAnswer {
  const read = client.call({ method: 'GET', path, query: pairs(params), headers });
  const op = artifact.operations.find((o) => o.id === read.operation);
  const bodies: [string, string][] = [
    [FORM, pairs(params)],
    ['application/json', JSON.stringify(params)],
  ];
  if (op?.rpcPost?.media.includes('multipart/form-data') === true) bodies.push(['multipart/form-data; boundary=sim-boundary', multipart(params, 'sim-boundary')]);
  for (const [contentType, body] of bodies) {
    const sent = { query: '', headers: { ...headers, 'content-type': contentType }, body: new TextEncoder().encode(body) };
    expect(client.simulator.classify('POST', path, sent), contentType).toEqual({ operation: read.operation, readOnly: true });
    const posted = client.call({ method: 'POST', path, headers: sent.headers, body });
    expect({ status: posted.status, headers: posted.headers, text: posted.text, operation: posted.operation }, contentType).toEqual({ status: read.status, headers: read.headers, text: read.text, operation: read.operation });
  }
  expect(client.step).toBe(0);
  expect(client.state.takeChanges()).toEqual([]);
  return read;
}

describe('a Slack-like API, whose SDK POSTs forms', () => {
  it('lists conversations by a POST as by the GET, reading the page size from the body', async () => {
    const { artifact, client, checker } = await open('rpc/slack-web-api-2.0.yaml');
    const two = sameEveryWay(client, artifact, '/conversations.list', { limit: 2, exclude_archived: false }, SLACK_AUTH);
    expect(two.status).toBe(200);
    expect(checker.problem(two)).toBeNull();
    expect((two.json as { channels: unknown[] }).channels).toHaveLength(2);
    const one = sameEveryWay(client, artifact, '/conversations.list', { limit: 1 }, SLACK_AUTH);
    expect((one.json as { channels: unknown[] }).channels).toEqual((two.json as { channels: unknown[] }).channels.slice(0, 1));
  });

  it('reads a conversation by the id the body names, and refuses an unknown one as the GET does', async () => {
    const { artifact, client } = await open('rpc/slack-web-api-2.0.yaml');
    const channel = (client.call({ method: 'GET', path: '/conversations.list', headers: SLACK_AUTH }).json as { channels: { id: string }[] }).channels[1]!;
    const read = sameEveryWay(client, artifact, '/conversations.info', { channel: channel.id, include_num_members: true }, SLACK_AUTH);
    expect(read.json).toEqual({ ok: true, channel });
    const missing = sameEveryWay(client, artifact, '/conversations.info', { channel: 'C404404404' }, SLACK_AUTH);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ ok: false, error: expect.any(String) });
    const unnamed = sameEveryWay(client, artifact, '/conversations.info', {}, SLACK_AUTH);
    expect(unnamed.status).toBe(400);
  });

  it('takes parameters from the query and the body together, under the base path too', async () => {
    const { client } = await open('rpc/slack-web-api-2.0.yaml');
    const user = (client.call({ method: 'GET', path: '/users.list', headers: SLACK_AUTH }).json as { members: { id: string }[] }).members[0]!;
    const read = client.call({ method: 'GET', path: '/api/users.info', query: `user=${user.id}&include_locale=true`, headers: SLACK_AUTH });
    expect(read.json).toEqual({ ok: true, user });
    const both = client.call({ method: 'POST', path: '/api/users.info', query: 'include_locale=true', body: `user=${user.id}`, headers: { ...SLACK_AUTH, 'content-type': FORM } });
    expect(both.text).toBe(read.text);
    // Without a body, the query alone.
    expect(client.call({ method: 'POST', path: '/users.info', query: `user=${user.id}&include_locale=true`, headers: SLACK_AUTH }).text).toBe(read.text);
  });

  it('coerces what a JSON body sends as text, as a query value is', async () => {
    const { client } = await open('rpc/slack-web-api-2.0.yaml');
    const read = client.call({ method: 'GET', path: '/conversations.list', query: 'limit=1', headers: SLACK_AUTH });
    expect(client.call({ method: 'POST', path: '/conversations.list', body: { limit: '1' }, headers: SLACK_AUTH }).text).toBe(read.text);
  });

  it('refuses a body it cannot read in the API format, and still writes nothing', async () => {
    const { client } = await open('rpc/slack-web-api-2.0.yaml');
    const text = client.call({ method: 'POST', path: '/conversations.list', body: 'limit=1', headers: { ...SLACK_AUTH, 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.json).toEqual({ ok: false, error: 'unsupported_media_type' });
    const array = client.call({ method: 'POST', path: '/conversations.list', body: '[1]', headers: { ...SLACK_AUTH, 'content-type': 'application/json' } });
    expect(array.status).toBe(400);
    expect(array.json).toEqual({ ok: false, error: 'invalid_body' });
    expect(client.step).toBe(0);
  });

  it('keeps a write a write, and names POST among the methods a GET method allows', async () => {
    const { client } = await open('rpc/slack-web-api-2.0.yaml');
    expect(client.simulator.classify('POST', '/chat.postMessage', { query: '', headers: { 'content-type': FORM }, body: null })).toEqual({ operation: 'chat_postMessage', readOnly: false });
    const put = client.call({ method: 'PUT', path: '/conversations.list', headers: SLACK_AUTH });
    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('GET, POST');
  });

  it('answers 405 as before where the artifact does not say a GET takes a POST (an older artifact)', async () => {
    const { artifact } = await compileArtifact(fixture('rpc/slack-web-api-2.0.yaml'));
    const older: Artifact = { ...artifact, operations: artifact.operations.map(({ rpcPost: _dropped, ...op }) => op) };
    const client = await SimClient.open(older);
    const posted = client.call({ method: 'POST', path: '/conversations.list', body: 'limit=1', headers: { ...SLACK_AUTH, 'content-type': FORM } });
    expect(posted.status).toBe(405);
    expect(posted.headers['allow']).toBe('GET');
  });
});

describe('a Rocket.Chat-like API, whose clients POST JSON', () => {
  it('pages channels and reads a user by a POST as by the GET', async () => {
    const { artifact, client, checker } = await open('rpc/rocket-chat-3.0.yaml');
    const page = sameEveryWay(client, artifact, '/api/v1/channels.list', { count: 1, offset: 1 }, ROCKET_AUTH);
    expect(page.status).toBe(200);
    expect(checker.problem(page)).toBeNull();
    const all = (client.call({ method: 'GET', path: '/api/v1/channels.list', headers: ROCKET_AUTH }).json as { channels: unknown[] }).channels;
    expect(page.json).toMatchObject({ channels: [all[1]], total: 3, success: true });
    const user = (client.call({ method: 'GET', path: '/api/v1/users.list', headers: ROCKET_AUTH }).json as { users: { _id: string }[] }).users[2]!;
    const read = sameEveryWay(client, artifact, '/api/v1/users.info', { userId: user._id }, ROCKET_AUTH);
    expect(read.json).toEqual({ user, success: true });
  });

  it('refuses a POST without the credentials as the GET is refused', async () => {
    const { artifact, client } = await open('rpc/rocket-chat-3.0.yaml');
    expect(sameEveryWay(client, artifact, '/api/v1/channels.list', { count: 1 }).status).toBe(401);
  });
});

describe('a Telegram-Bot-API-like API, whose clients POST everything', () => {
  it('reads updates with an array and numbers sent as JSON, a form or multipart', async () => {
    const { artifact, client, checker } = await open('rpc/telegram-bot-api-3.0.yaml');
    const updates = sameEveryWay(client, artifact, '/getUpdates', { offset: 1, limit: 1, allowed_updates: ['message', 'callback_query'] });
    expect(updates.status).toBe(200);
    expect(checker.problem(updates)).toBeNull();
    expect((updates.json as { result: unknown[] }).result).toHaveLength(1);
  });

  it('answers methods that take a chat id, a number or a name, and one that takes nothing', async () => {
    const { artifact, client } = await open('rpc/telegram-bot-api-3.0.yaml');
    expect(sameEveryWay(client, artifact, '/getChat', { chat_id: -1001234567890 }).status).toBe(200);
    expect(sameEveryWay(client, artifact, `${TELEGRAM_BASE}/getChatMember`, { chat_id: '@simplane', user_id: 42 }).status).toBe(200);
    const me = sameEveryWay(client, artifact, `${TELEGRAM_BASE}/getMe`, {});
    expect(me.json).toMatchObject({ ok: true, result: { is_bot: expect.any(Boolean) } });
    const invalid = sameEveryWay(client, artifact, '/getChatMember', { chat_id: 7, user_id: 'not-a-number' });
    expect(invalid.status).toBe(400);
  });
});

describe('an object sent as JSON for a query parameter', () => {
  const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', enum: [true] } } } } } } };
  const window = { type: 'object', required: ['days'], additionalProperties: false, properties: { days: { type: 'integer' } } };
  const document = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Reports', version: '1' },
    paths: {
      '/reports.get': {
        get: {
          operationId: 'reports_get',
          parameters: [
            { name: 'filter', in: 'query', required: true, style: 'deepObject', explode: true, schema: window },
            { name: 'range', in: 'query', style: 'form', explode: false, schema: { type: 'object', properties: { from: { type: 'integer' }, to: { type: 'integer' } } } },
            { name: 'blocks', in: 'query', description: 'A JSON-encoded array of blocks.', schema: { type: 'string', pattern: '^\\[' } },
          ],
          responses: answer,
        },
      },
      '/reports.list': { get: { operationId: 'reports_list', responses: answer } },
      '/reports.create': { post: { operationId: 'reports_create', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: answer } },
    },
  });

  it("is written in the parameter's own style, or as JSON text for a parameter that takes text", async () => {
    const client = await SimClient.open((await compileArtifact(document)).artifact);
    const post = (body: unknown) => client.call({ method: 'POST', path: '/reports.get', body }).status;
    expect(client.call({ method: 'GET', path: '/reports.get', query: 'filter[days]=7&range=from,1,to,2&blocks=%5B%5D' }).status).toBe(200);
    expect(post({ filter: { days: 7 }, range: { from: 1, to: 2 }, blocks: '[]' })).toBe(200);
    // An array for a parameter that takes text is its JSON text, whole; an object's is not an array's.
    expect(post({ filter: { days: 7 }, range: { from: 1, to: 2 }, blocks: [{ type: 'section' }, { type: 'divider' }] })).toBe(200);
    expect(post({ filter: { days: 7 }, blocks: { type: 'section' } })).toBe(400);
    // The deepObject's field is read and checked as the query's would be.
    expect(post({ filter: { days: 'seven' } })).toBe(400);
    expect(post({ filter: {} })).toBe(400);
    expect(post({ range: { from: 'one' }, filter: { days: 1 } })).toBe(400);
    expect(client.step).toBe(0);
  });
});
