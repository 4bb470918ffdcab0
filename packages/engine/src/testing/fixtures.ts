import { readFileSync } from 'node:fs';
import type { BuildOutcome } from '@simplane/core';
import type { Artifact } from '../artifact/artifact.js';
import { readArtifact } from '../artifact/build-artifact.js';
import { compileDocument, type CompileInput } from '../compile/compile-document.js';

/** Bytes of a document in `test-fixtures/` (the same relative place from `src` and `dist`). */
export function fixture(name: string): Uint8Array {
  return readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url));
}

export function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Compiles with defaults for whatever the test does not set. */
export function compile(spec: Uint8Array | string, input: Partial<CompileInput> = {}): Promise<BuildOutcome> {
  return compileDocument({ spec: typeof spec === 'string' ? bytes(spec) : spec, specKind: null, filter: [], overlays: [], ...input });
}

/** Compiles and reads the artifact back, failing loudly with the diagnostics otherwise. */
export async function compileArtifact(spec: Uint8Array | string, input: Partial<CompileInput> = {}): Promise<{ artifact: Artifact; outcome: BuildOutcome & { ok: true } }> {
  const outcome = await compile(spec, input);
  if (!outcome.ok) throw new Error(`build failed: ${outcome.code} ${outcome.detail}\n${JSON.stringify(outcome.validation, null, 1)}`);
  return { artifact: readArtifact(outcome.artifact), outcome };
}

/** The issue codes of a failed build. */
export function issueCodes(outcome: BuildOutcome): string[] {
  return outcome.ok ? [] : (outcome.validation?.issues ?? []).map((i) => i.code);
}
