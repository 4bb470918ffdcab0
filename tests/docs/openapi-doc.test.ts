import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openApiYaml } from '@simplane/cli';
import { createHarness } from '@simplane/harness';

const committed = readFileSync(new URL('../../docs/openapi.yaml', import.meta.url), 'utf8');

function operations(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('docs/openapi.yaml', () => {
  const harness = createHarness();
  const routeTable = harness.plane.routes.map((r) => `${r.method} ${r.path}`).sort();

  it('has exactly the paths and methods of the route table', () => {
    expect(operations(parse(committed))).toEqual(routeTable);
  });

  it('is the document generated from the code (run `npm run docs:openapi` after changing routes)', () => {
    expect(parse(committed)).toEqual(parse(openApiYaml()));
  });

  it('is served without authentication at GET /v1/openapi.json', async () => {
    const response = await harness.request('GET', '/v1/openapi.json', { apiKey: null });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    const served = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(parse(committed));
  });

  it('documents an operationId once per operation and the Error schema for every failure', () => {
    const doc = parse(committed) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) >= 400) {
            expect(response.content?.['application/problem+json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
          }
        }
      }
    }
  });
});
