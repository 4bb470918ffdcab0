/**
 * A Simulation at the edges of its document, through the harness: percent-encoded paths,
 * Accept, a body an operation refuses, an operation without success, Digest authentication,
 * readOnly and writeOnly fields, form bodies read by their encoding.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@simplane/harness';
import { CAMERA, DIGEST } from '../support/edge-documents.js';

let h: Harness;
afterEach(() => h.close());

async function camera() {
  h = createHarness({ config: { catalog: false } });
  await h.buildSimulator(CAMERA, { references: ['camera:v1'] });
  return h.createSimulation('camera:v1');
}

describe('a Simulation at the edges of its document', () => {
  it('routes a path with a space and a `|`, and negotiates Accept', async () => {
    const sim = await camera();
    expect((await h.sim(sim, 'GET', '/media/live%20view%7Chd')).status).toBe(200);
    expect((await h.sim(sim, 'GET', '/media/live%20view%7Chd', { headers: { accept: 'application/sdp, */*;q=0.1' } })).headers['content-type']).toBe('application/sdp');
    const refused = await h.sim(sim, 'GET', '/media/live%20view%7Chd', { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(406);
    expect(refused.headers['content-type']).toBe('application/problem+json');
    expect(refused.json()).toMatchObject({ status: 406, title: 'Not Acceptable' });
  });

  it('refuses a body where the document declares a 415, answers an operation without success as it declares', async () => {
    const sim = await camera();
    expect((await h.sim(sim, 'POST', '/reboot', { json: { now: true } })).status).toBe(415);
    expect((await h.sim(sim, 'POST', '/reboot')).status).toBe(202);
    const moved = await h.sim(sim, 'GET', '/firmware/legacy');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBeDefined();
  });

  it('challenges for Digest credentials and takes them', async () => {
    const sim = await camera();
    const refused = await h.sim(sim, 'GET', '/snapshot');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Digest realm="simulation", qop="auth", algorithm=MD5, nonce="[0-9a-f]{32}"$/);
    expect((await h.sim(sim, 'GET', '/snapshot', { headers: { authorization: DIGEST } })).status).toBe(200);
  });

  it('creates without the readOnly id, and still requires the writeOnly pin, which it never answers', async () => {
    const sim = await camera();
    const created = await h.sim(sim, 'POST', '/presets', { json: { name: 'Door', pin: '1234' } });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(String), name: 'Door' });
    expect(created.json()).not.toHaveProperty('pin');
    const missing = await h.sim(sim, 'POST', '/presets', { json: { name: 'Door' } });
    expect(missing.status).toBe(422);
    expect(missing.text()).toContain('pin');
  });

  it('reads a form body by its encoding and checks its base64', async () => {
    const sim = await camera();
    const form = (body: string) => ({ body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const position = encodeURIComponent(JSON.stringify({ x: 10, y: 20 }));
    expect((await h.sim(sim, 'POST', '/overlays', form(`text=Front%20door&position=${position}&logo=aGk%3D`))).status).toBe(204);
    expect((await h.sim(sim, 'POST', '/overlays', form(`text=x&position=${encodeURIComponent('{"x": 1}')}`))).status).toBe(422);
    expect((await h.sim(sim, 'POST', '/overlays', form('text=x&logo=%25%25'))).status).toBe(422);
    expect((await h.sim(sim, 'POST', '/overlays', form('logo=aGk%3D'))).status).toBe(422);
  });
});
