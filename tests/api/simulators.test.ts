import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, encodeMultipart, type Harness } from '@simplane/harness';
import type { SimulatorView } from '@simplane/core';
import { tinyDocument } from '../support/gated-provider.js';

const petstore = readFileSync(new URL('../../packages/composition/catalog/petstore.openapi.yaml', import.meta.url), 'utf8');

const open: Harness[] = [];
function harness(...args: Parameters<typeof createHarness>): Harness {
  const h = createHarness(...args);
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

async function buildReady(h: Harness, spec: string, request: object = {}): Promise<SimulatorView> {
  const accepted = await h.upload(spec, request);
  expect(accepted.status, accepted.text()).toBe(202);
  await h.settled();
  const read = await h.request('GET', `/v1/simulators/${accepted.json<SimulatorView>().id}`);
  return read.json<SimulatorView>();
}

describe('POST /v1/simulators', () => {
  it('accepts a document with 202 and builds it to ready', async () => {
    const h = harness({ config: { catalog: false } });
    const accepted = await h.upload(petstore, { references: ['pets:v1'] }, { filename: 'petstore.yaml' });
    expect(accepted.status).toBe(202);
    const body = accepted.json<SimulatorView>();
    expect(body.id).toMatch(/^smr_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(['pending', 'building']).toContain(body.status);
    expect(body.name).toBe('pets');
    await h.settled();
    const ready = (await h.request('GET', `/v1/simulators/${body.id}`)).json<SimulatorView>();
    expect(ready).toMatchObject({ status: 'ready', spec_kind: 'openapi', spec_version: '3.0.3', references: ['pets:v1'], error: null, source: 'workspace' });
    expect(ready.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(ready.operations).toBe(10);
    expect(ready.build).toMatchObject({ stage: 'complete', operations_total: 10, operations_done: 10 });
    expect(Date.parse(ready.build.deadline!) - Date.parse(ready.build.started_at!)).toBe(14_400_000);
  });

  it('names a Simulator after its file when no name or reference is given', async () => {
    const h = harness({ config: { catalog: false } });
    const accepted = await h.upload(tinyDocument('Named'), {}, { filename: 'billing-api.yaml' });
    expect(accepted.json<SimulatorView>().name).toBe('billing-api');
  });

  it('gives the same digest to the same document built twice', async () => {
    const h = harness({ config: { catalog: false } });
    const a = await buildReady(h, petstore);
    const b = await buildReady(h, petstore);
    expect(a.id).not.toBe(b.id);
    expect(a.digest).toBe(b.digest);
  });

  it('fails a document that cannot be simulated, with diagnostics', async () => {
    const h = harness({ config: { catalog: false } });
    // Two operations one request could not tell apart, and a response that refers to nothing.
    const failed = await buildReady(h, 'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      operationId: same\n      responses: {"200": {$ref: "#/components/responses/Missing"}}\n  /b:\n    get:\n      operationId: same\n      responses: {"200": {description: ok}}\n');
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'specification_validation_failed', reason: 'specification_invalid' });
    const issues = failed.error!.validation!.issues;
    expect(issues.map((i) => i.code).sort()).toEqual(['operation_id_duplicate', 'ref_unresolved']);
    expect(issues.length).toBeLessThanOrEqual(20);
    for (const issue of issues) {
      expect(['invalid', 'unsupported', 'incomplete', 'unknown']).toContain(issue.kind);
      expect(issue.code).toMatch(/^[a-z0-9_.]+$/);
      expect(issue.message.length).toBeGreaterThan(0);
      expect(issue.suggestion.length).toBeGreaterThan(0);
      expect(issue.operation.length).toBeLessThanOrEqual(243);
      expect(issue.location.length).toBeLessThanOrEqual(512);
    }
  });

  it('keeps only the operations the filter selects', async () => {
    const h = harness({ config: { catalog: false } });
    const ready = await buildReady(h, petstore, { filter: ['^(list|get)Pets?$'] });
    expect(ready.status).toBe('ready');
    const ops = (await h.request('GET', `/v1/simulators/${ready.id}/operations`)).json<{ operations: Array<{ operation: string }> }>();
    expect(ops.operations.map((o) => o.operation).sort()).toEqual(['getPet', 'listPets']);
    expect(ready.operations).toBe(2);
  });

  const bad: Array<[string, () => Promise<{ body: Buffer | string; contentType: string }>, number, string, RegExp?]> = [
    ['JSON instead of multipart', async () => ({ body: '{"request":{}}', contentType: 'application/json' }), 415, 'unsupported_media_type'],
    ['multipart without boundary', async () => ({ body: 'x', contentType: 'multipart/form-data' }), 415, 'unsupported_media_type'],
    ['no request part', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }]), 422, 'validation', /^request:/],
    ['two spec parts', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'spec', value: petstore, filename: 'b.yaml' }, { name: 'request', value: '{}' }]), 422, 'validation', /^spec:/],
    ['an unknown part', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{}' }, { name: 'extra', value: 'x' }]), 422, 'validation', /unknown part 'extra'/],
    ['request not JSON', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{nope' }]), 422, 'validation', /^request:/],
    ['request a JSON array', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '[]' }]), 422, 'validation', /^request:/],
    ['request nested 100,000 levels', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: `{"metadata":${'['.repeat(100_000)}${']'.repeat(100_000)}}` }]), 422, 'validation', /^request: must not nest deeper than 512 levels/],
    ['unknown request field', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"colour":"red"}' }]), 422, 'validation', /colour/],
    ['no spec and no parent', () => encodeMultipart([{ name: 'request', value: '{}' }]), 422, 'validation', /^spec:/],
    ['timeout_seconds 0', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"timeout_seconds":0}' }]), 422, 'validation', /^timeout_seconds:/],
    ['timeout_seconds 72001', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"timeout_seconds":72001}' }]), 422, 'validation', /^timeout_seconds:/],
    ['a filter that is no regex', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"filter":["(unclosed"]}' }]), 422, 'validation', /^filter\.0:/],
    // Filters match in linear time, which cannot run these: refused at once, not by a build that fails later.
    ['a filter with a lookahead', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"filter":["^list","(?=x)"]}' }]), 422, 'validation', /^filter\.1: .*lookaround/],
    ['a filter with a lookbehind', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"filter":["(?<!y)Pets"]}' }]), 422, 'validation', /^filter\.0: .*lookaround/],
    ['a filter with a backreference', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: String.raw`{"filter":["(a)\\1"]}` }]), 422, 'validation', /^filter\.0: .*backreference/],
    ['a malformed reference', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"references":["Not A Ref"]}' }]), 422, 'validation', /^references\.0:/],
    ['a repeated reference', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"references":["a:1","a:1"]}' }]), 422, 'validation', /^references:/],
    ['a catalog reference', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"references":["catalog/mine:1"]}' }]), 422, 'validation', /^references:/],
    ['an unknown parent', () => encodeMultipart([{ name: 'request', value: '{"parent_id":"nothing:here"}' }]), 400, 'simulator_unknown'],
    ['an unknown credential', () => encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{"credential_id":"crd_01J00000000000000000000000"}' }]), 400, 'bad_request', /^credential_id:/],
    ['a truncated multipart body', async () => {
      const { body, contentType } = await encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: '{}' }]);
      return { body: body.subarray(0, body.length - 40), contentType };
    }, 400, 'bad_request'],
  ];

  it.each(bad)('refuses %s', async (_name, make, status, code, detail) => {
    const h = harness({ config: { catalog: false } });
    const { body, contentType } = await make();
    const response = await h.request('POST', '/v1/simulators', { body, headers: { 'content-type': contentType } });
    expect(response.status, response.text()).toBe(status);
    expect(response.json()).toMatchObject({ code });
    if (detail !== undefined) expect(response.json<{ detail: string }>().detail).toMatch(detail);
    const list = (await h.request('GET', '/v1/simulators')).json<{ simulators: unknown[] }>();
    expect(list.simulators).toEqual([]);
    const quota = (await h.request('GET', '/v1/quota')).json<{ builds_today: { used: number } }>();
    expect(quota.builds_today.used).toBe(0);
  });

  it('refuses a spec part over 64 MiB as soon as it is crossed', async () => {
    const h = harness({ config: { catalog: false } });
    const { body, contentType } = await encodeMultipart([{ name: 'request', value: '{}' }, { name: 'spec', value: Buffer.alloc(70 * 1024 * 1024, 0x20), filename: 'big.yaml' }]);
    let pulled = 0;
    async function* chunks() {
      for (let i = 0; i < body.length; i += 1024 * 1024) {
        pulled += 1;
        yield body.subarray(i, i + 1024 * 1024);
      }
    }
    const response = await h.request('POST', '/v1/simulators', { body: chunks(), headers: { 'content-type': contentType } });
    expect(response.status).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
    expect(response.json<{ detail: string }>().detail).toMatch(/spec/);
    expect(pulled).toBeLessThan(Math.ceil(body.length / (1024 * 1024)));
  });

  it('refuses a request part over 1 MiB and a body declared over 96 MiB', async () => {
    const h = harness({ config: { catalog: false } });
    const big = JSON.stringify({ name: 'x', instructions: null, pad: 'y'.repeat(1024 * 1024) });
    const { body, contentType } = await encodeMultipart([{ name: 'spec', value: petstore, filename: 'a.yaml' }, { name: 'request', value: big }]);
    const r1 = await h.request('POST', '/v1/simulators', { body, headers: { 'content-type': contentType } });
    expect(r1.status).toBe(413);
    expect(r1.json<{ detail: string }>().detail).toMatch(/request/);
    const r2 = await h.request('POST', '/v1/simulators', { body: Buffer.alloc(10), headers: { 'content-type': contentType, 'content-length': String(96 * 1024 * 1024 + 1) } });
    expect(r2.status).toBe(413);
  });

  it('answers 503 with Retry-After when the document cannot be stored, and keeps nothing', async () => {
    const h = harness({
      config: { catalog: false },
      blobStore: (real) => ({
        put: async (key) => {
          if (key.startsWith('specs/')) throw new Error('disk on fire');
        },
        putStream: async (key) => {
          if (key.startsWith('specs/')) throw new Error('disk on fire');
        },
        get: (key) => real.get(key),
        getStream: (key) => real.getStream(key),
        delete: (key) => real.delete(key),
        has: (key) => real.has(key),
      }),
    });
    const response = await h.upload(petstore, {});
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ code: 'internal_unavailable' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.text()).not.toContain('disk on fire');
    expect((await h.request('GET', '/v1/simulators')).json<{ simulators: unknown[] }>().simulators).toEqual([]);
    expect((await h.request('GET', '/v1/quota')).json<{ builds_today: { used: number } }>().builds_today.used).toBe(0);
  });

  it('fails the build with service_unavailable when the build service is down', async () => {
    const h = harness({ config: { catalog: false }, buildProvider: { build: async () => { throw new Error('engine gone'); } } });
    const failed = await buildReady(h, petstore);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'build_failed', reason: 'service_unavailable' });
  });
});

describe('reading and listing Simulators', () => {
  it('lists newest first with status, source and simulator filters, catalog included', async () => {
    const h = harness();
    const a = await buildReady(h, tinyDocument('A'), { references: ['alpha:1'] });
    const b = await buildReady(h, 'not: an openapi document');
    const list = (await h.request('GET', '/v1/simulators')).json<{ simulators: SimulatorView[]; next_cursor: string | null }>();
    const catalog = list.simulators.find((s) => s.source === 'catalog' && s.name === 'catalog/petstore');
    expect(catalog).toMatchObject({ name: 'catalog/petstore', status: 'ready', spec_kind: 'openapi', references: ['catalog/petstore:1.0'], workspace_id: null });
    // The catalog ships a SOAP service too, built from its WSDL.
    expect(list.simulators.find((s) => s.name === 'catalog/customers')).toMatchObject({ source: 'catalog', status: 'ready', spec_kind: 'wsdl', references: ['catalog/customers:1.0'], workspace_id: null });
    expect(list.simulators.filter((s) => s.source === 'workspace').map((s) => s.id)).toEqual([b.id, a.id]);
    const byStatus = (await h.request('GET', '/v1/simulators?status=failed')).json<{ simulators: SimulatorView[] }>();
    expect(byStatus.simulators.map((s) => s.id)).toEqual([b.id]);
    const bySource = (await h.request('GET', '/v1/simulators?source=catalog')).json<{ simulators: SimulatorView[] }>();
    expect(bySource.simulators.map((s) => s.source)).toEqual(['catalog', 'catalog']);
    const byRef = (await h.request('GET', '/v1/simulators?simulator=alpha:1')).json<{ simulators: SimulatorView[] }>();
    expect(byRef.simulators.map((s) => s.id)).toEqual([a.id]);
    const byCatalogRef = (await h.request('GET', '/v1/simulators?simulator=catalog/petstore:1.0')).json<{ simulators: SimulatorView[] }>();
    expect(byCatalogRef.simulators.map((s) => s.id)).toEqual([catalog!.id]);
  });

  it.each([
    ['status=done', 400, 'bad_request'],
    ['status=', 400, 'bad_request'],
    ['status=ready&status=failed', 400, 'bad_request'],
    ['source=elsewhere', 400, 'bad_request'],
    ['source=', 400, 'bad_request'],
    ['simulator=nothing:here', 400, 'simulator_unknown'],
    ['simulator=smr_01J00000000000000000000000', 400, 'simulator_unknown'],
    ['limit=ten', 422, 'validation'],
    ['cursor=forged', 400, 'bad_request'],
  ])('answers ?%s with %i %s', async (query, status, code) => {
    const h = harness({ config: { catalog: false } });
    const response = await h.request('GET', `/v1/simulators?${query}`);
    expect(response.status).toBe(status);
    expect(response.json()).toMatchObject({ code });
  });

  it('pages with cursors that do not work with other filters', async () => {
    const h = harness({ config: { catalog: false } });
    for (let i = 0; i < 5; i += 1) await h.upload(tinyDocument(`P${i}`), {});
    await h.settled();
    const first = (await h.request('GET', '/v1/simulators?limit=2')).json<{ simulators: SimulatorView[]; next_cursor: string }>();
    expect(first.simulators).toHaveLength(2);
    const second = (await h.request('GET', `/v1/simulators?limit=2&cursor=${first.next_cursor}`)).json<{ simulators: SimulatorView[]; next_cursor: string }>();
    expect(second.simulators.map((s) => s.id)).not.toContain(first.simulators[0]!.id);
    const foreign = await h.request('GET', `/v1/simulators?limit=2&status=ready&cursor=${first.next_cursor}`);
    expect(foreign.status).toBe(400);
  });

  it('keeps workspaces apart: 403 for another workspace, 404 for unknown IDs', async () => {
    const h = harness({ config: { catalog: false } });
    const mine = await buildReady(h, tinyDocument('Mine'));
    const theirs = await h.request('GET', `/v1/simulators/${mine.id}`, { apiKey: h.keys.beta! });
    expect(theirs.status).toBe(403);
    expect(theirs.json()).toMatchObject({ code: 'auth_forbidden' });
    const list = (await h.request('GET', '/v1/simulators', { apiKey: h.keys.beta! })).json<{ simulators: unknown[] }>();
    expect(list.simulators).toEqual([]);
    for (const id of ['smr_01J00000000000000000000000', 'nope', 'crd_01J00000000000000000000000']) {
      const response = await h.request('GET', `/v1/simulators/${id}`);
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({ code: 'simulator_not_found' });
    }
    const other = await h.request('DELETE', `/v1/simulators/${mine.id}`, { apiKey: h.keys.beta! });
    expect(other.status).toBe(403);
  });
});

describe('references', () => {
  it('adds, moves and removes name:tag references; the Simulator stays by ID', async () => {
    const h = harness({ config: { catalog: false } });
    const a = await buildReady(h, tinyDocument('A'));
    const b = await buildReady(h, tinyDocument('B'));
    expect((await h.request('PUT', `/v1/simulators/${a.id}/tag`, { json: { reference: 'things:stable' } })).status).toBe(204);
    expect((await h.request('GET', `/v1/simulators/${a.id}`)).json<SimulatorView>().references).toEqual(['things:stable']);
    expect((await h.request('PUT', `/v1/simulators/${b.id}/tag`, { json: { reference: 'things:stable' } })).status).toBe(204);
    expect((await h.request('GET', `/v1/simulators/${a.id}`)).json<SimulatorView>().references).toEqual([]);
    expect((await h.request('GET', '/v1/simulators?simulator=things:stable')).json<{ simulators: SimulatorView[] }>().simulators.map((s) => s.id)).toEqual([b.id]);
    expect((await h.request('DELETE', `/v1/simulators/${b.id}/tag`, { json: { reference: 'things:stable' } })).status).toBe(204);
    expect((await h.request('GET', `/v1/simulators/${b.id}`)).status).toBe(200);
    expect((await h.request('GET', '/v1/simulators?simulator=things:stable')).status).toBe(400);
  });

  it('takes a reference wherever a route takes a Simulator ID, its slash encoded or not', async () => {
    const h = harness();
    const mine = await buildReady(h, tinyDocument('Mine'), { references: ['team/things:v1'] });
    for (const path of ['/v1/simulators/team/things:v1', '/v1/simulators/team%2Fthings:v1']) {
      expect((await h.request('GET', path)).json<SimulatorView>().id).toBe(mine.id);
    }
    const catalog = (await h.request('GET', '/v1/simulators/catalog/petstore:1.0')).json<SimulatorView>();
    expect(catalog).toMatchObject({ name: 'catalog/petstore', source: 'catalog' });
    const operations = await h.request('GET', '/v1/simulators/catalog/petstore:1.0/operations');
    expect(operations.json<{ operations: Array<{ operation: string }> }>().operations.map((o) => o.operation)).toContain('listPets');
    expect((await h.request('PUT', '/v1/simulators/team/things:v1/tag', { json: { reference: 'things:stable' } })).status).toBe(204);
    expect((await h.request('GET', '/v1/simulators/things:stable')).json<SimulatorView>()).toMatchObject({ id: mine.id, references: ['team/things:v1', 'things:stable'] });
    // A reference names nothing of another workspace, and a path that is no reference is no Simulator.
    const foreign = await h.request('GET', '/v1/simulators/things:stable', { apiKey: h.keys.beta! });
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'simulator_not_found' });
    expect((await h.request('GET', '/v1/simulators/no/such/thing')).json()).toMatchObject({ code: 'simulator_not_found' });
    expect((await h.request('POST', '/v1/simulators/catalog/petstore:1.0')).status).toBe(405);
    expect((await h.request('DELETE', '/v1/simulators/catalog/petstore:1.0')).json()).toMatchObject({ code: 'auth_forbidden' });
    expect((await h.request('DELETE', '/v1/simulators/things:stable')).status).toBe(204);
    expect((await h.request('GET', `/v1/simulators/${mine.id}`)).status).toBe(404);
  });

  it('moves build-time references to a new build only when it is ready', async () => {
    const h = harness({ config: { catalog: false } });
    const v1 = await buildReady(h, tinyDocument('V1'), { references: ['svc:latest'] });
    const broken = await buildReady(h, 'openapi: 3.0.3', { references: ['svc:latest'] });
    expect(broken.status).toBe('failed');
    expect(broken.references).toEqual([]);
    expect((await h.request('GET', `/v1/simulators/${v1.id}`)).json<SimulatorView>().references).toEqual(['svc:latest']);
    const v2 = await buildReady(h, tinyDocument('V2'), { references: ['svc:latest'] });
    expect(v2.references).toEqual(['svc:latest']);
    expect((await h.request('GET', `/v1/simulators/${v1.id}`)).json<SimulatorView>().references).toEqual([]);
  });

  it.each([
    ['PUT', { reference: 'Bad Ref' }, 422, 'validation'],
    ['PUT', { reference: 'catalog/x:1' }, 422, 'validation'],
    ['PUT', { reference: '' }, 422, 'validation'],
    ['PUT', { ref: 'a:1' }, 422, 'validation'],
    ['DELETE', { reference: 'never:added' }, 422, 'validation'],
  ])('%s tag with %j answers %i', async (method, body, status, code) => {
    const h = harness({ config: { catalog: false } });
    const a = await buildReady(h, tinyDocument('A'));
    const response = await h.request(method, `/v1/simulators/${a.id}/tag`, { json: body });
    expect(response.status).toBe(status);
    expect(response.json()).toMatchObject({ code });
  });

  it('answers 415, 404 and 409 on tag routes as SPEC 4.2 says', async () => {
    const h = harness({ config: { catalog: false } });
    const a = await buildReady(h, tinyDocument('A'));
    const notJson = await h.request('DELETE', `/v1/simulators/${a.id}/tag`, { body: 'reference=a:1', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
    const missing = await h.request('DELETE', '/v1/simulators/smr_01J00000000000000000000000/tag', { json: { reference: 'a:1' } });
    expect(missing.status).toBe(404);
    const failed = await buildReady(h, 'openapi: 3.0.3');
    const notReady = await h.request('PUT', `/v1/simulators/${failed.id}/tag`, { json: { reference: 'a:1' } });
    expect(notReady.status).toBe(409);
    expect(notReady.json()).toMatchObject({ code: 'simulator_not_ready' });
  });
});

describe('deleting', () => {
  it('deletes with 204 and frees stored blobs; the catalog is not deletable', async () => {
    const h = harness();
    const a = await buildReady(h, tinyDocument('A'));
    const blobs = h.plane.ports.blobStore;
    expect(await blobs.has(`specs/${a.id}`)).toBe(true);
    expect((await h.request('DELETE', `/v1/simulators/${a.id}`)).status).toBe(204);
    expect((await h.request('GET', `/v1/simulators/${a.id}`)).status).toBe(404);
    expect(await blobs.has(`specs/${a.id}`)).toBe(false);
    expect(await blobs.has(`artifacts/${a.digest!.replace(':', '/')}`)).toBe(false);
    const catalog = (await h.request('GET', '/v1/simulators?source=catalog')).json<{ simulators: SimulatorView[] }>().simulators[0]!;
    const refused = await h.request('DELETE', `/v1/simulators/${catalog.id}`);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth_forbidden' });
  });

  it('refuses to delete a parent of an incremental build (409 simulator_in_use)', async () => {
    const h = harness({ config: { catalog: false } });
    const parent = await buildReady(h, tinyDocument('Parent'));
    const overlay = `overlay: 1.0.0\ninfo: {title: rename, version: "1"}\nactions:\n  - target: $.info\n    update: {title: Renamed}\n`;
    const child = await buildReady(h, overlay, { parent_id: parent.id });
    expect(child).toMatchObject({ status: 'ready', parent_id: parent.id });
    const refused = await h.request('DELETE', `/v1/simulators/${parent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'simulator_in_use' });
    expect((await h.request('DELETE', `/v1/simulators/${child.id}`)).status).toBe(204);
    expect((await h.request('DELETE', `/v1/simulators/${parent.id}`)).status).toBe(204);
  });
});

describe('incremental builds', () => {
  it('applies an Overlay to the parent document', async () => {
    const h = harness({ config: { catalog: false } });
    const parent = await buildReady(h, petstore, { references: ['pets:v1'] });
    const overlay = `overlay: 1.0.0
info: {title: drop inventory, version: "1"}
actions:
  - target: $.paths['/store/inventory']
    remove: true
`;
    const child = await buildReady(h, overlay, { parent_id: 'pets:v1' });
    expect(child.status).toBe('ready');
    expect(child.operations).toBe(parent.operations - 1);
    expect(child.digest).not.toBe(parent.digest);
  });

  it('refuses a parent that is not ready (409) and needs an overlay or instructions (422)', async () => {
    const h = harness({ config: { catalog: false } });
    const failed = await buildReady(h, 'openapi: 3.0.3');
    const { body, contentType } = await encodeMultipart([{ name: 'request', value: JSON.stringify({ parent_id: failed.id, instructions: 'add a field' }) }]);
    const notReady = await h.request('POST', '/v1/simulators', { body, headers: { 'content-type': contentType } });
    expect(notReady.status).toBe(409);
    expect(notReady.json()).toMatchObject({ code: 'simulator_not_ready' });
    const ready = await buildReady(h, tinyDocument('R'));
    const bare = await encodeMultipart([{ name: 'request', value: JSON.stringify({ parent_id: ready.id }) }]);
    const nothing = await h.request('POST', '/v1/simulators', { body: bare.body, headers: { 'content-type': bare.contentType } });
    expect(nothing.status).toBe(422);
  });
});

describe('cloning', () => {
  it('copies a ready Simulator into another workspace of the organization, once per idempotency key', async () => {
    const h = harness({ config: { catalog: false } });
    const source = await buildReady(h, petstore);
    const target = h.workspaces.beta!.id;
    const first = await h.request('POST', `/v1/simulators/${source.id}/clone`, { json: { target_workspace_id: target, idempotency_key: 'k-1', name: 'pets copy' } });
    expect(first.status).toBe(201);
    const clone = first.json<SimulatorView>();
    expect(clone).toMatchObject({ status: 'ready', digest: source.digest, workspace_id: target, name: 'pets copy', references: [] });
    const again = await h.request('POST', `/v1/simulators/${source.id}/clone`, { json: { target_workspace_id: target, idempotency_key: 'k-1' } });
    expect(again.status).toBe(201);
    expect(again.json<SimulatorView>().id).toBe(clone.id);
    const inBeta = (await h.request('GET', '/v1/simulators', { apiKey: h.keys.beta! })).json<{ simulators: SimulatorView[] }>();
    expect(inBeta.simulators.map((s) => s.id)).toEqual([clone.id]);
    // The clone works on its own: deleting the source keeps its artifact.
    expect((await h.request('DELETE', `/v1/simulators/${source.id}`)).status).toBe(204);
    const ops = await h.request('GET', `/v1/simulators/${clone.id}/operations`, { apiKey: h.keys.beta! });
    expect(ops.status).toBe(200);
  });

  it('refuses unknown workspaces, other organizations and non-ready sources', async () => {
    const h = harness({
      config: {
        catalog: false,
        organizations: [
          { name: 'one', workspaces: [{ name: 'alpha', api_keys: ['alpha-key-123'] }] },
          { name: 'two', workspaces: [{ name: 'gamma', api_keys: ['gamma-key-123'] }] },
        ],
      },
    });
    const source = await buildReady(h, tinyDocument('S'));
    const unknown = await h.request('POST', `/v1/simulators/${source.id}/clone`, { json: { target_workspace_id: 'wsp_01J00000000000000000000000', idempotency_key: 'a' } });
    expect(unknown.status).toBe(422);
    const foreign = await h.request('POST', `/v1/simulators/${source.id}/clone`, { json: { target_workspace_id: h.workspaces.gamma!.id, idempotency_key: 'b' } });
    expect(foreign.status).toBe(403);
    const failed = await buildReady(h, 'openapi: 3.0.3');
    const notReady = await h.request('POST', `/v1/simulators/${failed.id}/clone`, { json: { target_workspace_id: h.workspaces.alpha!.id, idempotency_key: 'c' } });
    expect(notReady.status).toBe(409);
  });
});

describe('operations', () => {
  it('says how each catalog operation was understood', async () => {
    const h = harness();
    await h.settled();
    const catalog = (await h.request('GET', '/v1/simulators?simulator=catalog/petstore:1.0')).json<{ simulators: SimulatorView[] }>().simulators[0]!;
    const ops = (await h.request('GET', `/v1/simulators/${catalog.id}/operations`)).json<{ operations: Array<{ operation: string; behaviour: string; resource: string | null; read_only: boolean }> }>();
    const by = Object.fromEntries(ops.operations.map((o) => [o.operation, o]));
    expect(by.listPets).toMatchObject({ behaviour: 'list', read_only: true });
    expect(by.createPet).toMatchObject({ behaviour: 'create', read_only: false });
    expect(by.getPet).toMatchObject({ behaviour: 'read', read_only: true });
    expect(by.updatePet).toMatchObject({ behaviour: 'update', read_only: false });
    expect(by.deletePet).toMatchObject({ behaviour: 'delete', read_only: false });
    expect(by.cancelOrder).toMatchObject({ behaviour: 'action', read_only: false });
    expect(by.listPets!.resource).toBe(by.getPet!.resource);
  });
});
