import { describe, expect, it } from 'vitest';
import type { Artifact, ArtifactOperation, ArtifactParameter } from '../artifact/artifact.js';
import { restTool } from './rest-tool.js';
import { ToolDefinitionCopies, ToolSchemaWriter } from './tool-schemas.js';

const param = (name: string, where: ArtifactParameter['in'], extra: Partial<ArtifactParameter> = {}): ArtifactParameter => ({ name, in: where, required: false, schema: { type: 'string' }, style: where === 'query' ? 'form' : 'simple', explode: where === 'query', ...extra });
const operation = (extra: Partial<ArtifactOperation>): ArtifactOperation => ({ id: 'op', method: 'GET', path: '/items/{id}', parameters: [param('id', 'path', { required: true })], requestBody: null, responses: {}, security: [], ...extra }) as ArtifactOperation;
const artifact = { schemas: {}, securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, token: { type: 'bearer', source: 'http' }, q: { type: 'apiKey', in: 'query', name: 'key' } } } as unknown as Artifact;
const tool = (op: ArtifactOperation) => restTool(artifact, op, new ToolSchemaWriter(new ToolDefinitionCopies({})));

describe('a REST tool, as the build decides it', () => {
  it('takes each parameter in its group, and says how the query writes it', () => {
    const { input, call } = tool(operation({ parameters: [param('id', 'path', { required: true }), param('ids', 'query', { explode: false, required: true }), param('X-Trace', 'header'), param('session', 'cookie')] }));
    expect(input).toMatchObject({ required: ['path', 'query'], additionalProperties: false, properties: { path: { required: ['id'], additionalProperties: false }, query: { required: ['ids'] }, headers: { properties: { 'x-trace': { type: 'string' } } } } });
    expect(call).toEqual({ path: ['id'], query: [{ name: 'ids', style: 'form', explode: false }], headers: ['x-trace'], body: null });
  });

  it('never takes the headers a client writes itself or the platform reads, nor a name no header can have', () => {
    const { input, call } = tool(operation({ parameters: [param('id', 'path', { required: true }), param('Content-Type', 'header'), param('Simulation-Token', 'header'), param('bad header', 'header'), param('X-Ok', 'header')] }));
    expect(call.headers).toEqual(['x-ok']);
    expect(Object.keys((input['properties'] as { headers: { properties: object } }).headers.properties)).toEqual(['x-ok']);
  });

  it('writes the body as JSON where the operation takes JSON, as a form where only a form, as text where only text', () => {
    const body = (...media: string[]) => tool(operation({ method: 'POST', requestBody: { required: true, content: Object.fromEntries(media.map((m) => [m, { schema: null, examples: [] }])) } })).call.body;
    expect(body('application/xml', 'application/json')).toEqual({ media: 'application/json', as: 'json' });
    expect(body('application/x-www-form-urlencoded')).toEqual({ media: 'application/x-www-form-urlencoded', as: 'form' });
    expect(body('text/plain')).toEqual({ media: 'text/plain', as: 'text' });
  });

  it("asks for the operation's credential where its one way of proving who it is names one", () => {
    const both = tool(operation({ security: [['key', 'token', 'q']] }));
    expect(both.input).toMatchObject({ required: ['path', 'query', 'headers'], properties: { headers: { required: ['x-api-key', 'authorization'] }, query: { required: ['key'] } } });
    expect(both.call).toMatchObject({ headers: ['x-api-key', 'authorization'], query: [{ name: 'key', style: 'form', explode: true }] });
    const either = tool(operation({ security: [['key'], []] }));
    expect(either.input).toMatchObject({ required: ['path'], properties: { headers: { properties: { 'x-api-key': { type: 'string' } } } } });
  });
});
