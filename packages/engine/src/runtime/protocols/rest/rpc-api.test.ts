import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../../testing/fixtures.js';
import { ResponseChecker } from '../../../testing/response-check.js';
import { SimClient, type SimCall } from '../../../testing/sim-client.js';

/** Slack's manner: the method in the path after a dot, the record named by a query or form field, `{ok, channel}` answers. */
const conversation = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, is_private: { type: 'boolean' }, created: { type: 'integer' } } };
const ok = { type: 'boolean', enum: [true] };
const slackAnswer = (properties: Record<string, unknown>) => ({
  '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['ok'], additionalProperties: false, properties: { ok, ...properties } } } } },
  default: { description: 'error', content: { 'application/json': { schema: { type: 'object', required: ['ok', 'error'], properties: { ok: { type: 'boolean', enum: [false] }, error: { type: 'string' } } } } } },
});
const form = (properties: Record<string, unknown>, required: string[] = []) => ({ content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties, required } } } });
const channelQuery = { name: 'channel', in: 'query', required: true, schema: { type: 'string' } };
const slack = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Slack Web API', version: '1' },
  components: { schemas: { conversation } },
  paths: {
    '/conversations.create': { post: { operationId: 'conversations_create', requestBody: form({ name: { type: 'string' }, is_private: { type: 'boolean' } }, ['name']), responses: slackAnswer({ channel: { $ref: '#/components/schemas/conversation' } }) } },
    '/conversations.info': { get: { operationId: 'conversations_info', parameters: [channelQuery], responses: slackAnswer({ channel: { $ref: '#/components/schemas/conversation' } }) } },
    '/conversations.list': { get: { operationId: 'conversations_list', responses: slackAnswer({ channels: { type: 'array', items: { $ref: '#/components/schemas/conversation' } } }) } },
    '/conversations.rename': { post: { operationId: 'conversations_rename', requestBody: form({ channel: { type: 'string' }, name: { type: 'string' } }, ['channel', 'name']), responses: slackAnswer({ channel: { $ref: '#/components/schemas/conversation' } }) } },
    '/conversations.archive': { post: { operationId: 'conversations_archive', requestBody: form({ channel: { type: 'string' } }, ['channel']), responses: slackAnswer({}) } },
    '/conversations.history': { get: { operationId: 'conversations_history', parameters: [channelQuery], responses: slackAnswer({ messages: { type: 'array', items: { type: 'object' } } }) } },
  },
});

/** Plaid's manner: every call a POST with a JSON body, the verb the path's last segment. */
const transfer = { type: 'object', required: ['id', 'amount', 'status'], properties: { id: { type: 'string' }, amount: { type: 'string' }, description: { type: 'string' }, status: { type: 'string', enum: ['pending', 'posted', 'cancelled'] } } };
const json = (properties: Record<string, unknown>) => ({ content: { 'application/json': { schema: { type: 'object', properties } } } });
const plaidAnswer = (properties: Record<string, unknown>) => ({ '200': { description: 'ok', ...json({ ...properties, request_id: { type: 'string' } }) } });
const plaid = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Plaid', version: '2020-09-14' },
  components: { schemas: { Transfer: transfer } },
  paths: {
    '/transfer/create': {
      post: {
        operationId: 'transferCreate',
        requestBody: json({ client_id: { type: 'string' }, secret: { type: 'string' }, access_token: { type: 'string' }, amount: { type: 'string' }, description: { type: 'string' } }),
        responses: plaidAnswer({ transfer: { $ref: '#/components/schemas/Transfer' } }),
      },
    },
    '/transfer/get': { post: { operationId: 'transferGet', requestBody: json({ transfer_id: { type: 'string' } }), responses: plaidAnswer({ transfer: { $ref: '#/components/schemas/Transfer' } }) } },
    '/transfer/list': { post: { operationId: 'transferList', requestBody: json({ count: { type: 'integer' } }), responses: plaidAnswer({ transfers: { type: 'array', items: { $ref: '#/components/schemas/Transfer' } } }) } },
  },
});

async function open(document: string, contentType: string) {
  const { artifact } = await compileArtifact(document);
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  const checker = new ResponseChecker(artifact);
  const send = (c: SimCall) => {
    const answer = client.call({ ...c, headers: { 'content-type': contentType, ...c.headers } });
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
  return { artifact, send };
}

describe('an API that names the method in its path', () => {
  it('is understood as resources by the verb after the dot, the record named by a request field', async () => {
    const { artifact } = await open(slack, 'application/x-www-form-urlencoded');
    expect(artifact.resources.find((r) => r.name === 'conversations')).toMatchObject({
      keyField: 'channel',
      recordField: 'channel',
      idField: 'id',
      operations: { create: 'conversations_create', read: 'conversations_info', list: 'conversations_list', update: 'conversations_rename' },
      actions: ['conversations_archive'],
    });
    const understood = Object.fromEntries(artifact.operations.map((op) => [op.id, [op.behaviour, op.readOnly]]));
    expect(understood).toMatchObject({ conversations_info: ['read', true], conversations_list: ['list', true], conversations_archive: ['action', false], conversations_history: ['static', true] });
  });

  it('keeps what is created, reads it by the field that names it, renames it and lists it', async () => {
    const { send } = await open(slack, 'application/x-www-form-urlencoded');
    const created = send({ method: 'POST', path: '/conversations.create', body: 'name=general&is_private=false' });
    const channel = (created.json as { ok: boolean; channel: { id: string; name: string } }).channel;
    expect(created.json).toMatchObject({ ok: true, channel: { name: 'general', is_private: false } });
    expect(send({ method: 'GET', path: '/conversations.info', query: `channel=${channel.id}` }).json).toEqual({ ok: true, channel });
    const renamed = send({ method: 'POST', path: '/conversations.rename', body: `channel=${channel.id}&name=random` });
    // The field naming the record is not written into it.
    expect(renamed.json).toEqual({ ok: true, channel: { ...channel, name: 'random' } });
    expect((send({ method: 'GET', path: '/conversations.list' }).json as { channels: unknown[] }).channels).toEqual([{ ...channel, name: 'random' }]);
    const missing = send({ method: 'GET', path: '/conversations.info', query: 'channel=C404' });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ ok: false, error: expect.any(String) });
    expect(send({ method: 'POST', path: '/conversations.archive', body: 'channel=C404' }).status).toBe(404);
    expect(send({ method: 'POST', path: '/conversations.archive', body: `channel=${channel.id}` }).json).toEqual({ ok: true });
  });

  it("keeps a conversation written as Slack's specification writes it: alternatives under items, an id pattern, a flag its archive sets", async () => {
    const channelShape = {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'is_archived'],
      properties: { id: { type: 'string', pattern: '^[CGD][A-Z0-9]{8,}$' }, name: { type: 'string' }, is_archived: { type: 'boolean' }, is_private: { type: 'boolean' } },
    };
    const imShape = { type: 'object', additionalProperties: false, required: ['id', 'user'], properties: { id: { type: 'string', pattern: '^D[A-Z0-9]{8,}$' }, user: { type: 'string' } } };
    const document = JSON.parse(slack) as { components: { schemas: Record<string, unknown> } };
    document.components.schemas['conversation'] = { title: 'Conversation object', items: { anyOf: [channelShape, imShape] } };
    const { send } = await open(JSON.stringify(document), 'application/x-www-form-urlencoded');
    const created = send({ method: 'POST', path: '/conversations.create', body: 'name=general&token=xoxb-1' });
    const channel = (created.json as { channel: { id: string; name: string; is_archived: boolean } }).channel;
    // One channel, not a list of them; its id fits the pattern; the credential the form carried is not kept.
    expect(channel).toMatchObject({ name: 'general', is_archived: false });
    expect(channel.id).toMatch(/^[CGD][A-Z0-9]{8,}$/);
    expect(channel).not.toHaveProperty('token');
    expect(send({ method: 'GET', path: '/conversations.info', query: `channel=${channel.id}` }).json).toEqual({ ok: true, channel });
    expect(send({ method: 'POST', path: '/conversations.archive', body: `channel=${channel.id}` }).json).toEqual({ ok: true });
    expect(send({ method: 'GET', path: '/conversations.info', query: `channel=${channel.id}` }).json).toEqual({ ok: true, channel: { ...channel, is_archived: true } });
  });

  it('takes a known verb as the last segment, reads with a POST that writes nothing', async () => {
    const { artifact, send } = await open(plaid, 'application/json');
    expect(artifact.resources.find((r) => r.name === 'transfer')).toMatchObject({ keyField: 'transfer_id', recordField: 'transfer', idField: 'id' });
    expect(artifact.operations.find((op) => op.id === 'transferGet')).toMatchObject({ behaviour: 'read', readOnly: true });
    const created = (send({ method: 'POST', path: '/transfer/create', body: JSON.stringify({ client_id: 'c1', secret: 's3cr3t', access_token: 'access-sandbox-1', amount: '12.34', description: 'rent', idempotency_key: 'k-1' }) }).json as { transfer: { id: string } }).transfer;
    expect(created).toMatchObject({ amount: '12.34', description: 'rent', status: 'pending' });
    // The credentials and the idempotency key the call carried are not kept in the record; other undeclared fields are.
    expect(created).not.toHaveProperty('secret');
    expect(created).not.toHaveProperty('access_token');
    expect(created).not.toHaveProperty('idempotency_key');
    expect(created).toHaveProperty('client_id', 'c1');
    expect((send({ method: 'POST', path: '/transfer/get', body: JSON.stringify({ transfer_id: created.id }) }).json as { transfer: unknown }).transfer).toEqual(created);
    expect((send({ method: 'POST', path: '/transfer/list', body: '{}' }).json as { transfers: unknown[] }).transfers).toEqual([created]);
  });

  it('leaves calls whose resource would be named as a REST resource of the document to the schema', async () => {
    const both = JSON.parse(plaid) as { paths: Record<string, unknown> };
    both.paths['/v1/transfer/{id}'] = { get: { operationId: 'getTransferV1', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: plaidAnswer({ transfer: { $ref: '#/components/schemas/Transfer' } }) } };
    const { artifact } = await compileArtifact(JSON.stringify(both));
    expect(artifact.resources.map((r) => r.name)).toEqual(['transfer']);
    expect(artifact.resources[0]).not.toHaveProperty('keyField');
    expect(artifact.operations.find((op) => op.id === 'transferGet')?.behaviour).toBe('static');
  });
});
