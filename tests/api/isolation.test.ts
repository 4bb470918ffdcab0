/**
 * Workspace isolation (SPEC section 5, rule 5): a workspace never sees, changes or deletes
 * another workspace's credentials; trying answers 403 auth_forbidden and changes nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type HarnessResponse } from '@simplane/harness';
import type { CredentialRecord, Principal } from '@simplane/core';
import type { Credential, CredentialList } from '../support/credential-types.js';

const PATH = '/v1/credentials';



function keyOf(h: Harness, workspace: string): string {
  const key = h.keys[workspace];
  if (key === undefined) throw new Error(`no API key for ${workspace}`);
  return key;
}

function principalOf(h: Harness, workspace: string): Principal {
  const ws = h.workspaces[workspace];
  if (ws === undefined) throw new Error(`no workspace ${workspace}`);
  return { organizationId: ws.organizationId, workspaceId: ws.id, via: 'api_key' };
}

function expectForbidden(res: HarnessResponse): void {
  expect({ status: res.status, body: res.text() }).toMatchObject({ status: 403 });
  expect(res.headers['content-type']).toBe('application/problem+json');
  const body = res.json<{ code: string; detail: string; validation: unknown }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'validation']);
  expect(body.code).toBe('auth_forbidden');
}

describe('workspace isolation', () => {
  let h: Harness;
  let alphaKey: string;
  let betaKey: string;
  let alphaCredentials: Credential[];
  let betaCredentials: Credential[];

  const create = async (apiKey: string, name: string, value: string): Promise<Credential> => {
    const res = await h.request('POST', PATH, {
      apiKey,
      json: { name, base_url: 'https://api.example.com', header: 'X-Api-Key', value },
    });
    expect(res.status).toBe(201);
    return res.json<Credential>();
  };

  const listAll = async (apiKey: string): Promise<Credential[]> => {
    const res = await h.request('GET', `${PATH}?limit=200`, { apiKey });
    expect(res.status).toBe(200);
    const body = res.json<CredentialList>();
    expect(body.next_cursor).toBeNull();
    return body.credentials;
  };

  const stored = async (id: string): Promise<CredentialRecord | null> =>
    h.plane.ports.credentialRepository.get(id);

  beforeEach(async () => {
    h = createHarness();
    alphaKey = keyOf(h, 'alpha');
    betaKey = keyOf(h, 'beta');
    expect(h.workspaces.alpha?.id).not.toBe(h.workspaces.beta?.id);
    alphaCredentials = [];
    betaCredentials = [];
    for (let i = 0; i < 3; i += 1) {
      alphaCredentials.push(await create(alphaKey, `alpha ${i}`, `alpha-secret-${i}`));
      betaCredentials.push(await create(betaKey, `beta ${i}`, `beta-secret-${i}`));
    }
  });

  it('lists only the caller’s own credentials', async () => {
    expect(await listAll(alphaKey)).toEqual([...alphaCredentials].reverse());
    expect(await listAll(betaKey)).toEqual([...betaCredentials].reverse());
  });

  it('pages each workspace on its own', async () => {
    const res = await h.request('GET', `${PATH}?limit=2`, { apiKey: betaKey });
    const first = res.json<CredentialList>();
    expect(first.credentials.map((c) => c.name)).toEqual(['beta 2', 'beta 1']);
    const next = await h.request('GET', `${PATH}?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`, { apiKey: betaKey });
    expect(next.json<CredentialList>()).toEqual({ credentials: [betaCredentials[0]], next_cursor: null });
  });

  it('answers 403 auth_forbidden to GET of another workspace’s credential', async () => {
    const target = betaCredentials[1]!;
    expectForbidden(await h.request('GET', `${PATH}/${target.id}`, { apiKey: alphaKey }));
    const own = await h.request('GET', `${PATH}/${target.id}`, { apiKey: betaKey });
    expect(own.status).toBe(200);
    expect(own.json()).toEqual(target);
  });

  it.each([
    ['a rename', { name: 'hijacked' }],
    ['a new value', { value: 'attacker-value' }],
    ['a new base URL with a value', { base_url: 'https://evil.example.com', value: 'attacker-value' }],
    ['an invalid body', { name: '' }],
    ['an empty body', {}],
  ])('answers 403 auth_forbidden to PATCH with %s, and the record is unchanged', async (_label, body) => {
    const target = alphaCredentials[0]!;
    const before = await stored(target.id);
    expectForbidden(await h.request('PATCH', `${PATH}/${target.id}`, { apiKey: betaKey, json: body }));
    expect(await stored(target.id)).toEqual(before);
    const after = await h.request('GET', `${PATH}/${target.id}`, { apiKey: alphaKey });
    expect(after.json()).toEqual(target);
    const opened = await h.plane.services.credentials.open(principalOf(h, 'alpha'), target.id);
    expect(opened).toEqual({ baseUrl: 'https://api.example.com', header: 'X-Api-Key', value: 'alpha-secret-0' });
  });

  it('answers 403 auth_forbidden to DELETE, and the record stays', async () => {
    const target = alphaCredentials[2]!;
    const before = await stored(target.id);
    expectForbidden(await h.request('DELETE', `${PATH}/${target.id}`, { apiKey: betaKey }));
    expect(await stored(target.id)).toEqual(before);
    expect(await listAll(alphaKey)).toEqual([...alphaCredentials].reverse());
    expect(await listAll(betaKey)).toEqual([...betaCredentials].reverse());
  });

  it('keeps working for the owner after a stranger’s attempts', async () => {
    const target = betaCredentials[0]!;
    expectForbidden(await h.request('PATCH', `${PATH}/${target.id}`, { apiKey: alphaKey, json: { name: 'x' } }));
    expectForbidden(await h.request('DELETE', `${PATH}/${target.id}`, { apiKey: alphaKey }));
    const renamed = await h.request('PATCH', `${PATH}/${target.id}`, { apiKey: betaKey, json: { name: 'renamed by owner' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json()).toEqual({ ...target, name: 'renamed by owner' });
    expect((await h.request('DELETE', `${PATH}/${target.id}`, { apiKey: betaKey })).status).toBe(204);
    expect(await stored(target.id)).toBeNull();
  });

  it('ignores X-Workspace-Id sent with an API key', async () => {
    const betaId = h.workspaces.beta!.id;
    const res = await h.request('GET', PATH, { apiKey: alphaKey, headers: { 'x-workspace-id': betaId } });
    expect(res.status).toBe(200);
    expect(res.json<CredentialList>().credentials.map((c) => c.name)).toEqual(['alpha 2', 'alpha 1', 'alpha 0']);
    const created = await h.request('POST', PATH, {
      apiKey: alphaKey,
      headers: { 'x-workspace-id': betaId },
      json: { name: 'made by alpha', header: 'X-Api-Key', value: 'v' },
    });
    expect(created.status).toBe(201);
    expect((await listAll(betaKey)).map((c) => c.name)).not.toContain('made by alpha');
  });

  it('keeps the service itself from crossing workspaces', async () => {
    await expect(h.plane.services.credentials.get(principalOf(h, 'beta'), alphaCredentials[0]!.id)).rejects.toMatchObject({
      code: 'auth_forbidden',
    });
    const page = await h.plane.services.credentials.list(principalOf(h, 'beta'), {});
    expect(page.credentials.map((c) => c.id)).toEqual(betaCredentials.map((c) => c.id).reverse());
  });
});
