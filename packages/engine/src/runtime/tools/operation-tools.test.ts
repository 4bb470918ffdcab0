import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { EngineSimulator } from '../loaded-simulator.js';

const document = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        summary: 'Write a note',
        description: 'Notes are kept until deleted.\n\n' + 'Long. '.repeat(400),
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
        responses: { 201: { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } },
      },
    },
    '/notes/{id}': { get: { operationId: 'getNote', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'the note', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
  },
  components: { schemas: { Note: { type: 'object', required: ['text'], properties: { id: { type: 'string', readOnly: true }, text: { type: 'string' } } } } },
});

describe("a Simulator's operations as tools", () => {
  it('are described by the document and by what the build understood, within 2 KiB', async () => {
    const { artifact } = await compileArtifact(document);
    const tools = new EngineSimulator(artifact).tools().list;
    const create = tools.find((t) => t.operation === 'createNote')!;
    expect(create.description.startsWith('Write a note\n\nNotes are kept until deleted.')).toBe(true);
    // The document's description is cut at 1 KiB when read, and kept in the tool only.
    expect(create.description.split('\n\n').slice(1, -1).join('\n\n')).toHaveLength(1024);
    expect(artifact.operations.find((op) => op.id === 'createNote')?.description).toBeUndefined();
    expect(create.description.endsWith("\n\nPOST /notes (create on notes). Can change the Simulation's state (recorded as a step).")).toBe(true);
    expect(create.description.length).toBeLessThanOrEqual(2048);
    expect(tools.find((t) => t.operation === 'getNote')!.description).toBe('GET /notes/{id} (read on notes). Read-only.');
  });

  it('have an output schema only where a success answers JSON', async () => {
    const { artifact } = await compileArtifact(document);
    const tools = new EngineSimulator(artifact).tools();
    expect(tools.list.find((t) => t.operation === 'createNote')!.outputSchema).toMatchObject({ required: ['status'], properties: { body: { $ref: '#/$defs/Note' } }, $defs: { Note: { required: ['text'] } } });
    expect(tools.list.find((t) => t.operation === 'getNote')!.outputSchema).toBeNull();
    expect(tools.request('nothing', {})).toBeNull();
  });
});
