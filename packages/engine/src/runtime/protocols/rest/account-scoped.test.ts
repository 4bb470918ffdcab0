import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../../testing/fixtures.js';
import { ResponseChecker } from '../../../testing/response-check.js';
import { SimClient, type SimCall } from '../../../testing/sim-client.js';

/**
 * An API in Twilio's manner: every path under the caller's account and ending in `.json`, form
 * fields in PascalCase where the records answer in snake_case, e-mail dates.
 */
const date = { type: 'string', format: 'date-time-rfc-2822', nullable: true };
const message = {
  type: 'object',
  properties: {
    sid: { type: 'string', pattern: '^SM[0-9a-f]{32}$' },
    account_sid: { type: 'string', pattern: '^AC[0-9a-f]{32}$', nullable: true },
    to: { type: 'string', nullable: true },
    from: { type: 'string', nullable: true },
    body: { type: 'string', nullable: true },
    status: { type: 'string', enum: ['queued', 'sending', 'sent', 'failed', 'delivered'] },
    date_created: date,
    date_updated: date,
  },
};
const account = { type: 'object', properties: { sid: { type: 'string', pattern: '^AC[0-9a-f]{32}$' }, friendly_name: { type: 'string' }, date_created: date } };
const call = { type: 'object', properties: { sid: { type: 'string', pattern: '^CA[0-9a-f]{32}$' }, account_sid: { type: 'string' }, to: { type: 'string' } } };
const accountSid = { name: 'AccountSid', in: 'path', required: true, schema: { type: 'string', pattern: '^AC[0-9a-f]{32}$' } };
const sid = (prefix: string) => ({ name: 'Sid', in: 'path', required: true, schema: { type: 'string', pattern: `^${prefix}[0-9a-f]{32}$` } });
const json = (schema: unknown, status = '200') => ({ [status]: { description: 'ok', content: { 'application/json': { schema } } } });
const form = (properties: Record<string, unknown>, required: string[] = []) => ({ content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } } } });
const page = (field: string, item: unknown) => json({ type: 'object', properties: { [field]: { type: 'array', items: item } } });

const document = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Messaging', version: '2010-04-01' },
  security: [{ accountSid_authToken: [] }],
  components: { securitySchemes: { accountSid_authToken: { type: 'http', scheme: 'basic' } } },
  paths: {
    '/2010-04-01/Accounts.json': {
      get: { operationId: 'ListAccount', responses: page('accounts', account) },
      post: { operationId: 'CreateAccount', requestBody: form({ FriendlyName: { type: 'string' } }), responses: json(account, '201') },
    },
    '/2010-04-01/Accounts/{Sid}.json': {
      get: { operationId: 'FetchAccount', parameters: [sid('AC')], responses: json(account) },
      post: { operationId: 'UpdateAccount', parameters: [sid('AC')], requestBody: form({ FriendlyName: { type: 'string' } }), responses: json(account) },
    },
    '/2010-04-01/Accounts/{AccountSid}/Messages.json': {
      get: { operationId: 'ListMessage', parameters: [accountSid], responses: page('messages', message) },
      post: { operationId: 'CreateMessage', parameters: [accountSid], requestBody: form({ To: { type: 'string' }, From: { type: 'string' }, Body: { type: 'string' } }, ['To']), responses: json(message, '201') },
    },
    '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json': {
      get: { operationId: 'FetchMessage', parameters: [accountSid, sid('SM')], responses: json(message) },
      post: { operationId: 'UpdateMessage', parameters: [accountSid, sid('SM')], requestBody: form({ Body: { type: 'string' } }), responses: json(message) },
      delete: { operationId: 'DeleteMessage', parameters: [accountSid, sid('SM')], responses: { '204': { description: 'gone' } } },
    },
    '/2010-04-01/Accounts/{AccountSid}/Calls.json': {
      post: { operationId: 'CreateCall', parameters: [accountSid], requestBody: form({ To: { type: 'string' } }), responses: json(call, '201') },
    },
    '/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json': { get: { operationId: 'FetchCall', parameters: [accountSid, sid('CA')], responses: json(call) } },
  },
});

const MINE = `AC${'ab'.repeat(16)}`;
const base = `/2010-04-01/Accounts/${MINE}`;

async function open() {
  const { artifact } = await compileArtifact(document);
  const client = await SimClient.open(artifact, { sampleRecords: 2 });
  const checker = new ResponseChecker(artifact);
  const send = (c: SimCall) => {
    const headers = { authorization: `Basic ${Buffer.from(`${MINE}:token`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded', ...c.headers };
    const answer = client.call({ ...c, headers });
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
  return { artifact, send };
}

describe('an API scoped by the caller account, its paths ending in .json', () => {
  it('is understood as resources: the extension names the representation, the account is the tenant', async () => {
    const { artifact } = await open();
    const messages = artifact.resources.find((r) => r.name === 'Accounts.Messages');
    expect(messages).toMatchObject({
      collectionPath: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
      itemPath: '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json',
      idField: 'sid',
      parent: 'Accounts',
      operations: { create: 'CreateMessage', list: 'ListMessage', read: 'FetchMessage', update: 'UpdateMessage', delete: 'DeleteMessage' },
    });
    expect(artifact.resources.find((r) => r.name === 'Accounts')).toMatchObject({ tenant: true, idField: 'sid' });
    expect(artifact.resources.filter((r) => r.tenant === true).map((r) => r.name)).toEqual(['Accounts']);
  });

  it("keeps records under the caller's own account, which no request created, in the records' own field names", async () => {
    const { send } = await open();
    const created = send({ method: 'POST', path: `${base}/Messages.json`, body: 'To=%2B15551234567&From=%2B15557654321&Body=Hello' });
    expect(created.status, created.text).toBe(201);
    const record = created.json as Record<string, unknown>;
    expect(record).toMatchObject({ to: '+15551234567', from: '+15557654321', body: 'Hello', account_sid: MINE, status: 'queued', date_created: 'Mon, 01 Jan 2024 00:00:01 +0000' });
    expect(record).not.toHaveProperty('To');
    expect(record.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(send({ method: 'GET', path: `${base}/Messages/${String(record.sid)}.json` }).json).toEqual(record);
    expect((send({ method: 'GET', path: `${base}/Messages.json` }).json as { messages: unknown[] }).messages).toContainEqual(record);

    const updated = send({ method: 'POST', path: `${base}/Messages/${String(record.sid)}.json`, body: 'Body=Bye' });
    expect(updated.json).toMatchObject({ body: 'Bye', date_created: record.date_created, date_updated: 'Mon, 01 Jan 2024 00:00:02 +0000' });
    expect(send({ method: 'DELETE', path: `${base}/Messages/${String(record.sid)}.json` }).status).toBe(204);
    expect(send({ method: 'GET', path: `${base}/Messages/${String(record.sid)}.json` }).status).toBe(404);
    // The caller's own account reads as a record with its id, the same at every read, and is not listed as created.
    const mine = send({ method: 'GET', path: `${base}.json` });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toMatchObject({ sid: MINE });
    expect(send({ method: 'GET', path: `${base}.json` }).text).toBe(mine.text);
    expect((send({ method: 'GET', path: '/2010-04-01/Accounts.json' }).json as { accounts: Array<{ sid: string }> }).accounts.map((a) => a.sid)).not.toContain(MINE);
    // A write to it keeps the written record, listed from then on.
    const renamed = send({ method: 'POST', path: `${base}.json`, body: 'FriendlyName=Mine' });
    expect(renamed.json).toMatchObject({ sid: MINE, friendly_name: 'Mine' });
    expect(send({ method: 'GET', path: `${base}.json` }).json).toEqual(renamed.json);
    expect((send({ method: 'GET', path: '/2010-04-01/Accounts.json' }).json as { accounts: Array<{ sid: string }> }).accounts.map((a) => a.sid)).toContain(MINE);
    // Another account's records are its own.
    expect((send({ method: 'GET', path: `/2010-04-01/Accounts/AC${'cd'.repeat(16)}/Messages.json` }).json as { messages: unknown[] }).messages).not.toContainEqual(updated.json);
  });
});
