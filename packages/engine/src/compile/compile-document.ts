import type { BuildOutcome, BuildRequest } from '@simplane/core';
import { buildArtifact } from '../artifact/build-artifact.js';
import { Diagnostics, reject, SpecificationRejected } from '../diagnostics/diagnostics.js';
import { inferModel } from '../infer/infer-model.js';
import { isObject } from '../json.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { normaliseDocument } from '../normalise/normalise-document.js';
import { listOperations } from '../normalise/operations.js';
import { applyOverlay } from '../overlay/apply-overlay.js';
import { detectKind } from '../parse/detect-kind.js';
import { parseText } from '../parse/parse-document.js';
import { compileFilters, selectOperations } from './filters.js';
import { compileWsdlBuild } from './compile-wsdl-build.js';
import { isWsdl } from '../parse/detect-kind.js';
import { checkRefs } from '../validate/check-refs.js';
import { checkResponses } from '../validate/check-responses.js';
import { checkSemantics } from '../validate/check-semantics.js';
import { validateStructure } from '../validate/structural.js';
import { BuildStopped, Checkpoints, type CompileHooks } from './checkpoint.js';
import { built, failed, rejected, stopped } from './outcomes.js';

/** The part of a BuildRequest the compiler reads; plain data, so it crosses a worker boundary. */
export type CompileInput = Pick<BuildRequest, 'spec' | 'specKind' | 'filter' | 'overlays'>;

async function compile(input: CompileInput, checkpoints: Checkpoints): Promise<BuildOutcome> {
  const diagnostics = new Diagnostics();
  await checkpoints.stage('parsing', 0, 0);
  const filters = compileFilters(input.filter);
  if (isWsdl(input.spec, input.specKind)) {
    if (input.overlays.length > 0) reject('overlay_invalid', { location: 'spec' }, 'An Overlay applies to an OpenAPI document; this Simulator was built from a WSDL. Rebuild it from a corrected WSDL instead.');
    return compileWsdlBuild(input.spec, filters, diagnostics, checkpoints);
  }
  let parsed = parseText(input.spec);
  if (input.overlays.length > 0) detectKind(parsed, input.specKind);
  // An incremental build carries its ancestors' overlays, then its own: applied in that order.
  let written = input.spec.byteLength;
  for (const [index, overlay] of input.overlays.entries()) {
    written += overlay.byteLength;
    parsed = { ...parsed, value: applyOverlay(parsed.value, overlay, diagnostics, index, written) };
  }
  const document = detectKind(parsed, input.specKind);

  await checkpoints.stage('validating');
  // Structural slips are warnings; what fails a build is found from here on, all of it before
  // refusing (a reference that goes nowhere is skipped while operations are listed).
  validateStructure(document, diagnostics);
  checkRefs(document.root, diagnostics);
  const all = listOperations(document.root, { root: document.root, diagnostics });
  checkSemantics(document.root, all, diagnostics);
  diagnostics.rejectIfErrors();
  const selected = selectOperations(all, filters);
  if (selected.length === 0) {
    const why = all.length > 0 ? `None of the ${all.length} operations matches the filter.` : isObject(document.root['paths']) ? 'The document declares no operations.' : 'The document declares no operations: `paths` is not an object.';
    reject('no_operations', { location: all.length === 0 ? 'paths' : 'filter' }, why);
  }

  await checkpoints.stage('compiling', selected.length, 0);
  const normalised = await normaliseDocument(document, selected, diagnostics, (done) => checkpoints.operationDone(done));
  diagnostics.rejectIfErrors();
  checkResponses(normalised.operations, diagnostics);
  const model = inferModel(normalised.operations, new SchemaLookup(normalised.schemas), new Set(selected.filter((raw) => raw.queryVariant).map((raw) => raw.id)), normalised.basePaths);
  const artifact = buildArtifact(normalised, model, document.version, diagnostics);

  return built(artifact, model, { kind: 'openapi', version: document.version }, diagnostics, checkpoints);
}

/**
 * Compiles a document into an artifact: parse (and overlay), validate, normalise, infer,
 * serialise. Pure apart from the hooks; never throws for a bad document or a stop, answering
 * the outcome the BuildProvider port describes instead.
 */
export async function compileDocument(input: CompileInput, hooks: CompileHooks = {}): Promise<BuildOutcome> {
  const checkpoints = new Checkpoints(hooks);
  try {
    return await compile(input, checkpoints);
  } catch (error) {
    if (error instanceof SpecificationRejected) return rejected(error.issues, error.total);
    if (error instanceof BuildStopped) return stopped(error.reason);
    if (error instanceof RangeError) return failed('The document is too complex to compile within the engine limits.');
    return failed(`The compiler failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
  }
}
