import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { SimClient } from '../../testing/sim-client.js';

const document = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Names', version: '1' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        responses: {
          '200': {
            description: 'pets',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      id: { type: 'string' },
                      name: { type: 'string', example: 'Rex' },
                      display_title: { type: 'string', example: 'Good boy' },
                      code: { type: 'string', pattern: '^[A-Z]+$', example: 'REX' },
                      short_name: { type: 'string', maxLength: 3, example: 'Rex' },
                      species: { type: 'string', example: 'dog' },
                    },
                    required: ['id', 'name', 'display_title', 'code', 'short_name', 'species'],
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

describe('sample records named from a single example', () => {
  it('number their names after the first, where the name still validates, and leave other fields as the example', async () => {
    const client = await SimClient.open((await compileArtifact(document)).artifact, { sampleRecords: 3 });
    const pets = client.call({ method: 'GET', path: '/pets' }).json as Array<Record<string, string>>;
    expect(pets.map((p) => p.name)).toEqual(['Rex', 'Rex 2', 'Rex 3']);
    expect(pets.map((p) => p.display_title)).toEqual(['Good boy', 'Good boy 2', 'Good boy 3']);
    // A pattern or a length the numbered name breaks keeps the example; a field that is not a name is the example.
    expect(new Set(pets.map((p) => p.code))).toEqual(new Set(['REX']));
    expect(new Set(pets.map((p) => p.short_name))).toEqual(new Set(['Rex']));
    expect(new Set(pets.map((p) => p.species))).toEqual(new Set(['dog']));
  });
});
