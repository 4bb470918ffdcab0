import { describe, expect, it } from 'vitest';
import { SimulationState } from '@simplane/core';
import { compileArtifact, fixture } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimAnswer, type SimCall } from '../../testing/sim-client.js';

async function open(name: string, options: { seed?: string; sampleRecords?: number; overlays?: Uint8Array[] } = {}) {
  const { artifact } = await compileArtifact(fixture(name), options.overlays === undefined ? {} : { overlays: options.overlays });
  const client = await SimClient.open(artifact, options);
  const checker = new ResponseChecker(artifact);
  const call = (c: SimCall): SimAnswer => {
    const answer = client.call(c);
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
  return { client, call, artifact };
}

type Rec = Record<string, unknown>;

describe('reading a stored record', () => {
  it('answers its remembered bytes again, and the new record after a change', async () => {
    const { client, call } = await open('shop-3.1.json', { sampleRecords: 0 });
    const user = call({ method: 'POST', path: '/users', body: { email: 'ada@example.com', name: 'Ada' } }).json as Rec;
    const get = () => client.simulator.handle({ method: 'GET', path: `/v2/users/${String(user.userId)}`, query: '', headers: {}, body: null }, client.state, { seed: client.seed, step: client.step + 1, now: new Date() });
    const first = get().response;
    const second = get().response;
    expect(second.body).toBe(first.body);
    expect(Buffer.isBuffer(first.body)).toBe(false);
    expect(JSON.parse(new TextDecoder().decode(first.body!))).toEqual(user);
    expect(second.headers['content-type']).toBe('application/json');
    call({ method: 'PUT', path: `/v2/users/${String(user.userId)}`, body: { email: 'lovelace@example.com' } });
    const changed = get().response;
    expect(changed.body).not.toBe(first.body);
    expect(JSON.parse(new TextDecoder().decode(changed.body!))).toMatchObject({ userId: user.userId, email: 'lovelace@example.com' });
  });
});

describe('stateful CRUD, per fixture', () => {
  it('shop: users create → read → list with paging/filter → replace → delete → 404', async () => {
    const { call } = await open('shop-3.1.json');
    const created = call({ method: 'POST', path: '/v2/users', body: { email: 'ada@example.com', name: 'Ada' } });
    expect(created.status).toBe(201);
    const user = created.json as Rec;
    expect(user).toMatchObject({ email: 'ada@example.com', name: 'Ada', created_at: '2024-01-01T00:00:01.000Z' });
    expect(user.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(call({ method: 'GET', path: `/v2/users/${user.userId}` }).json).toEqual(user);
    const all = call({ method: 'GET', path: '/users' }).json as { items: Rec[]; total: number };
    expect(all.total).toBe(4);
    expect(all.items.at(-1)).toEqual(user);
    const page = call({ method: 'GET', path: '/users', query: 'page=2&per_page=3' }).json as { items: Rec[]; total: number; page: number };
    expect(page).toMatchObject({ total: 4, page: 2 });
    expect(page.items).toEqual([user]);
    expect((call({ method: 'GET', path: '/users', query: 'email=ada%40example.com' }).json as { items: Rec[] }).items).toEqual([user]);
    const sorted = call({ method: 'GET', path: '/users', query: 'sort=-created_at' }).json as { items: Rec[] };
    expect(sorted.items[0]).toEqual(user);
    const replaced = call({ method: 'PUT', path: `/v2/users/${user.userId}`, body: { email: 'lovelace@example.com' } });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ userId: user.userId, email: 'lovelace@example.com', created_at: user.created_at });
    expect((replaced.json as Rec).name).toBeUndefined();
    const deleted = call({ method: 'DELETE', path: `/v2/users/${user.userId}` });
    expect(deleted).toMatchObject({ status: 204, text: '' });
    const gone = call({ method: 'GET', path: `/v2/users/${user.userId}` });
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ status: 404, title: 'Not Found' });
    expect((gone.json as Rec).detail).toContain(String(user.userId));
  });

  it('shop: nested orders are scoped by user; a missing parent is 404; cancel moves the status', async () => {
    const { call } = await open('shop-3.1.json', { sampleRecords: 0 });
    const a = (call({ method: 'POST', path: '/users', body: { email: 'a@example.com' } }).json as Rec).userId as string;
    const b = (call({ method: 'POST', path: '/users', body: { email: 'b@example.com' } }).json as Rec).userId as string;
    const order = call({ method: 'POST', path: `/users/${a}/orders`, body: { items: [{ sku: 'tea', quantity: 2 }] } });
    expect(order.status).toBe(201);
    const o = order.json as Rec;
    expect(o).toMatchObject({ status: 'pending', items: [{ sku: 'tea', quantity: 2 }] });
    expect(o.id).toMatch(/^order_[a-z2-7]{16}$/);
    expect(call({ method: 'GET', path: `/users/${a}/orders` }).json).toEqual([o]);
    expect(call({ method: 'GET', path: `/users/${b}/orders` }).json).toEqual([]);
    expect(call({ method: 'GET', path: `/users/${b}/orders/${o.id}` }).status).toBe(404);
    expect(call({ method: 'GET', path: '/users/00000000-0000-4000-8000-000000000000/orders' }).status).toBe(404);
    const patched = call({ method: 'PATCH', path: `/users/${a}/orders/${o.id}`, body: { items: [] }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect(patched.json).toMatchObject({ id: o.id, items: [] });
    const cancelled = call({ method: 'POST', path: `/users/${a}/orders/${o.id}/cancel` });
    expect(cancelled.json).toMatchObject({ id: o.id, status: 'cancelled' });
    expect(call({ method: 'GET', path: `/users/${a}/orders`, query: 'status=cancelled' }).json).toHaveLength(1);
    expect(call({ method: 'GET', path: `/users/${a}/orders`, query: 'status=paid' }).json).toHaveLength(0);
    const item = call({ method: 'POST', path: `/users/${a}/orders/${o.id}/items`, body: { sku: 'cup', quantity: 1 } });
    expect(item).toMatchObject({ status: 201, json: { sku: 'cup', quantity: 1 } });
    expect(call({ method: 'GET', path: `/users/${a}/orders/${o.id}/items` }).json).toEqual([{ sku: 'cup', quantity: 1 }]);
    expect(call({ method: 'GET', path: `/users/${b}/orders/${o.id}/items` }).status).toBe(404);
  });

  it('blog (2.0): integer ids, offset paging, form-encoded comments, 204 delete, an action without a state field', async () => {
    const { call } = await open('blog-2.0.json');
    const auth = { authorization: `Basic ${Buffer.from('me:pw').toString('base64')}` };
    const post = call({ method: 'POST', path: '/api/v2/posts', body: { title: 'Hello', author: 'me' }, headers: auth });
    expect(post.status).toBe(201);
    expect(post.json).toMatchObject({ id: 4, title: 'Hello', author: 'me' });
    const page = call({ method: 'GET', path: '/posts', query: 'offset=2&limit=1', headers: auth });
    expect(page.json).toEqual([expect.objectContaining({ id: 3 })]);
    expect(page.headers['x-total-count']).toBe('4');
    expect(call({ method: 'GET', path: '/posts', query: 'author=me', headers: auth }).json).toEqual([post.json]);
    const replaced = call({ method: 'PUT', path: '/posts/4', body: { title: 'Changed' }, headers: auth });
    expect(replaced.json).toMatchObject({ id: 4, title: 'Changed' });
    const comment = call({ method: 'POST', path: '/posts/4/comments', body: 'body=Nice+one', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(comment).toMatchObject({ status: 201, json: { id: 1, body: 'Nice one' } });
    expect(call({ method: 'GET', path: '/posts/4/comments/1', headers: auth }).json).toEqual(comment.json);
    expect(call({ method: 'POST', path: '/posts/4/publish', headers: auth }).json).toMatchObject({ id: 4, title: 'Changed' });
    expect(call({ method: 'DELETE', path: '/posts/4/comments/1', headers: auth }).status).toBe(204);
    expect(call({ method: 'DELETE', path: '/posts/4', headers: auth }).status).toBe(204);
    const missing = call({ method: 'GET', path: '/posts/4', headers: auth });
    expect(missing).toMatchObject({ status: 404, json: { error: 'not_found' } });
    expect((missing.json as Rec).error_description).toContain('4');
  });

  it('integer ids come from a sequence kept in state: not reused after a delete, client-chosen ones skipped', async () => {
    const { call, client } = await open('blog-2.0.json', { sampleRecords: 2 });
    const auth = { authorization: `Basic ${Buffer.from('me:pw').toString('base64')}` };
    const create = (body: Rec) => call({ method: 'POST', path: '/api/v2/posts', body: { title: 'T', author: 'me', ...body }, headers: auth });
    expect(create({}).json).toMatchObject({ id: 3 });
    expect(call({ method: 'DELETE', path: '/posts/3', headers: auth }).status).toBe(204);
    expect(create({}).json).toMatchObject({ id: 4 });
    expect(create({ id: 6 }).json).toMatchObject({ id: 6 });
    expect(create({}).json).toMatchObject({ id: 5 });
    expect(create({}).json).toMatchObject({ id: 7 });
    // The sequence is part of the state: a copy of it (a fork, a reload) mints the same next id.
    const copy = SimulationState.fromSnapshot(client.state.toSnapshot());
    const request = { method: 'POST', path: '/api/v2/posts', query: '', headers: { ...auth, 'content-type': 'application/json' }, body: Buffer.from('{"title":"T","author":"me"}') };
    const fromCopy = client.simulator.handle(request, copy, { seed: client.seed, step: client.step + 1, now: client.start });
    expect(JSON.parse(Buffer.from(fromCopy.response.body!).toString())).toMatchObject({ id: 8 });
    expect(create({}).json).toMatchObject({ id: 8 });
  });

  it('bank: ids follow the path pattern, page paging with totals, actions freeze and close', async () => {
    const { call } = await open('bank-3.0.yaml');
    const key = { 'x-api-key': 'k' };
    const opened = call({ method: 'POST', path: '/banking/v1/accounts', body: { currency: 'USD', owner: 'Ada' }, headers: key });
    expect(opened).toMatchObject({ status: 201, json: { currency: 'USD', owner: 'Ada', status: 'open' } });
    const id = (opened.json as Rec).id as string;
    expect(id).toMatch(/^acc_[a-z0-9]+$/);
    const list = call({ method: 'GET', path: '/accounts', query: 'page=2&page_size=2', headers: key }).json as { accounts: Rec[]; total_count: number };
    expect(list.total_count).toBe(4);
    expect(list.accounts.map((a) => a.id)).toContain(id);
    expect((call({ method: 'GET', path: '/accounts', query: 'currency=USD', headers: key }).json as { accounts: Rec[] }).accounts.every((a) => a.currency === 'USD')).toBe(true);
    expect(call({ method: 'POST', path: `/accounts/${id}/freeze`, headers: key }).json).toMatchObject({ id, status: 'frozen' });
    expect(call({ method: 'GET', path: `/accounts/${id}`, headers: key }).json).toMatchObject({ status: 'frozen' });
    expect(call({ method: 'POST', path: `/accounts/${id}/close`, headers: key }).json).toMatchObject({ status: 'closed' });
    const transfer = call({ method: 'POST', path: '/transfers', body: { from_account: id, to_account: 'acc_b', amount: 5 }, headers: { ...key, 'idempotency-key': 'i1' } });
    expect(transfer).toMatchObject({ status: 201, json: { amount: 5, state: 'pending' } });
    const tid = (transfer.json as Rec).id as string;
    expect(call({ method: 'POST', path: `/transfers/${tid}:reverse`, headers: key }).json).toMatchObject({ id: tid, state: 'reversed' });
  });

  it('ids follow a closed list the item path allows, so a listed record can be read back', async () => {
    const document = (idField: string) => {
      const issue = { type: 'object', properties: { [idField]: { type: 'string' }, title: { type: 'string' } }, required: [idField] };
      const parameters = [{ name: 'issueName', in: 'path', required: true, schema: { type: 'string', enum: ['default', 'planned'] } }];
      const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
      return JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Health', version: '1' },
        paths: {
          '/emergingIssues': { get: { operationId: 'listIssues', responses: ok({ type: 'object', properties: { value: { type: 'array', items: issue } } }) } },
          '/emergingIssues/{issueName}': { get: { operationId: 'getIssue', parameters, responses: ok(issue) } },
        },
      });
    };
    // With an id field, the field carries the ids; each listed record reads back.
    const identified = await SimClient.open((await compileArtifact(document('id'))).artifact, { sampleRecords: 2 });
    const ids = (identified.call({ method: 'GET', path: '/emergingIssues' }).json as { value: Array<{ id: string }> }).value.map((i) => i.id);
    expect(ids.sort()).toEqual(['default', 'planned']);
    for (const id of ids) expect(identified.call({ method: 'GET', path: `/emergingIssues/${id}` })).toMatchObject({ status: 200, json: { id } });
    // Without one (`name` is not taken for an id), the records are still kept under ids the path takes.
    const unnamed = await SimClient.open((await compileArtifact(document('name'))).artifact, { sampleRecords: 2 });
    for (const id of ['default', 'planned']) expect(unnamed.call({ method: 'GET', path: `/emergingIssues/${id}` }).status).toBe(200);
    expect(unnamed.call({ method: 'GET', path: '/emergingIssues/other' }).status).toBe(400);
  });

  it('names items by name where the path names them, and creates them by PUT where the operation says so, as Azure resources are', async () => {
    const vault = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', readOnly: true }, location: { type: 'string' } } };
    const sub = { name: 'subscriptionId', in: 'path', required: true, schema: { type: 'string' } };
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Vaults', version: '1' },
      paths: {
        '/subscriptions/{subscriptionId}/vaults': { get: { operationId: 'Vaults_List', parameters: [sub], responses: { '200': { description: 'ok', content: json({ type: 'object', properties: { value: { type: 'array', items: vault } } }) } } } },
        '/subscriptions/{subscriptionId}/vaults/{vaultName}': {
          parameters: [sub, { name: 'vaultName', in: 'path', required: true, schema: { type: 'string' } }],
          get: { operationId: 'Vaults_Get', responses: { '200': { description: 'ok', content: json(vault) } } },
          put: { operationId: 'Vaults_CreateOrUpdate', requestBody: { content: json(vault) }, responses: { '200': { description: 'ok', content: json(vault) }, '201': { description: 'created', content: json(vault) } } },
        },
        // A PUT that neither documents a 201 nor says it creates only replaces.
        '/subscriptions/{subscriptionId}/notes/{noteName}': {
          parameters: [sub, { name: 'noteName', in: 'path', required: true, schema: { type: 'string' } }],
          get: { operationId: 'Notes_Get', responses: { '200': { description: 'ok', content: json(vault) } } },
          put: { operationId: 'Notes_Replace', requestBody: { content: json(vault) }, responses: { '200': { description: 'ok', content: json(vault) } } },
        },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    expect(artifact.resources.find((r) => r.name.endsWith('vaults'))).toMatchObject({ idParameter: 'vaultName', idField: 'name' });
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const put = client.call({ method: 'PUT', path: '/subscriptions/s1/vaults/my-vault', body: { location: 'westeurope' } });
    expect(put.status).toBeLessThan(300);
    expect(put.json).toMatchObject({ name: 'my-vault', location: 'westeurope' });
    expect(client.call({ method: 'GET', path: '/subscriptions/s1/vaults/my-vault' }).json).toMatchObject({ name: 'my-vault' });
    expect((client.call({ method: 'GET', path: '/subscriptions/s1/vaults' }).json as { value: unknown[] }).value).toEqual([expect.objectContaining({ name: 'my-vault' })]);
    expect(put.status).toBe(201);
    // Again: the record exists, so it is replaced (200), its name kept.
    expect(client.call({ method: 'PUT', path: '/subscriptions/s1/vaults/my-vault', body: { location: 'northeurope' } })).toMatchObject({ status: 200, json: { name: 'my-vault', location: 'northeurope' } });
    expect(client.call({ method: 'PUT', path: '/subscriptions/s1/notes/n1', body: { location: 'x' } }).status).toBe(404);
  });

  it('coupons: client-chosen ids, a conflict on reuse, redeem, delete', async () => {
    const { call } = await open('coupons-3.1.json', { sampleRecords: 0 });
    const made = call({ method: 'POST', path: '/coupons', body: { code: 'SPRING', state: 'active', percent_off: 10 } });
    expect(made).toMatchObject({ status: 201, json: { code: 'SPRING', state: 'active' } });
    expect(call({ method: 'POST', path: '/coupons', body: { code: 'SPRING', state: 'active' } }).status).toBe(409);
    expect(call({ method: 'POST', path: '/coupons/SPRING/redeem' }).json).toMatchObject({ code: 'SPRING', state: 'redeemed' });
    const listed = call({ method: 'GET', path: '/coupons', query: 'state=redeemed' }).json as { results: Rec[] };
    expect(listed.results.map((c) => c.code)).toEqual(['SPRING']);
    expect(call({ method: 'DELETE', path: '/coupons/SPRING' }).status).toBe(204);
    expect(call({ method: 'GET', path: '/coupons/SPRING' }).status).toBe(404);
  });

  it('events (Stripe-like): cursor paging with has_more and next_cursor, starting_after, update by POST, delete answering 200', async () => {
    const { call } = await open('events-cursor-3.0.json', { sampleRecords: 5 });
    const first = call({ method: 'GET', path: '/v1/customers', query: 'limit=2' }).json as { data: Rec[]; has_more: boolean; next_cursor: string };
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = call({ method: 'GET', path: '/v1/customers', query: `limit=2&cursor=${first.next_cursor}` }).json as { data: Rec[]; has_more: boolean };
    expect(second.data).toHaveLength(2);
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
    const third = call({ method: 'GET', path: '/v1/customers', query: `limit=2&cursor=${(second as Rec).next_cursor as string}` }).json as { data: Rec[]; has_more: boolean };
    expect(third).toMatchObject({ has_more: false });
    expect(third.data).toHaveLength(1);
    expect(call({ method: 'GET', path: '/v1/customers', query: 'cursor=bogus' }).status).toBe(400);
    const events = call({ method: 'GET', path: '/v1/events', query: 'limit=3' }).json as { data: Rec[] };
    const after = call({ method: 'GET', path: '/v1/events', query: `starting_after=${events.data[0]?.id as string}` }).json as { data: Rec[] };
    expect(after.data[0]).toEqual(events.data[1]);
    const created = call({ method: 'POST', path: '/v1/customers', body: 'email=ada%40example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(created).toMatchObject({ status: 200, json: { email: 'ada@example.com' } });
    const id = (created.json as Rec).id as string;
    expect(call({ method: 'POST', path: `/v1/customers/${id}`, body: 'name=Ada', headers: { 'content-type': 'application/x-www-form-urlencoded' } }).json).toMatchObject({ id, name: 'Ada', email: 'ada@example.com' });
    expect(call({ method: 'DELETE', path: `/v1/customers/${id}` }).status).toBe(200);
    expect(call({ method: 'GET', path: `/v1/customers/${id}` }).status).toBe(404);
  });

  it('saas: singletons exist from seeding, PUT/PATCH them; nested singletons per organization', async () => {
    const { call } = await open('saas-3.1.yaml');
    const auth = { authorization: 'Bearer tok' };
    const me = call({ method: 'GET', path: '/me', headers: auth });
    expect(me.status).toBe(200);
    expect(call({ method: 'GET', path: '/me', headers: auth }).json).toEqual(me.json);
    const patched = call({ method: 'PATCH', path: '/me', body: { name: 'Ada' }, headers: auth });
    expect(patched.json).toMatchObject({ ...(me.json as Rec), name: 'Ada' });
    expect(call({ method: 'GET', path: '/me', headers: auth }).json).toEqual(patched.json);
    const settings = call({ method: 'PUT', path: '/settings', body: { theme: 'dark' }, headers: auth });
    expect(settings.status).toBe(200);
    expect(call({ method: 'GET', path: '/settings', headers: auth }).json).toEqual(settings.json);
    const org = (call({ method: 'POST', path: '/organizations', body: { name: 'Acme' }, headers: auth }).json as Rec).id as string;
    expect(call({ method: 'GET', path: `/organizations/${org}/billing`, headers: auth }).status).toBe(200);
    expect(call({ method: 'GET', path: '/organizations/nope/billing', headers: auth }).status).toBe(404);
    const member = call({ method: 'POST', path: `/organizations/${org}/members`, body: { email: 'm@example.com', role: 'admin' }, headers: auth });
    expect(member.status).toBe(201);
    expect(call({ method: 'GET', path: `/organizations/${org}/members`, query: 'role=admin', headers: auth }).json).toEqual([member.json]);
  });

  it('security: a deleted singleton reads as missing', async () => {
    const { call } = await open('security-3.0.json');
    const cookie = { cookie: 'SESSIONID=abc' };
    expect(call({ method: 'GET', path: '/session', headers: cookie }).status).toBe(200);
    expect(call({ method: 'DELETE', path: '/session', headers: { ...cookie, authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } }).status).toBe(204);
    expect(call({ method: 'GET', path: '/session', headers: cookie }).status).toBe(404);
  });

  it('examples and static operations answer from the document without changing state', async () => {
    const { call, client } = await open('examples-3.0.yaml');
    const before = client.state.snapshot();
    expect(call({ method: 'GET', path: '/stats' }).status).toBe(200);
    const photo = call({ method: 'GET', path: '/recipes/r1/photo' });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(client.state.snapshot()).toBe(before);
    const made = call({ method: 'POST', path: '/recipes', body: { title: 'Toast', minutes: 3 } });
    expect(made).toMatchObject({ status: 201, json: { title: 'Toast', minutes: 3 } });
    expect(call({ method: 'GET', path: `/recipes/${(made.json as Rec).id as string}` }).json).toEqual(made.json);
    expect(call({ method: 'GET', path: '/recipes/none' })).toMatchObject({ status: 404, json: { error: 'not_found' } });
  });

  it('petstore 3.0: ids from an allOf item schema; default error format', async () => {
    const { call } = await open('petstore-3.0.yaml');
    const pet = call({ method: 'POST', path: '/api/pets', body: { name: 'Rex', tag: null } });
    expect(pet).toMatchObject({ status: 200, json: { id: 4, name: 'Rex', tag: null } });
    expect(call({ method: 'GET', path: '/pets', query: 'limit=2' }).json).toHaveLength(2);
    expect(call({ method: 'DELETE', path: '/pets/4' }).status).toBe(204);
    expect(call({ method: 'GET', path: '/pets/4' })).toMatchObject({ status: 404, json: { code: 404 } });
  });
});

describe('singletons after delete', () => {
  it('a PUT creates a deleted singleton again', async () => {
    const { artifact } = await compileArtifact(fixture('saas-3.1.yaml'));
    const client = await SimClient.open(artifact);
    const auth = { authorization: 'Bearer t' };
    client.state.put('settings', '_', null);
    expect(client.call({ method: 'GET', path: '/settings', headers: auth }).status).toBe(404);
    expect(client.call({ method: 'PUT', path: '/settings', body: { theme: 'light' }, headers: auth }).status).toBe(200);
    expect(client.call({ method: 'GET', path: '/settings', headers: auth }).status).toBe(200);
  });
});

describe('petstore 2.0 and inline documents', () => {
  it('PUT and PATCH-by-POST on a 2.0 document; the record named by the body on the collection path', async () => {
    // The document's writes declare only their errors (`405: Invalid input`): an Overlay declares their success.
    const ok = (status: string) => ({ [status]: { description: 'ok', schema: { $ref: '#/definitions/Pet' } } });
    const actions = [
      { target: "$.paths['/pet'].post.responses", update: ok('201') },
      { target: "$.paths['/pet'].put.responses", update: ok('200') },
      { target: "$.paths['/pet/{petId}'].post.responses", update: ok('200') },
    ];
    const overlay = new TextEncoder().encode(JSON.stringify({ overlay: '1.0.0', info: { title: 'successes', version: '1' }, actions }));
    const { call } = await open('petstore-2.0.yaml', { sampleRecords: 0, overlays: [overlay] });
    const put = call({ method: 'PUT', path: '/v2/pet', body: { id: 1, name: 'Rex', photoUrls: [] } });
    expect(put.status).toBe(404);
    const added = call({ method: 'POST', path: '/pet', body: { name: 'Rex', photoUrls: [] }, headers: { authorization: 'Bearer t' } });
    expect(added).toMatchObject({ status: 201, json: { id: 1, name: 'Rex' } });
    expect(call({ method: 'PUT', path: '/v2/pet', body: { id: 1, name: 'Max', photoUrls: ['u'] } }).json).toMatchObject({ id: 1, name: 'Max', photoUrls: ['u'] });
    const form = call({ method: 'POST', path: '/pet/1', body: 'status=sold', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.json).toMatchObject({ id: 1, name: 'Max', status: 'sold' });
    expect(call({ method: 'GET', path: '/pet/1' }).status).toBe(401);
    expect(call({ method: 'GET', path: '/pet/1', headers: { api_key: 'k' } }).json).toEqual(form.json);
  });

  it('a write that declares only its errors answers the first of them and changes nothing', async () => {
    const { call } = await open('petstore-2.0.yaml', { sampleRecords: 0 });
    const auth = { authorization: 'Bearer t' };
    expect(call({ method: 'POST', path: '/pet', body: { name: 'Rex', photoUrls: [] }, headers: auth })).toMatchObject({ status: 405, operation: 'addPet' });
    expect(call({ method: 'PUT', path: '/pet', body: { id: 1, name: 'Max', photoUrls: [] }, headers: auth })).toMatchObject({ status: 400, operation: 'updatePet' });
    expect(call({ method: 'GET', path: '/pet/1', headers: { api_key: 'k' } }).status).toBe(404);
  });

  it('collection-level actions answer from the schema without state change; XML-only answers are XML', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Inline', version: '1' },
      paths: {
        '/notes': {
          get: { operationId: 'listNotes', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } } } },
          post: { operationId: 'createNote', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } } },
        },
        '/notes/purge': { post: { operationId: 'purgeNotes', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { purged: { type: 'integer' } }, required: ['purged'] } } } } } } },
        '/notes/{noteId}': { get: { operationId: 'getNote', parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/xml': { schema: { $ref: '#/components/schemas/Note' } } } } } } },
      },
      components: { schemas: { Note: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } }, required: ['text'] } } },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact, { sampleRecords: 2 });
    const before = client.state.snapshot();
    const purge = client.call({ method: 'POST', path: '/notes/purge' });
    expect(purge.status).toBe(200);
    expect(typeof (purge.json as { purged: number }).purged).toBe('number');
    expect(client.state.snapshot()).toBe(before);
    const note = client.call({ method: 'POST', path: '/notes', body: { text: 'a < b' } });
    const xml = client.call({ method: 'GET', path: `/notes/${(note.json as { id: string }).id}` });
    expect(xml.headers['content-type']).toBe('application/xml');
    expect(xml.text).toContain('<text>a &lt; b</text>');
  });

  it('answers a declared media range with a type in that range, JSON only for */* and application/*', async () => {
    const ok = (media: string) => ({ '200': { description: 'ok', content: { [media]: {} } } });
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Media', version: '1' },
      paths: {
        '/sound': { get: { operationId: 'sound', responses: ok('audio/*') } },
        '/picture': { get: { operationId: 'picture', responses: ok('image/*') } },
        '/words': { get: { operationId: 'words', responses: ok('text/*') } },
        '/thing': { get: { operationId: 'thing', responses: ok('application/*') } },
        '/any': { get: { operationId: 'any', responses: ok('*/*') } },
        '/model': { get: { operationId: 'model', responses: ok('model/*') } },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const typeOf = (path: string) => client.call({ method: 'GET', path }).headers['content-type'];
    expect(['/sound', '/picture', '/words', '/thing', '/any', '/model'].map(typeOf)).toEqual(['audio/mpeg', 'image/png', 'text/plain', 'application/json', 'application/json', 'application/octet-stream']);
  });

  it('stamps the times other naming conventions use, from the virtual clock, and only where a time fits', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Orders', version: '1' },
      paths: {
        '/orders': {
          post: {
            operationId: 'placeOrder',
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } } } },
            responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } },
          },
        },
        '/orders/{orderId}': {
          parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
          get: { operationId: 'getOrder', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } } },
          put: {
            operationId: 'replaceOrder',
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } } } },
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } },
          },
        },
      },
      components: {
        schemas: {
          Order: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              sku: { type: 'string' },
              placed_at: { type: 'string', format: 'date-time' },
              createTime: { type: 'string', format: 'date-time' },
              LastModifiedDate: { type: 'string', format: 'date-time' },
              'created-on': { type: 'string', format: 'date' },
              updated: { type: 'boolean' },
              created: { type: 'string', format: 'uuid' },
            },
            required: ['id', 'sku', 'placed_at', 'createTime', 'LastModifiedDate', 'created-on', 'updated', 'created'],
          },
        },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const checker = new ResponseChecker(artifact);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const placed = client.call({ method: 'POST', path: '/orders', body: { sku: 'a' } });
    expect(checker.problem(placed)).toBeNull();
    const order = placed.json as Rec;
    const now = order.createTime as string;
    expect(now).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(order).toMatchObject({ placed_at: now, LastModifiedDate: now, 'created-on': now.slice(0, 10) });
    // A boolean `updated` and a uuid `created` are not times: they come from the generator.
    expect(typeof order.updated).toBe('boolean');
    expect(order.created).toMatch(/^[0-9a-f]{8}-/);
    // The client's virtual clock moves a second a step: the replace comes a second later.
    const replaced = client.call({ method: 'PUT', path: `/orders/${String(order.id)}`, body: { sku: 'b' } });
    expect(checker.problem(replaced)).toBeNull();
    expect(replaced.json).toMatchObject({ sku: 'b', placed_at: now, createTime: now, LastModifiedDate: new Date(Date.parse(now) + 1000).toISOString() });
  });

  it('3.1: a default written beside a $ref fills the field on create, over the referenced schema\'s own', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Tasks', version: '1' },
      paths: {
        '/tasks': {
          post: {
            operationId: 'createTask',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewTask' } } } },
            responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Task' } } } } },
          },
        },
      },
      components: {
        schemas: {
          Priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'low' },
          Size: { type: 'string', enum: ['s', 'm', 'l'], default: 'm' },
          NewTask: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
          Task: {
            type: 'object',
            properties: { id: { type: 'string' }, title: { type: 'string' }, priority: { $ref: '#/components/schemas/Priority', default: 'normal' }, size: { $ref: '#/components/schemas/Size' } },
            required: ['id', 'title', 'priority', 'size'],
          },
        },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const created = client.call({ method: 'POST', path: '/tasks', body: { title: 't' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: 't', priority: 'normal', size: 'm' });
  });
});

describe('an action that sets a flag', () => {
  it('sets the record\'s flag, answers as its schema says, and a DELETE on its path clears it (GitHub merge and lock)', async () => {
    const pull = { type: 'object', properties: { number: { type: 'integer', readOnly: true }, title: { type: 'string' }, merged: { type: 'boolean' }, locked: { type: 'boolean' } } };
    const result = { type: 'object', properties: { merged: { type: 'boolean' }, message: { type: 'string' }, sha: { type: 'string' } }, required: ['merged', 'message', 'sha'] };
    const number = [{ name: 'number', in: 'path', required: true, schema: { type: 'integer' } }];
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Pulls', version: '1' },
        paths: {
          '/pulls': { post: { operationId: 'createPull', requestBody: { required: true, content: { 'application/json': { schema: pull } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: pull } } } } } },
          '/pulls/{number}': { get: { operationId: 'getPull', parameters: number, responses: { '200': { description: 'ok', content: { 'application/json': { schema: pull } } } } } },
          '/pulls/{number}/merge': { put: { operationId: 'mergePull', parameters: number, responses: { '200': { description: 'ok', content: { 'application/json': { schema: result } } } } } },
          '/pulls/{number}/lock': {
            put: { operationId: 'lockPull', parameters: number, responses: { '204': { description: 'locked' } } },
            delete: { operationId: 'unlockPull', parameters: number, responses: { '204': { description: 'unlocked' } } },
          },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    client.call({ method: 'POST', path: '/pulls', body: { title: 'Fix', merged: false, locked: false } });
    const merged = client.call({ method: 'PUT', path: '/pulls/1/merge' });
    expect(checker.problem(merged)).toBeNull();
    expect(Object.keys(merged.json as object).sort()).toEqual(['merged', 'message', 'sha']);
    const read = () => client.call({ method: 'GET', path: '/pulls/1' }).json as { merged: boolean; locked: boolean };
    expect(read()).toMatchObject({ merged: true, locked: false });
    expect(client.call({ method: 'PUT', path: '/pulls/1/lock' }).status).toBe(204);
    expect(read().locked).toBe(true);
    expect(client.call({ method: 'DELETE', path: '/pulls/1/lock' }).status).toBe(204);
    expect(read().locked).toBe(false);
  });
});

describe('ends a record reaches', () => {
  const pull = {
    type: 'object',
    required: ['number', 'state', 'merged', 'merged_at', 'closed_at', 'title', 'published_at', 'due_at'],
    properties: {
      number: { type: 'integer', readOnly: true },
      title: { type: 'string' },
      state: { type: 'string', enum: ['open', 'closed'] },
      merged: { type: 'boolean', example: true },
      merged_at: { type: 'string', format: 'date-time', nullable: true, example: '2011-01-26T19:01:12Z' },
      closed_at: { type: 'string', format: 'date-time', nullable: true, example: '2011-01-26T19:01:12Z' },
      canceled_at: { type: 'integer', nullable: true },
      published_at: { type: 'string', format: 'date-time', nullable: true },
      due_at: { type: 'string', format: 'date-time' },
    },
  };
  const input = { type: 'object', properties: { title: { type: 'string' }, state: { type: 'string', enum: ['open', 'closed'] }, closed_at: { type: 'string', format: 'date-time' } } };
  const result = { type: 'object', properties: { merged: { type: 'boolean' }, message: { type: 'string' }, sha: { type: 'string' } }, required: ['merged', 'message', 'sha'] };
  const number = [{ name: 'number', in: 'path', required: true, schema: { type: 'integer' } }];
  const ok = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const doc = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Pulls', version: '1' },
    paths: {
      '/pulls': { post: { operationId: 'createPull', requestBody: { required: true, ...ok(input) }, responses: { '201': { description: 'ok', ...ok(pull) } } } },
      '/pulls/{number}': {
        get: { operationId: 'getPull', parameters: number, responses: { '200': { description: 'ok', ...ok(pull) } } },
        patch: { operationId: 'updatePull', parameters: number, requestBody: { required: true, ...ok(input) }, responses: { '200': { description: 'ok', ...ok(pull) } } },
      },
      '/pulls/{number}/merge': { put: { operationId: 'mergePull', parameters: number, responses: { '200': { description: 'ok', ...ok(result) } } } },
    },
  });

  it("are not reached by a new record: its nullable end times are null and its actions' flags false, whatever the examples show", async () => {
    const { artifact } = await compileArtifact(doc);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/pulls', body: { title: 'Fix' } });
    expect(new ResponseChecker(artifact).problem(made)).toBeNull();
    expect(made.json).toMatchObject({ state: 'open', merged: false, merged_at: null, closed_at: null, canceled_at: null });
    // Any other required field nobody gave is null where it may be (published_at: the real API
    // has nothing to put there yet), and generated where it may not (due_at).
    expect(made.json).toMatchObject({ published_at: null, due_at: expect.any(String) });
    // What the client gave is kept.
    expect(client.call({ method: 'POST', path: '/pulls', body: { title: 'Old', state: 'closed', closed_at: '2020-01-01T00:00:00Z' } }).json).toMatchObject({ closed_at: '2020-01-01T00:00:00Z' });
  });

  it('get their times stamped by the write that reaches them, and cleared by one that leaves them (merge, close, reopen)', async () => {
    const { artifact } = await compileArtifact(doc);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    client.call({ method: 'POST', path: '/pulls', body: { title: 'Fix' } });
    const read = () => client.call({ method: 'GET', path: '/pulls/1' }).json as Record<string, unknown>;
    const merged = client.call({ method: 'PUT', path: '/pulls/1/merge' });
    // Merging answers its own result and closes the pull request, which gets both times.
    expect(Object.keys(merged.json as object).sort()).toEqual(['merged', 'message', 'sha']);
    const now = read();
    expect(now).toMatchObject({ state: 'closed', merged: true });
    expect(now.merged_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(now.closed_at).toBe(now.merged_at);
    expect(client.call({ method: 'PATCH', path: '/pulls/1', body: { state: 'open' } }).json).toMatchObject({ state: 'open', closed_at: null, merged_at: now.merged_at });
    const closed = client.call({ method: 'PATCH', path: '/pulls/1', body: { state: 'closed' } }).json as Record<string, unknown>;
    expect(closed.closed_at).toMatch(/^\d{4}-/);
    expect(closed.closed_at).not.toBe(now.closed_at);
    // A write that leaves it closed keeps the time it closed.
    expect(client.call({ method: 'PATCH', path: '/pulls/1', body: { title: 'Fix it' } }).json).toMatchObject({ closed_at: closed.closed_at });
  });
});

describe("a record's other names", () => {
  const issue = { type: 'object', properties: { id: { type: 'string', readOnly: true }, key: { type: 'string', readOnly: true }, fields: { type: 'object' } } };
  const created = { type: 'object', additionalProperties: false, required: ['id', 'key'], properties: { id: { type: 'string' }, key: { type: 'string' }, transition: { type: 'object' } } };
  const ok = (status: string, schema: unknown) => ({ [status]: { description: 'ok', content: { 'application/json': { schema } } } });
  const idOrKey = [{ name: 'issueIdOrKey', in: 'path', required: true, schema: { type: 'string' } }];
  const jira = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Jira', version: '3' },
    paths: {
      '/rest/api/3/issue': { post: { operationId: 'createIssue', requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { fields: { type: 'object' } } } } } }, responses: ok('201', created) } },
      '/rest/api/3/issue/{issueIdOrKey}': {
        get: { operationId: 'getIssue', parameters: idOrKey, responses: ok('200', issue) },
        put: { operationId: 'editIssue', parameters: idOrKey, requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { fields: { type: 'object' } } } } } }, responses: { '204': { description: 'edited' } } },
      },
    },
  });

  it("are what the create answered: a key the answer gave is the record's, read by id or by key, and kept by a PUT of its fields", async () => {
    const { artifact } = await compileArtifact(jira);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/rest/api/3/issue', body: { fields: { summary: 'Broken' } } });
    expect(made.status).toBe(201);
    const { id, key } = made.json as { id: string; key: string };
    expect(key).toEqual(expect.any(String));
    expect(client.call({ method: 'GET', path: `/rest/api/3/issue/${id}` }).json).toEqual({ id, key, fields: { summary: 'Broken' } });
    expect(client.call({ method: 'GET', path: `/rest/api/3/issue/${encodeURIComponent(key)}` }).json).toEqual({ id, key, fields: { summary: 'Broken' } });
    expect(client.call({ method: 'PUT', path: `/rest/api/3/issue/${id}`, body: { fields: { summary: 'Broken login' } } }).status).toBe(204);
    expect(client.call({ method: 'GET', path: `/rest/api/3/issue/${id}` }).json).toEqual({ id, key, fields: { summary: 'Broken login' } });
    // A name no record has is still not found; a parameter that is not `...OrKey` reads by id alone.
    expect(client.call({ method: 'GET', path: '/rest/api/3/issue/NOPE-1' }).status).toBe(404);
  });
});

describe('a payment that waits for its client', () => {
  const intent = {
    type: 'object',
    properties: {
      id: { type: 'string', readOnly: true },
      amount: { type: 'integer' },
      payment_method: { type: 'string', nullable: true },
      status: { type: 'string', enum: ['canceled', 'processing', 'requires_action', 'requires_confirmation', 'requires_payment_method', 'succeeded'] },
    },
  };
  const form = (properties: object) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } } });
  const ok = { '200': { description: 'ok', content: { 'application/json': { schema: intent } } } };
  const document = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Payments', version: '1' },
    paths: {
      '/v1/payment_intents': { post: { operationId: 'PostPaymentIntents', requestBody: form({ amount: { type: 'integer' }, payment_method: { type: 'string' }, confirm: { type: 'boolean' } }), responses: ok } },
      '/v1/payment_intents/{intent}': { get: { operationId: 'GetPaymentIntent', parameters: [{ name: 'intent', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } },
      '/v1/payment_intents/{intent}/confirm': { post: { operationId: 'PostPaymentIntentsIntentConfirm', parameters: [{ name: 'intent', in: 'path', required: true, schema: { type: 'string' } }], requestBody: form({ payment_method: { type: 'string' } }), responses: ok } },
    },
  });
  const create = async (body: string) => {
    const { artifact } = await compileArtifact(document);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    return client.call({ method: 'POST', path: '/v1/payment_intents', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }).json as Record<string, unknown>;
  };

  it('starts in the state that names the field it lacks (requires_payment_method), not the first the enum lists', async () => {
    expect((await create('amount=100')).status).toBe('requires_payment_method');
    // Given its payment method, it waits for its confirmation, as Stripe's does.
    expect((await create('amount=100&payment_method=pm_card_visa')).status).toBe('requires_confirmation');
  });

  it('takes the options a client gets by not choosing, and null for what nobody gave that may be null', async () => {
    const { artifact } = await compileArtifact(
      document.replaceAll('"properties":{"id":', '"required":["id","capture_method","mode","description"],"properties":{"capture_method":{"type":"string","enum":["automatic_async","manual","automatic"]},"mode":{"type":"string","enum":["fast","slow"]},"description":{"type":"string","nullable":true},"id":'),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/v1/payment_intents', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=100' }).json as Record<string, unknown>;
    expect(made).toMatchObject({ capture_method: 'automatic', description: null });
    // No option named as the unchosen one: drawn from the enum.
    expect(['fast', 'slow']).toContain(made.mode);
    const chosen = client.call({ method: 'POST', path: '/v1/payment_intents', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=100&capture_method=manual&description=Rent' }).json;
    expect(chosen).toMatchObject({ capture_method: 'manual', description: 'Rent' });
  });

  it('is acted on at once by a true field named as its action (confirm=true), which the record does not keep', async () => {
    const confirmed = await create('amount=100&payment_method=pm_card_visa&confirm=true');
    expect(confirmed.status).toBe('succeeded');
    expect(confirmed).not.toHaveProperty('confirm');
    const unconfirmed = await create('amount=100&payment_method=pm_card_visa&confirm=false');
    expect(unconfirmed.status).not.toBe('succeeded');
    expect(unconfirmed).not.toHaveProperty('confirm');
  });
});

describe('what a new record holds where nobody gave it', () => {
  const person = { type: 'object', required: ['login'], properties: { login: { type: 'string' } }, nullable: true };
  const issue = {
    type: 'object',
    required: ['number', 'title', 'user', 'closed_by', 'assignee', 'comments', 'reactions_count', 'score_count', 'labels', 'tags'],
    properties: {
      number: { type: 'integer' },
      title: { type: 'string' },
      user: person,
      closed_by: person,
      assignee: person,
      comments: { type: 'integer' },
      reactions_count: { type: 'integer' },
      // A count that cannot be 0 is generated.
      score_count: { type: 'integer', minimum: 1 },
      labels: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    },
  };
  const ok = (status: string) => ({ [status]: { description: 'ok', content: { 'application/json': { schema: issue } } } });
  const doc = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Issues', version: '1' },
    paths: {
      '/issues': { post: { operationId: 'create', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } } } }, responses: ok('201') } },
      '/issues/{number}': { get: { operationId: 'read', parameters: [{ name: 'number', in: 'path', required: true, schema: { type: 'integer' } }], responses: ok('200') } },
    },
  });

  it('counts nothing, lists no sub-records, names who made it and leaves the rest that may be null empty', async () => {
    const { artifact } = await compileArtifact(doc);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/issues', body: { title: 'Bug' } });
    expect(new ResponseChecker(artifact).problem(made)).toBeNull();
    const issueMade = made.json as Rec;
    expect(issueMade).toMatchObject({ title: 'Bug', comments: 0, reactions_count: 0, labels: [], closed_by: null, assignee: null });
    expect(issueMade.user).toMatchObject({ login: expect.any(String) });
    expect(issueMade.score_count).toBeGreaterThanOrEqual(1);
    expect((issueMade.tags as string[]).length).toBeGreaterThanOrEqual(1);
    // What the client gives is kept.
    const given = client.call({ method: 'POST', path: '/issues', body: { title: 'Old', comments: 3, labels: [{ name: 'bug' }] } }).json;
    expect(given).toMatchObject({ comments: 3, labels: [{ name: 'bug' }] });
  });

  it("holds an e-mail and a login that are the person's it was given the names of", async () => {
    const contact = { type: 'object', required: ['id', 'first_name', 'last_name', 'email', 'username'], properties: { id: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' }, email: { type: 'string' }, username: { type: 'string' } } };
    const answer = { '201': { description: 'ok', content: { 'application/json': { schema: contact } } } };
    const contacts = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Contacts', version: '1' },
      paths: { '/contacts': { post: { operationId: 'create', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { first_name: { type: 'string' }, last_name: { type: 'string' } } } } } }, responses: answer } } },
    });
    const { artifact } = await compileArtifact(contacts);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/contacts', body: { first_name: 'Grace', last_name: 'Hopper' } });
    expect(new ResponseChecker(artifact).problem(made)).toBeNull();
    expect(made.json).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', email: 'grace.hopper@example.com', username: expect.stringMatching(/^grace\.hopper\d{2}$/) });
  });
});
