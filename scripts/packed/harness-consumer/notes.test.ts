/**
 * A downstream test suite that installed only @simplane/harness: it simulates its own OpenAPI
 * document and calls the Simulation and the control plane, all in memory.
 */
import { createHarness, type Harness } from '@simplane/harness';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const notesApi = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Notes', version: '1.0.0' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        responses: { '200': { description: 'Notes', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } } },
      },
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewNote' } } } },
        responses: { '201': { description: 'The new note', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } },
      },
    },
    '/notes/{noteId}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'A note', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
          '404': { description: 'No such note' },
        },
      },
    },
  },
  components: {
    schemas: {
      NewNote: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 200 } } },
      Note: { type: 'object', required: ['id', 'text'], properties: { id: { type: 'string' }, text: { type: 'string' } } },
    },
  },
});

describe('a project that installed @simplane/harness', () => {
  let simplane: Harness;

  beforeEach(() => {
    simplane = createHarness();
  });

  afterEach(async () => {
    await simplane.close();
  });

  it('simulates its own document and calls the Simulation with fetch', async () => {
    const notes = await simplane.simulate(notesApi, { seed: 'packed', sample_records: 0, build: { references: ['notes:v1'] } });
    const created = await notes.fetch(`${notes.baseUrl}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hello' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const note = (await created.json()) as { id: string; text: string };
    expect(note.text).toBe('hello');

    const read = await notes.fetch(`${notes.baseUrl}/notes/${encodeURIComponent(note.id)}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(note);
    // The lower-level calls reach the same Simulation; without its token the platform refuses.
    expect((await simplane.sim(notes, 'GET', '/notes')).json()).toEqual([note]);
    expect((await simplane.sim(notes, 'GET', '/notes', { token: null })).status).toBe(401);
    expect((await simplane.createSimulation('notes:v1', { seed: 'again' })).simulator_id).toBe(notes.simulation.simulator_id);
  });

  it('answers the control plane with keys ready and workspaces apart', async () => {
    const created = await simplane.request('POST', '/v1/credentials', { json: { name: 'sandbox', header: 'X-Api-Key', value: 'sk_test_1' } });
    expect(created.status, created.text()).toBe(201);
    const { id } = created.json<{ id: string }>();
    const read = await simplane.fetch(`${simplane.baseUrl}/v1/credentials/${id}`, { headers: { authorization: `Bearer ${simplane.apiKey}` } });
    expect(read.status).toBe(200);
    expect((await simplane.request('GET', `/v1/credentials/${id}`, { apiKey: simplane.keys.beta! })).status).toBe(403);
    expect((await simplane.fetch(`${simplane.baseUrl}/v1/credentials`)).status).toBe(401);
  });
});
