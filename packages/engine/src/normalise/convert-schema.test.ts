import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
import { unhinted } from '../testing/unhinted.js';

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

describe('a schema that gives no type and several schemas under items', () => {
  const channel = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id'] };
  const im = { type: 'object', properties: { id: { type: 'string' }, user: { type: 'string' } }, required: ['id'] };
  const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
  const schemaOf = (artifact: { schemas: Record<string, unknown> }, name: string) => artifact.schemas[name] as Record<string, unknown>;

  it('is read as one of them, as Slack writes its objects, and the build says so', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Slack', version: '1' },
      paths: { '/conversations.info': { get: { operationId: 'info', responses: ok({ type: 'object', properties: { channel: { $ref: '#/components/schemas/conversation' } } }) } } },
      components: {
        schemas: {
          // Slack's objects once converted from its Swagger 2.0, where they are `items: [channel, im]`.
          conversation: { title: 'Conversation object', items: { anyOf: [channel, im] } },
          // A list that only left out `type: array` is still a list; so is a typed list of alternatives.
          tags: { description: 'labels', items: { type: 'string' } },
          mixed: { type: 'array', items: { anyOf: [channel, im] } },
          single: { items: { anyOf: [channel] } },
        },
      },
    };
    const { artifact, outcome } = await compileArtifact(JSON.stringify(doc));
    expect(unhinted(schemaOf(artifact, 'conversation'))).toEqual({ title: 'Conversation object', anyOf: [channel, im] });
    expect(unhinted(schemaOf(artifact, 'tags'))).toEqual({ description: 'labels', items: { type: 'string' } });
    expect(unhinted(schemaOf(artifact, 'mixed'))).toEqual({ type: 'array', items: { anyOf: [channel, im] } });
    expect(unhinted(schemaOf(artifact, 'single'))).toEqual({ items: { anyOf: [channel] } });
    expect(outcome.warnings.filter((w) => w.code === 'schema_items_union').map((w) => w.location)).toEqual(['components.schemas.conversation']);
  });

  it('is read so from Swagger 2.0, where the alternatives are a list under items', async () => {
    const doc = {
      swagger: '2.0',
      info: { title: 'Slack', version: '1' },
      paths: { '/users.info': { get: { operationId: 'info', responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/user' } } } } } },
      definitions: { user: { items: [channel, im] } },
    };
    const { artifact, outcome } = await compileArtifact(JSON.stringify(doc));
    expect(unhinted(schemaOf(artifact, 'user'))).toEqual({ anyOf: [channel, im] });
    expect(outcome.warnings.find((w) => w.code === 'schema_items_union')?.message).toContain('lists several schemas under items');
  });
});
