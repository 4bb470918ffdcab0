import { describe, expect, it } from 'vitest';
import type { BuildProgress, BuildProvider, BuildRequest } from '../builds/build-provider.port.js';
import { VALIDATION_LIMITS } from '../errors/specification-validation.js';

const TINY_OPENAPI = `{
  "openapi": "3.0.3",
  "info": { "title": "Tiny pets", "version": "1.0.0" },
  "paths": {
    "/pets": {
      "get": { "operationId": "listPets", "responses": { "200": { "description": "ok",
        "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Pet" } } } } } } },
      "post": { "operationId": "createPet", "requestBody": { "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pet" } } } },
        "responses": { "201": { "description": "created", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pet" } } } } } }
    },
    "/pets/{petId}": {
      "parameters": [{ "name": "petId", "in": "path", "required": true, "schema": { "type": "string" } }],
      "get": { "operationId": "getPet", "responses": { "200": { "description": "ok",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pet" } } } } } }
    }
  },
  "components": { "schemas": { "Pet": { "type": "object", "required": ["id", "name"],
    "properties": { "id": { "type": "string" }, "name": { "type": "string" } } } } }
}`;

function request(overrides: Partial<BuildRequest> = {}, progress: BuildProgress[] = []): BuildRequest {
  return {
    spec: new TextEncoder().encode(TINY_OPENAPI),
    specKind: null,
    filter: [],
    overlays: [],
    instructions: null,
    deadline: new Date(Date.now() + 60_000),
    signal: new AbortController().signal,
    onProgress: (p) => progress.push(p),
    ...overrides,
  };
}

/**
 * The BuildProvider contract, checked with small inline documents: a valid document builds
 * deterministically, a bad one answers diagnostics instead of throwing, and the signal and the
 * deadline stop a build with the reasons the port names.
 */
export function describeBuildProviderConformance(name: string, makeProvider: () => Promise<BuildProvider> | BuildProvider): void {
  describe(`BuildProvider conformance: ${name}`, () => {
    it('builds a tiny OpenAPI 3.0 document into an artifact named by its sha256 digest', async () => {
      const provider = await makeProvider();
      const progress: BuildProgress[] = [];
      const outcome = await provider.build(request({}, progress));
      if (!outcome.ok) throw new Error(`expected a build, got ${outcome.code}: ${outcome.detail}`);
      expect(outcome.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(outcome.artifact.byteLength).toBeGreaterThan(0);
      expect(outcome.specKind).toBe('openapi');
      expect(outcome.specVersion).toBe('3.0.3');
      expect(outcome.operations.map((o) => o.operation).sort()).toEqual(['createPet', 'getPet', 'listPets']);
      expect(outcome.warnings.length).toBeLessThanOrEqual(40);
      expect(progress.at(-1)?.stage).toBe('complete');
    });

    it('is deterministic: the same request gives the same bytes and digest', async () => {
      const provider = await makeProvider();
      const [a, b] = [await provider.build(request()), await provider.build(request())];
      if (!a.ok || !b.ok) throw new Error('expected two builds');
      expect(b.digest).toBe(a.digest);
      expect(Buffer.from(b.artifact).equals(Buffer.from(a.artifact))).toBe(true);
    });

    it('answers diagnostics, not a thrown error, for garbage bytes', async () => {
      const provider = await makeProvider();
      const outcome = await provider.build(request({ spec: new Uint8Array([0xff, 0xfe, 0x00, 0x9f, 0x80, 0x41]) }));
      if (outcome.ok) throw new Error('expected a failure');
      expect(outcome.code).toBe('specification_validation_failed');
      expect(outcome.reason).toBe('specification_invalid');
      const issues = outcome.validation?.issues ?? [];
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.length).toBeLessThanOrEqual(VALIDATION_LIMITS.issues);
      for (const issue of issues) {
        expect(['invalid', 'unsupported', 'incomplete', 'unknown']).toContain(issue.kind);
        expect(issue.operation.length).toBeLessThanOrEqual(VALIDATION_LIMITS.operation);
        expect(issue.location.length).toBeLessThanOrEqual(VALIDATION_LIMITS.location);
        expect(issue.message.length).toBeGreaterThan(0);
        expect(issue.suggestion.length).toBeGreaterThan(0);
      }
    });

    it('answers build_canceled for an aborted signal', async () => {
      const provider = await makeProvider();
      const controller = new AbortController();
      controller.abort('canceled');
      const outcome = await provider.build(request({ signal: controller.signal }));
      expect(outcome).toMatchObject({ ok: false, code: 'build_canceled', reason: 'canceled' });
    });

    it('answers build_failed with reason time_limit past the deadline', async () => {
      const provider = await makeProvider();
      const outcome = await provider.build(request({ deadline: new Date(Date.now() - 1_000) }));
      expect(outcome).toMatchObject({ ok: false, code: 'build_failed', reason: 'time_limit' });
    });
  });
}
