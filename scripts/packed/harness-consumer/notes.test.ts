/**
 * A downstream test suite that installed only @simplane/harness: it builds a Simulator from its
 * own OpenAPI document, runs a Simulation of it and calls the Simulation, all in memory.
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

  it('builds its own document and calls a Simulation of it', async () => {
    const simulator = await simplane.buildSimulator(notesApi, { references: ['notes:v1'] });
    expect(simulator.status).toBe('ready');
    const simulation = await simplane.createSimulation('notes:v1', { seed: 'packed', sample_records: 0 });

    const created = await simplane.sim(simulation, 'POST', '/notes', { json: { text: 'hello' } });
    expect(created.status, created.text()).toBe(201);
    const note = created.json<{ id: string; text: string }>();
    expect(note.text).toBe('hello');

    const read = await simplane.sim(simulation, 'GET', `/notes/${encodeURIComponent(note.id)}`);
    expect(read.status, read.text()).toBe(200);
    expect(read.json()).toEqual(note);
    expect((await simplane.sim(simulation, 'GET', '/notes')).json()).toEqual([note]);
    expect((await simplane.sim(simulation, 'GET', '/notes', { token: null })).status).toBe(401);
  });

  it('answers the control plane with keys ready and workspaces apart', async () => {
    const created = await simplane.request('POST', '/v1/credentials', { json: { name: 'sandbox', header: 'X-Api-Key', value: 'sk_test_1' } });
    expect(created.status, created.text()).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await simplane.request('GET', `/v1/credentials/${id}`)).status).toBe(200);
    expect((await simplane.request('GET', `/v1/credentials/${id}`, { apiKey: simplane.keys.beta! })).status).toBe(403);
    expect((await simplane.request('GET', '/v1/credentials', { apiKey: null })).status).toBe(401);
  });
});
