import { readFileSync } from 'node:fs';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openApiYaml } from '@simplane/cli';
import { createHarness } from '@simplane/harness';

const committed = readFileSync(new URL('../../docs/openapi.yaml', import.meta.url), 'utf8');

/** Every `$ref` string in a document, with where it sits. */
function refsOf(value: unknown, at = '#'): Array<{ at: string; ref: string }> {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [{ at, ref: item }] : refsOf(item, `${at}/${key}`),
  );
}

/** The value a local JSON Pointer reference (`#/a/b`) names in the document, or undefined. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const segment of ref.slice(2).split('/').map((s) => decodeURIComponent(s).replaceAll('~1', '/').replaceAll('~0', '~'))) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

type ApiDocument = Exclude<Parameters<typeof validate>[0], string>;

function operations(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('docs/openapi.yaml', { timeout: 30_000 }, () => {
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

  it('is a valid OpenAPI 3.1 document as served, and every $ref in it resolves', async () => {
    const served = (await harness.request('GET', '/v1/openapi.json', { apiKey: null })).json<ApiDocument>();
    const result = await validate(structuredClone(served));
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    expect(result.warnings).toEqual([]);
    const unresolved = refsOf(served).filter(({ ref }) => resolvePointer(served, ref) === undefined);
    expect(unresolved).toEqual([]);
    expect(refsOf(served).map(({ ref }) => ref)).toContain('#/components/schemas/JsonValue');
    // The validator's own resolver follows every reference too; a recursive schema stays a cycle.
    await expect(dereference(structuredClone(served))).resolves.toMatchObject({ openapi: '3.1.0' });
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
