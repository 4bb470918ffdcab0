import { describe, expect, it } from 'vitest';
import { readArtifact } from '../artifact/build-artifact.js';
import { toolSchemas } from './decide-tools.js';
import { EngineSimulator } from '../runtime/loaded-simulator.js';
import { compileArtifact, fixture } from '../testing/fixtures.js';

/** A small REST API; `extensions` are put on its operations by operationId. */
function notes(extensions: Record<string, unknown> = {}): string {
  const on = (id: string) => (Object.hasOwn(extensions, id) ? { 'x-simplane-tool': extensions[id] } : {});
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1' },
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } }, schemas: { Note: { type: 'object', required: ['text'], properties: { id: { type: 'string', readOnly: true }, text: { type: 'string' } } } } },
    security: [{ key: [] }],
    paths: {
      '/notes': {
        get: { operationId: 'listNotes', parameters: [{ name: 'tags', in: 'query', style: 'pipeDelimited', explode: false, schema: { type: 'array', items: { type: 'string' } } }], responses: { 200: { description: 'the notes', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } } }, ...on('listNotes') },
        post: { operationId: 'createNote', summary: 'Write a note', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } }, responses: { 201: { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } }, ...on('createNote') },
      },
      '/notes/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'getNote', parameters: [{ name: 'If-None-Match', in: 'header', schema: { type: 'string' } }, { name: 'Accept', in: 'header', schema: { type: 'string' } }], responses: { 200: { description: 'the note', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } }, ...on('getNote') },
        delete: { operationId: 'deleteNote', responses: { 204: { description: 'gone' } }, ...on('deleteNote') },
      },
    },
  });
}

const toolOf = (artifact: Awaited<ReturnType<typeof compileArtifact>>['artifact'], id: string) => artifact.operations.find((op) => op.id === id)!.tool;

describe("the build decides each operation's tool", () => {
  it('for REST: its name, description and where each argument goes, kept in the artifact, and its schemas written from it', async () => {
    const { artifact, outcome } = await compileArtifact(notes());
    expect(toolOf(artifact, 'getNote')).toEqual({
      name: 'getNote',
      description: 'GET /notes/{id} (read on notes). Read-only.',
      rest: { path: ['id'], query: [], headers: ['if-none-match', 'x-api-key'], body: null },
    });
    expect(toolOf(artifact, 'listNotes')?.rest?.query).toEqual([{ name: 'tags', style: 'pipeDelimited', explode: false }]);
    expect(toolOf(artifact, 'createNote')?.rest?.body).toEqual({ media: 'application/json', as: 'json' });
    const written = toolSchemas(artifact);
    expect(written.schemas.get('getNote')).toMatchObject({
      input: { root: { required: ['path', 'headers'], properties: { path: { required: ['id'] }, headers: { required: ['x-api-key'] } } }, defs: [] },
      output: { root: { properties: { body: { $ref: '#/$defs/Note' } } }, defs: ['Note'] },
    });
    expect(written.schemas.get('deleteNote')?.output).toBeNull();
    expect(written.definitions).toEqual({ Note: { type: 'object', required: ['text'], properties: { id: { type: 'string', readOnly: true }, text: { type: 'string' } } } });
    expect(outcome.operations.map((o) => o.tool?.name)).toEqual(['listNotes', 'createNote', 'getNote', 'deleteNote']);
  });

  it('for SOAP: a `{body}` input of the request message, and no REST call', async () => {
    const { artifact } = await compileArtifact(fixture('wsdl/crm-customers.wsdl'));
    const create = toolOf(artifact, 'CreateCustomer')!;
    expect(create.name).toBe('CreateCustomer');
    expect(create.description).toMatch(/^Registers a new customer; .*\n\nSOAP operation CreateCustomer \(create on Customer\)\. Can change/);
    expect(create.rest).toBeUndefined();
    const written = toolSchemas(artifact).schemas.get('CreateCustomer');
    expect(written).toMatchObject({ input: { root: { required: ['body'], additionalProperties: false } } });
    expect(written?.output).not.toBeNull();
  });

  it('is corrected by `x-simplane-tool`: renamed, described, hidden', async () => {
    const { artifact, outcome } = await compileArtifact(notes({ getNote: { name: 'read_note', description: 'Reads one note by its id.' }, deleteNote: { offered: false }, listNotes: { offered: true } }));
    expect(toolOf(artifact, 'getNote')).toMatchObject({ name: 'read_note', description: 'Reads one note by its id.' });
    expect(toolOf(artifact, 'deleteNote')).toBeNull();
    expect(toolOf(artifact, 'listNotes')?.name).toBe('listNotes');
    expect(outcome.warnings).toEqual([]);
    expect(outcome.operations.find((o) => o.operation === 'deleteNote')?.tool).toBeNull();
    const offered = new EngineSimulator(artifact).tools().list.map((tool) => [tool.operation, tool.name]);
    expect(offered).toEqual([['listNotes', 'listNotes'], ['createNote', 'createNote'], ['getNote', 'read_note']]);
  });

  it('warns of an override it cannot use and keeps its own decision there', async () => {
    const { artifact, outcome } = await compileArtifact(
      notes({ getNote: { name: 'read note!', colour: 'blue' }, listNotes: { name: 'createNote', offered: 'no' }, createNote: { name: 'notes' }, deleteNote: { name: 'notes', description: '' } }),
    );
    expect(outcome.warnings.map((w) => [w.code, w.operation, w.location])).toEqual([
      ['tool_override_invalid', 'listNotes', 'paths./notes.get.x-simplane-tool.offered'],
      ['tool_override_invalid', 'getNote', 'paths./notes/{id}.get.x-simplane-tool.name'],
      ['tool_override_invalid', 'getNote', 'paths./notes/{id}.get.x-simplane-tool.colour'],
      ['tool_override_invalid', 'deleteNote', 'paths./notes/{id}.delete.x-simplane-tool.description'],
      ['tool_override_invalid', 'deleteNote', 'paths./notes/{id}.delete.x-simplane-tool.name'],
    ]);
    // `listNotes` takes the name `createNote`; the operation of that id, which gave its own, keeps it.
    expect(artifact.operations.map((op) => op.tool?.name)).toEqual(['createNote', 'notes', 'getNote', 'deleteNote']);
    expect(toolOf(artifact, 'deleteNote')?.description).toBe('DELETE /notes/{id} (delete on notes). Can change the Simulation\'s state (recorded as a step).');
  });

  it("offers no operation of the AWS protocols, whose calls a client library writes, whatever an override says", async () => {
    const target = 'Things_20240101.DescribeThing';
    const { artifact, outcome } = await compileArtifact(JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'things', version: '1' },
      paths: {
        [`/#X-Amz-Target=${target}`]: {
          post: {
            operationId: 'DescribeThing',
            'x-simplane-tool': { offered: true },
            parameters: [{ name: 'X-Amz-Target', in: 'header', required: true, schema: { type: 'string', enum: [target] } }],
            requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { Name: { type: 'string' } } } } } },
            responses: { 200: { description: 'the thing', content: { 'application/json': { schema: { type: 'object', properties: { Name: { type: 'string' } } } } } } },
          },
        },
      },
    }));
    expect(artifact.operations[0]).toMatchObject({ protocol: 'aws-json', tool: null });
    expect(outcome.warnings.map((w) => [w.code, w.location])).toEqual([['tool_override_invalid', `paths./#X-Amz-Target=${target}.post.x-simplane-tool.offered`]]);
    expect(new EngineSimulator(artifact).tools().list).toEqual([]);
  });

  it('for an artifact built before tools were kept, as its engine offered them', async () => {
    const { artifact } = await compileArtifact(notes({ getNote: { name: 'read_note' } }));
    const older = { ...artifact, operations: artifact.operations.map(({ tool: _tool, ...op }) => op) };
    const bytes = new TextEncoder().encode(JSON.stringify(older));
    const tools = new EngineSimulator(readArtifact(bytes)).tools();
    expect(tools.list.map((tool) => tool.name)).toEqual(['listNotes', 'createNote', 'getNote', 'deleteNote']);
    expect(tools.list.find((tool) => tool.name === 'createNote')?.inputSchema).toMatchObject({ properties: { body: { $ref: '#/$defs/Note' } }, $defs: { Note: { required: ['text'] } } });
    expect(tools.request('getNote', { path: { id: 'n 1' }, headers: { 'X-Api-Key': 'k' } })).toMatchObject({ method: 'GET', path: '/notes/n%201', headers: { 'x-api-key': 'k' } });
  });
});
