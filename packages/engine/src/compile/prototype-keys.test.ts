import { describe, expect, it } from 'vitest';
import { matchRequest } from '../artifact/route-index.js';
import { bytes, compileArtifact } from '../testing/fixtures.js';

/** Document text naming `__proto__` must stay data: never a prototype, never a crash. */
describe('keys named __proto__', () => {
  it('are kept as ordinary names in schemas, paths and overlays', async () => {
    const doc = `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/__proto__":{"get":{"operationId":"proto","responses":{"200":{"description":"ok",
      "content":{"application/json":{"schema":{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}}}}}}}}}},
      "components":{"schemas":{"__proto__":{"type":"object"}}}}`;
    const overlay = bytes('{"overlay":"1.0.0","info":{"title":"o","version":"1"},"actions":[{"target":"$.components.schemas","update":{"__proto__":{"description":"polluted"}}}]}');
    const { artifact } = await compileArtifact(doc, { overlays: [overlay] });
    const schema = artifact.operations[0]?.responses['200']?.content['application/json']?.schema as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(artifact.schemas)).toEqual(['__proto__']);
    expect(artifact.schemas['__proto__']).toEqual({ type: 'object', description: 'polluted' });
    expect(matchRequest(artifact, 'GET', '/__proto__')).toEqual({ operation: 'proto', params: {} });
    expect(matchRequest(artifact, 'GET', '/constructor')).toBeNull();
    expect((({}) as Record<string, unknown>)['description']).toBeUndefined();
  });
});
