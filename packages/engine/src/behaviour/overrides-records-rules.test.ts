import { describe, expect, it } from 'vitest';
import { bytes, compileArtifact, fixture } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

/**
 * The record decisions of version 4 (catalogs, deleted forms, maps, derived fields) and an
 * operation's credential parameters, each corrected through an Overlay: the artifact holds the
 * correction and the Simulation follows it.
 */
const overlay = (actions: unknown[]) => bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'corrections', version: '1' }, actions }));
const on = (target: string, behaviour: unknown) => ({ target, update: { 'x-simplane-behaviour': behaviour } });

async function corrected(name: string, ...actions: unknown[]): Promise<SimClient> {
  const { artifact, outcome } = await compileArtifact(fixture(`records/${name}`), { overlays: [overlay(actions)] });
  // The fixtures' own slips (an unknown format) aside, every correction is taken.
  expect(outcome.warnings.filter((w) => w.code === 'behaviour_override_invalid')).toEqual([]);
  return SimClient.open(artifact, { sampleRecords: 0 });
}

const bearer = { authorization: 'Bearer sk-test' };
const basic = { authorization: `Basic ${Buffer.from('sk_test:').toString('base64')}` };
const form = { ...basic, 'content-type': 'application/x-www-form-urlencoded' };

describe('x-simplane-behaviour on the record decisions of version 4', () => {
  it('`catalog: false` makes an unknown model not found', async () => {
    const client = await corrected('models-catalog-3.1.yaml', on('$.components.schemas.Model', { records: { catalog: false } }));
    expect(client.call({ method: 'GET', path: '/v1/models/ft:custom', headers: bearer }).status).toBe(404);
  });

  it('`deleted: null` makes a deleted customer not found, and `maps: []` replaces metadata whole', async () => {
    const client = await corrected('customers-deleted-3.0.yaml', on('$.components.schemas.customer', { records: { deleted: null, maps: [] } }));
    const id = (client.call({ method: 'POST', path: '/v1/customers', headers: form, body: 'metadata[plan]=pro' }).json as { id: string }).id;
    const updated = client.call({ method: 'POST', path: `/v1/customers/${id}`, headers: form, body: 'metadata[seats]=5' });
    expect((updated.json as { metadata: unknown }).metadata).toEqual({ seats: '5' });
    client.call({ method: 'DELETE', path: `/v1/customers/${id}`, headers: basic });
    expect(client.call({ method: 'GET', path: `/v1/customers/${id}`, headers: basic }).status).toBe(404);
  });

  it('`derived` writes a field from the template it gives', async () => {
    const client = await corrected('issues-self-3.0.yaml', on('$.components.schemas.IssueBean', { records: { derived: [{ field: 'self', template: 'https://tracker.example.org/browse/{issueIdOrKey}' }] } }));
    const made = client.call({ method: 'POST', path: '/rest/api/3/issue', headers: { authorization: 'Basic dTpw' }, body: { fields: { summary: 'Broken' } } });
    const { id, self } = made.json as { id: string; self: string };
    expect(self).toBe(`https://tracker.example.org/browse/${id}`);
  });
});

describe('x-simplane-behaviour on credential parameters', () => {
  const document = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Chat', version: '1' },
    paths: {
      '/chat.postMessage': {
        post: {
          operationId: 'postMessage',
          parameters: [{ name: 'token', in: 'header', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } } },
        },
      },
    },
  });

  it('`credentialParameters: []` makes the Authorization header no stand-in for the token', async () => {
    const send = async (actions: unknown[]) => {
      const { artifact } = await compileArtifact(document, actions.length === 0 ? {} : { overlays: [overlay(actions)] });
      const client = await SimClient.open(artifact, { sampleRecords: 0 });
      return client.call({ method: 'POST', path: '/chat.postMessage', headers: { authorization: 'Bearer xoxb-1' } }).status;
    };
    expect(await send([])).toBe(200);
    expect(await send([on("$.paths['/chat.postMessage'].post", { credentialParameters: [] })])).toBe(400);
  });
});
