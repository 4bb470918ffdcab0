import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Artifact, ArtifactOperation } from '../../artifact/artifact.js';
import { compileArtifact, fixture } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimCall } from '../../testing/sim-client.js';
import { collectionName } from '../records/collections.js';
import { EngineRuntime } from '../engine-runtime.js';
import { generateValue } from '../values/generate-value.js';
import { randomFor } from '../values/random.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { requestParts } from '../../testing/request-parts.js';

const FIXTURES = readdirSync(new URL('../../../test-fixtures/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => entry.name)
  .sort();

interface Command {
  op: number;
  pick: number;
  seed: number;
}

/** A request the operation accepts: path ids taken from state where a resource names them, other values generated. */
function validRequest(client: SimClient, artifact: Artifact, registry: SchemaRegistry, op: ArtifactOperation, command: Command): SimCall {
  const random = randomFor('request', command.seed);
  const gen = { registry, random, now: client.start };
  const params: Record<string, string> = {};
  const pathParams = op.parameters.filter((p) => p.in === 'path').sort((a, b) => op.path.indexOf(`{${a.name}}`) - op.path.indexOf(`{${b.name}}`));
  for (const p of pathParams) {
    const owner = artifact.resources.find((r) => r.idParameter === p.name && r.itemPath !== null && op.path.startsWith(r.itemPath));
    const keys = owner ? [...client.state.entries(collectionName(owner, params))].map(([k]) => k) : [];
    params[p.name] = keys.length > 0 && command.pick % 5 !== 0 ? (keys[command.pick % keys.length] as string) : String(generateValue(p.schema, gen));
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const { headers, query, body } = requestParts(artifact, op, gen, () => random.next() < 0.5);
  return { method: op.method, path, query, headers, ...(body === undefined ? {} : { body }) };
}

describe('property: valid request sequences', () => {
  it.each(FIXTURES)('%s: every answer fits its declared schema, never a 500, seeded at once or a part at a time', async (name) => {
    const { artifact } = await compileArtifact(fixture(name));
    const checker = new ResponseChecker(artifact);
    const runtime = new EngineRuntime();
    const statuses = new Map<number, number>();
    const command = fc.record({ op: fc.nat(), pick: fc.nat(), seed: fc.nat() });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 30, maxLength: 30 }), fc.string({ maxLength: 6 }), async (commands, seed) => {
        const client = await SimClient.open(artifact, { seed, sampleRecords: 2, runtime });
        // A twin seeded a part at a time, as the platform seeds, must answer byte for byte the same.
        const twin = await SimClient.open(artifact, { seed, sampleRecords: 2, runtime, lazySeeding: true });
        for (const c of commands) {
          const op = artifact.operations[c.op % artifact.operations.length] as ArtifactOperation;
          const request = validRequest(client, artifact, checker.registry, op, c);
          const answer = client.call(request);
          const same = twin.call(request);
          expect([same.status, same.headers, same.text], `${op.id} ${JSON.stringify(request)}`).toEqual([answer.status, answer.headers, answer.text]);
          // An operation that declares no success answers the first response it declares.
          if (Object.keys(op.responses).some((key) => /^2/.test(key) || key === 'default')) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          expect(answer.status, `${op.id} ${JSON.stringify(request)}`).toBeLessThan(500);
          expect(checker.problem(answer), `${JSON.stringify(request)}`).toBeNull();
        }
      }),
      { numRuns: 50, seed: 20241122 },
    );
    // Most generated requests are valid, so most answers succeed.
    const ok = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(ok / [...statuses.values()].reduce((n, c) => n + c, 0)).toBeGreaterThan(0.5);
  }, 60_000);

  it.each(FIXTURES)('%s: malformed requests never throw and never answer 500', async (name) => {
    const { artifact } = await compileArtifact(fixture(name));
    const checker = new ResponseChecker(artifact);
    const runtime = new EngineRuntime();
    const client = await SimClient.open(artifact, { seed: 'fuzz', sampleRecords: 2, runtime });
    const segment = fc.oneof(fc.constantFrom('x', '1', '%ZZ', '', 'a%2Fb', '..', '{id}'), fc.string({ maxLength: 8 }).map(encodeURIComponent));
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'BREW'),
      op: fc.nat(),
      replace: fc.array(segment, { maxLength: 4 }),
      query: fc.string({ maxLength: 30 }),
      contentType: fc.constantFrom(undefined, 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b', 'text/plain', 'application/merge-patch+json', ';;'),
      body: fc.option(fc.oneof(fc.string({ maxLength: 60 }), fc.json({ maxDepth: 3 }))),
      auth: fc.constantFrom(undefined, 'Bearer', 'Basic', 'Basic Og==', 'Bearer t', 'Basic dTpw'),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const op = artifact.operations[r.op % artifact.operations.length] as ArtifactOperation;
        let i = 0;
        const path = op.path.replace(/\{[^}]+\}/g, () => r.replace[i++] ?? 'x');
        const headers: Record<string, string> = {};
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.auth) headers.authorization = r.auth;
        const answer = client.call({ method: r.method, path, query: r.query, headers, ...(r.body === null ? {} : { body: r.body }) });
        expect(answer.status).toBeLessThan(500);
        expect(checker.problem(answer)).toBeNull();
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
