import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { bytes, compileArtifact, fixture } from '../testing/fixtures.js';
import { ARTIFACT_FORMAT, ARTIFACT_VERSION } from './artifact.js';
import { artifactKey, readArtifact } from './build-artifact.js';

const FIXTURES = [
  'petstore-3.0.yaml', 'petstore-2.0.yaml', 'shop-3.1.json', 'bank-3.0.yaml', 'blog-2.0.json', 'saas-3.1.yaml',
  'events-cursor-3.0.json', 'zoo-circular-3.0.yaml', 'examples-3.0.yaml', 'security-3.0.json', 'coupons-3.1.json', 'files-routes-3.1.yaml',
];

describe('the artifact', () => {
  it.each(FIXTURES)('%s: same document, same bytes and digest', async (name) => {
    const first = await compileArtifact(fixture(name));
    const second = await compileArtifact(fixture(name));
    expect(second.outcome.digest).toBe(first.outcome.digest);
    expect(Buffer.from(second.outcome.artifact).equals(Buffer.from(first.outcome.artifact))).toBe(true);
    expect(first.artifact).toMatchObject({ format: ARTIFACT_FORMAT, version: ARTIFACT_VERSION });
  });

  it.each(FIXTURES)('%s: every schema is valid JSON Schema 2020-12 with resolvable refs, and examples fit', async (name) => {
    const { artifact } = await compileArtifact(fixture(name));
    const ajv = new Ajv2020.default({ strict: false, validateFormats: false, allErrors: true });
    const check = (schema: unknown, value?: unknown) => {
      const validate = ajv.compile(typeof schema === 'boolean' ? schema : { ...(schema as object), schemas: artifact.schemas });
      return value === undefined ? true : validate(value);
    };
    for (const schema of Object.values(artifact.schemas)) check(schema);
    for (const op of artifact.operations) {
      for (const p of op.parameters) check(p.schema);
      const media = [...Object.values(op.requestBody?.content ?? {}), ...Object.values(op.responses).flatMap((r) => Object.values(r.content))];
      for (const entry of media) {
        if (entry.schema === null) continue;
        for (const example of entry.examples) expect(check(entry.schema, example.value), `${op.id} ${example.name}`).toBe(true);
        check(entry.schema);
      }
    }
  });

  it('does not depend on the order of keys in the document', async () => {
    const doc = JSON.parse(new TextDecoder().decode(fixture('shop-3.1.json'))) as { components: Record<string, Record<string, unknown>> };
    const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
    const shuffled = { ...doc, components: reversed(Object.fromEntries(Object.entries(doc.components).map(([k, v]) => [k, reversed(v)]))) };
    const a = await compileArtifact(JSON.stringify(doc));
    const b = await compileArtifact(JSON.stringify(reversed(shuffled)));
    expect(b.outcome.digest).toBe(a.outcome.digest);
  });

  it('changes digest when the document changes', async () => {
    const a = await compileArtifact(fixture('petstore-3.0.yaml'));
    const b = await compileArtifact(new TextDecoder().decode(fixture('petstore-3.0.yaml')).replace('version: 1.0.0', 'version: 1.0.1'));
    expect(b.outcome.digest).not.toBe(a.outcome.digest);
  });

  it('is read back only in its own format and version', async () => {
    const { outcome } = await compileArtifact(fixture('petstore-3.0.yaml'));
    expect(readArtifact(outcome.artifact).spec.title).toBe('Swagger Petstore');
    expect(() => readArtifact(bytes('{"format":"simplane.artifact","version":5}'))).toThrow(/version 5/);
    expect(() => readArtifact(bytes('{"format":"other"}'))).toThrow(/not a Simplane artifact/);
    expect(artifactKey(outcome.digest)).toBe(`artifacts/sha256/${outcome.digest.slice(7)}`);
  });

  it('summarises operations for the operations endpoint', async () => {
    const { outcome } = await compileArtifact(fixture('bank-3.0.yaml'));
    expect(outcome.operations.find((o) => o.operation === 'searchTransfers')).toEqual({
      operation: 'searchTransfers',
      method: 'POST',
      path: '/transfers/search',
      behaviour: 'list',
      resource: 'transfers',
      read_only: true,
      tool: { name: 'searchTransfers', description: 'POST /transfers/search (list on transfers). Read-only.' },
    });
    expect(outcome.specKind).toBe('openapi');
    expect(outcome.specVersion).toBe('3.0.3');
  });
});
