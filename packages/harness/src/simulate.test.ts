import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';
import { encodeMultipart } from './multipart.js';

/** A small API whose operations need a Bearer token of the simulated API's own. */
const NOTES = `openapi: 3.1.0
info: { title: Notes, version: 1.0.0 }
security: [{ bearer: [] }]
paths:
  /notes:
    get:
      operationId: listNotes
      responses:
        '200':
          description: Notes
          content: { application/json: { schema: { type: object, required: [items], properties: { items: { type: array, items: { $ref: '#/components/schemas/Note' } } } } } }
    post:
      operationId: createNote
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NoteInput' } } } }
      responses:
        '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
  /notes/{noteId}:
    parameters: [{ name: noteId, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getNote
      responses:
        '200': { description: A note, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '404': { description: Not found }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
  schemas:
    NoteInput:
      type: object
      required: [text]
      properties: { text: { type: string, maxLength: 200 } }
    Note:
      type: object
      required: [id, text]
      properties: { id: { type: string, readOnly: true }, text: { type: string } }
`;

/** TCP servers and sockets open in this process: the harness opens none. */
const tcpHandles = () => process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP'));
/** Files before this one in the same worker may still be closing sockets of their own: a test adds none. */
const tcpBefore = tcpHandles().length;

let harness: Harness;

beforeEach(() => {
  harness = createHarness({ config: { catalog: false } });
});

afterEach(async () => {
  await harness.close();
});

const simulatorCount = async () => (await harness.request('GET', '/v1/simulators?limit=100')).json<{ simulators: unknown[] }>().simulators.length;

describe('harness.fetch', { timeout: 60_000 }, () => {
  it('calls the control plane at http://simplane.test with the caller\'s own headers', async () => {
    expect(harness.baseUrl).toBe('http://simplane.test');
    const auth = new Headers({ authorization: `Bearer ${harness.apiKey}` });
    const created = await harness.fetch(
      new Request(`${harness.baseUrl}/v1/credentials`, {
        method: 'POST',
        headers: { ...Object.fromEntries(auth), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'sandbox', header: 'X-Api-Key', value: 'secret' }),
      }),
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/json/);
    const { id } = (await created.json()) as { id: string };

    const read = await harness.fetch(`${harness.baseUrl}/v1/credentials/${id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, name: 'sandbox' });
    // It adds no API key of its own.
    expect((await harness.fetch(`${harness.baseUrl}/v1/credentials/${id}`)).status).toBe(401);
    expect(tcpHandles().length).toBeLessThanOrEqual(tcpBefore);
  });

  it('takes a document upload whose multipart body is a stream of small chunks', async () => {
    const { body, contentType } = await encodeMultipart([
      { name: 'spec', value: NOTES, filename: 'notes.yaml' },
      { name: 'request', value: JSON.stringify({ references: ['notes:v1'] }), filename: 'request.json', contentType: 'application/json' },
    ]);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // Small pieces, as a socket would hand them over.
        for (let at = 0; at < body.length; at += 100) controller.enqueue(body.subarray(at, at + 100));
        controller.close();
      },
    });
    const accepted = await harness.fetch(`${harness.baseUrl}/v1/simulators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${harness.apiKey}`, 'content-type': contentType },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: string };
    await harness.settled();
    expect((await harness.request('GET', `/v1/simulators/${id}`)).json()).toMatchObject({ status: 'ready', operations: 3, references: ['notes:v1'] });
  });

  it('serves the base the caller chooses, and only that', async () => {
    const own = createHarness({ config: { catalog: false }, baseUrl: 'https://simplane.internal.test/api/' });
    try {
      expect(own.baseUrl).toBe('https://simplane.internal.test/api');
      const quota = await own.fetch('https://simplane.internal.test/api/v1/quota', { headers: { authorization: `Bearer ${own.apiKey}` } });
      expect(quota.status).toBe(200);
      await expect(own.fetch('http://simplane.test/v1/quota')).rejects.toThrow(/^fetch failed: http:\/\/simplane\.test\/v1\/quota/);
      const sim = await own.simulate(NOTES);
      expect(sim.baseUrl).toBe(`https://simplane.internal.test/api/sim/${sim.id}`);
      expect((await sim.fetch(`${sim.baseUrl}/notes`, { headers: { authorization: 'Bearer abc' } })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('harness.simulate', { timeout: 60_000 }, () => {
  it('answers a Simulation\'s base URL and a fetch that carries its token, keeping the API\'s own Authorization', async () => {
    const api = await harness.simulate(NOTES, { seed: 'notes', sample_records: 0, name: 'my notes', metadata: { suite: 'harness' } });
    expect(api.id).toMatch(/^sim_/);
    expect(api.baseUrl).toBe(`http://simplane.test/sim/${api.id}`);
    expect(api.token).toBe(api.simulation.token);
    expect(api.simulation).toMatchObject({ seed: 'notes', name: 'my notes', metadata: { suite: 'harness' } });

    const created = await api.fetch(`${api.baseUrl}/notes`, {
      method: 'POST',
      headers: { authorization: 'Bearer the-apis-own-token', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'buy milk' }),
    });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: string; text: string };
    expect(note.text).toBe('buy milk');
    const read = await api.fetch(`${api.baseUrl}/notes/${encodeURIComponent(note.id)}`, { headers: { authorization: 'Bearer the-apis-own-token' } });
    expect(await read.json()).toEqual(note);
    expect((await api.fetch(`${api.baseUrl}/notes`, { headers: { authorization: 'Bearer x' } })).status).toBe(200);

    // The simulated API still asks for its own credentials: the Authorization header is the caller's.
    const unauthorised = await api.fetch(`${api.baseUrl}/notes`);
    expect(unauthorised.status).toBe(401);
    // Without the token the data plane refuses; a token the caller sets is sent as it is.
    expect((await harness.fetch(`${api.baseUrl}/notes`, { headers: { authorization: 'Bearer x' } })).status).toBe(401);
    const wrong = await api.fetch(`${api.baseUrl}/notes`, { headers: { authorization: 'Bearer x', 'Simulation-Token': 'not-the-token' } });
    expect(wrong.status).toBe(401);
    const own = await api.fetch(`${api.baseUrl}/notes`, { headers: { authorization: 'Bearer x', 'Simulation-Token': api.token } });
    expect(own.status).toBe(200);
    expect(tcpHandles().length).toBeLessThanOrEqual(tcpBefore);
  });

  it('builds a document once: the same bytes and build request reuse the Simulator', async () => {
    const first = await harness.simulate(NOTES, { build: { references: ['notes:v1'] } });
    const second = await harness.simulate(Buffer.from(NOTES), { build: { references: ['notes:v1'] }, seed: 'other' });
    expect(second.id).not.toBe(first.id);
    expect(second.simulation.simulator_id).toBe(first.simulation.simulator_id);
    expect(await simulatorCount()).toBe(1);

    // Separate Simulations: what one creates the other does not see.
    const headers = { authorization: 'Bearer x', 'content-type': 'application/json' };
    await first.fetch(`${first.baseUrl}/notes`, { method: 'POST', headers, body: JSON.stringify({ text: 'only in the first' }) });
    const listed = (await (await second.fetch(`${second.baseUrl}/notes`, { headers })).json()) as { items: Array<{ text: string }> };
    expect(listed.items.map((n) => n.text)).not.toContain('only in the first');

    // Another build request, another document or another workspace is another build.
    await harness.simulate(NOTES, { build: { references: ['notes:v2'] } });
    await harness.simulate(NOTES.replace('version: 1.0.0', 'version: 1.0.1'), { build: { references: ['notes:v1'] } });
    expect(await simulatorCount()).toBe(3);
    const beta = await harness.simulate(NOTES, { build: { references: ['notes:v1'] }, apiKey: harness.keys.beta! });
    expect(beta.simulation.simulator_id).not.toBe(first.simulation.simulator_id);
    expect(await simulatorCount()).toBe(3);
  });

  it('builds again when the Simulator it built before was deleted', async () => {
    const first = await harness.simulate(NOTES, { sample_records: 0 });
    expect((await harness.request('DELETE', `/v1/simulations/${first.id}`)).status).toBe(204);
    expect((await harness.request('DELETE', `/v1/simulators/${first.simulation.simulator_id}`)).status).toBe(204);
    const again = await harness.simulate(NOTES, { sample_records: 0 });
    expect(again.simulation.simulator_id).not.toBe(first.simulation.simulator_id);
    expect(await simulatorCount()).toBe(1);
  });

  it('builds once when two simulations of one document start together', async () => {
    const [a, b] = await Promise.all([harness.simulate(NOTES), harness.simulate(NOTES)]);
    expect(a.simulation.simulator_id).toBe(b.simulation.simulator_id);
    expect(await simulatorCount()).toBe(1);
  });

  it('rejects a document that does not build, and builds it again on the next call', async () => {
    await expect(harness.simulate('openapi: 3.1.0\npaths: 7\n')).rejects.toThrow(/build failed/);
    await expect(harness.simulate('openapi: 3.1.0\npaths: 7\n')).rejects.toThrow(/build failed/);
    expect(await simulatorCount()).toBe(2);
  });
});
