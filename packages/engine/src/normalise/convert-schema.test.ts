import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';

describe('schemas no value can fit', () => {
  it('warns of a required property additionalProperties forbids, and of identical oneOf branches', async () => {
    const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Broken', version: '1' },
      paths: {
        '/token': { get: { operationId: 'token', responses: ok({ $ref: '#/components/schemas/Token' }) } },
        '/message': { post: { operationId: 'send', responses: ok({ oneOf: [{ description: 'SMS', type: 'object', properties: { id: { type: 'string' } } }, { description: 'MMS', type: 'object', properties: { id: { type: 'string' } } }] }) } },
        // Fine: the required name is declared, or allowed by patternProperties, or the branches differ.
        '/fine': {
          get: {
            operationId: 'fine',
            responses: ok({
              oneOf: [
                { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } }, required: ['a'] },
                { type: 'object', additionalProperties: false, patternProperties: { '^x-': { type: 'string' } }, required: ['x-b'] },
              ],
            }),
          },
        },
      },
      components: { schemas: { Token: { type: 'object', additionalProperties: false, properties: { accessToken: { type: 'string' } }, required: ['token'] } } },
    };
    const { outcome } = await compileArtifact(JSON.stringify(doc));
    expect(outcome.warnings.filter((w) => w.code === 'schema_unsatisfiable').map((w) => [w.location, w.message])).toEqual([
      ['components.schemas.Token', expect.stringContaining('"token"')],
      ['paths./message.post.responses.200.content.application/json.schema.oneOf[1]', expect.stringContaining('Branches 0 and 1')],
    ]);
  });
});
