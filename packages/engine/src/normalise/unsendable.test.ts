import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';

describe('response headers that cannot be sent', () => {
  it('are left out of a 2.0 document with header_unsendable: a header value and a produced media type with a line break', async () => {
    const doc = JSON.stringify({
      swagger: '2.0',
      info: { title: 't', version: '1' },
      produces: ['application/json', 'text/plain\r\nX-Evil: 1'],
      paths: {
        '/a': {
          get: {
            operationId: 'getA',
            responses: {
              '200': {
                description: 'ok',
                schema: { type: 'object' },
                headers: { 'X-Kept': { type: 'string', enum: ['yes'] }, 'X-Split': { type: 'string', default: 'a\nb' }, 'X-Wide': { type: 'string', 'x-example': '日本' } },
              },
            },
          },
        },
      },
    });
    const { artifact, outcome } = await compileArtifact(doc);
    expect(outcome.warnings.filter((w) => w.code === 'header_unsendable').map((w) => w.location)).toEqual([
      'paths./a.get.responses.200.headers.X-Split',
      'paths./a.get.responses.200.headers.X-Wide',
      'paths./a.get.responses.200.content',
    ]);
    const response = artifact.operations.find((o) => o.id === 'getA')!.responses['200']!;
    expect(Object.keys(response.headers)).toEqual(['X-Kept']);
    expect(Object.keys(response.content)).toEqual(['application/json']);
  });
});
