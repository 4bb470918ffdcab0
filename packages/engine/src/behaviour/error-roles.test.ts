import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { ERROR_ROLE, errorRoleOf } from '../artifact/error-role.js';
import type { JsonObject } from '../json.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';
import { markErrorRoles } from './plan-errors.js';

/** Widgets, refused in a Stripe-like error (404) and in a nested envelope with a list of what is wrong (422). */
const WIDGETS = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Widgets', version: '1' },
  paths: {
    '/widgets': {
      post: {
        operationId: 'createWidget',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } } },
        responses: {
          '201': { description: 'Made.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } } },
          '422': { description: 'Not valid.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Invalid' } } } },
        },
      },
    },
    '/widgets/{widgetId}': {
      get: {
        operationId: 'getWidget',
        parameters: [{ name: 'widgetId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'A widget.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } } },
          '404': { description: 'No such widget.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Widget: { type: 'object', required: ['name'], properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } },
      Error: {
        type: 'object',
        required: ['message', 'code', 'type'],
        properties: {
          message: { type: 'string' },
          code: { type: 'integer' },
          type: { type: 'string', enum: ['api_error', 'invalid_request_error', 'not_found_error'] },
          param: { type: 'string' },
          request_id: { type: 'string' },
        },
      },
      Invalid: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['detail'],
            properties: {
              detail: { type: 'string' },
              status: { type: 'string' },
              errors: { type: 'array', items: { type: 'object', properties: { pointer: { type: 'string' }, reason: { type: 'string' } } } },
            },
          },
        },
      },
    },
  },
});

const propertiesOf = (artifact: Artifact, name: string) => artifact.schemas[name] as { properties: Record<string, JsonObject> };
const roles = (properties: Record<string, JsonObject>) => Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, errorRoleOf(schema) ?? null]));

describe('the roles of an error schema’s fields', () => {
  it('are decided by the build and kept on each field’s schema', async () => {
    const { artifact } = await compileArtifact(WIDGETS);
    expect(roles(propertiesOf(artifact, 'Error').properties)).toEqual({
      message: { fill: 'message' },
      code: { fill: 'code' },
      type: { fill: 'kind', kinds: expect.objectContaining({ '404 not_found': 'not_found_error', '400 invalid_parameter': 'invalid_request_error' }) as unknown },
      param: { fill: 'field' },
      request_id: null,
    });
    // `api_error` names no refusal a client's request meets.
    expect(Object.values(errorRoleOf(propertiesOf(artifact, 'Error').properties.type)?.kinds ?? {})).not.toContain('api_error');
    // A nested envelope and the items of its list of what is wrong are marked too.
    const error = propertiesOf(artifact, 'Invalid').properties.error as { properties: Record<string, JsonObject & { items: { properties: Record<string, JsonObject> } }> };
    expect(errorRoleOf(propertiesOf(artifact, 'Invalid').properties.error)).toEqual({ fill: 'kind', nested: true });
    expect(roles(error.properties)).toEqual({ detail: { fill: 'message' }, status: { fill: 'code' }, errors: { fill: 'entries', nested: true } });
    expect(roles(error.properties.errors!.items.properties)).toEqual({ pointer: { fill: 'field' }, reason: { fill: 'message' } });
    // Schemas no refusal is answered with are left as they are.
    expect(roles(propertiesOf(artifact, 'Widget').properties)).toEqual({ id: null, name: null });
  });

  it('are followed by a refusal: the message, the status and the kind the build chose', async () => {
    const { artifact } = await compileArtifact(WIDGETS);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const missing = client.call({ method: 'GET', path: '/widgets/w_1' });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ message: expect.stringContaining('w_1') as unknown, code: 404, type: 'not_found_error', param: 'widgetId' });
    const invalid = client.call({ method: 'POST', path: '/widgets', body: {} });
    expect(invalid.status).toBe(422);
    const { error } = invalid.json as { error: { detail: string; status: string; errors: { pointer: string; reason: string }[] } };
    expect(error).toMatchObject({ status: 'validation_failed', errors: [{ pointer: 'name', reason: error.detail }] });
    expect(error.detail).toContain('name');
  });

  it('are read from the artifact, not from the fields’ names', async () => {
    const { artifact } = await compileArtifact(WIDGETS);
    const edited = structuredClone(artifact);
    const fields = propertiesOf(edited, 'Error').properties;
    fields.message![ERROR_ROLE] = { fill: 'title' };
    (fields.type![ERROR_ROLE] as { kinds: Record<string, string> }).kinds['404 not_found'] = 'api_error';
    fields.request_id![ERROR_ROLE] = { fill: 'message' };
    delete fields.param![ERROR_ROLE];
    const client = await SimClient.open(edited, { sampleRecords: 0 });
    const missing = client.call({ method: 'GET', path: '/widgets/w_1' });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Not Found', code: 404, type: 'api_error', request_id: expect.stringContaining('w_1') as unknown });
  });

  it('are corrected by an Overlay writing x-simplane-error on a field, and a role a refusal cannot fill is a warning', async () => {
    const onError = (field: string, role: unknown) => ({ target: `$.components.schemas.Error.properties.${field}`, update: { 'x-simplane-error': role } });
    const overlay = bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'errors', version: '1' }, actions: [onError('request_id', { fill: 'message' }), onError('param', { fill: 'postcode' })] }));
    const { artifact, outcome } = await compileArtifact(WIDGETS, { overlays: [overlay] });
    expect(outcome.warnings.map((w) => [w.code, w.location])).toEqual([['behaviour_override_invalid', 'properties.param.x-simplane-error']]);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const missing = client.call({ method: 'GET', path: '/widgets/w_1' }).json as Record<string, unknown>;
    expect(missing['request_id']).toBe(missing['message']);
    expect(missing['param']).toBe('widgetId');
  });

  it('give a schema object two fields share a copy for each, and end on a schema that holds itself', () => {
    const shared: JsonObject = { type: 'string' };
    const problem = { type: 'object', properties: { message: shared, note: shared, problem: { $ref: '#/schemas/Problem' }, errors: { type: 'array', items: { $ref: '#/schemas/Problem' } } } };
    const artifact = { schemas: { Problem: problem }, operations: [], errorFormats: { '404': { mediaType: 'application/json', schema: { $ref: '#/schemas/Problem' } } } } as unknown as Artifact;
    markErrorRoles(artifact, new SchemaRegistry(artifact));
    expect(roles(problem.properties as Record<string, JsonObject>)).toEqual({ message: { fill: 'message' }, note: null, problem: { nested: true }, errors: { fill: 'entries', nested: true } });
    expect(problem.properties.note).not.toBe(shared);
  });
});
