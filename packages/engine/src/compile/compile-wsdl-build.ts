import type { BuildOutcome } from '@simplane/core';
import { buildArtifact } from '../artifact/build-artifact.js';
import type { SoapModel } from '../artifact/soap.js';
import { type Diagnostics, reject } from '../diagnostics/diagnostics.js';
import { inferModel } from '../infer/infer-model.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { compileWsdl } from '../wsdl/compile-wsdl.js';
import { soapListShapes } from '../wsdl/list-inputs.js';
import { unwrapResults } from '../wsdl/result-wrappers.js';
import type { Checkpoints } from './checkpoint.js';
import type { PatternTest } from '../safe-pattern.js';
import { selectOperations } from './filters.js';
import { built } from './outcomes.js';

/**
 * A WSDL (or a zip of one with its XSDs) built as an OpenAPI document is: read into operations
 * with JSON Schemas, filtered by operation name, understood by the same inference (a SOAP
 * operation's name says its verb and entity), and kept in the artifact with how each operation
 * travels as SOAP.
 */
export async function compileWsdlBuild(spec: Uint8Array, filters: PatternTest[], diagnostics: Diagnostics, checkpoints: Checkpoints): Promise<BuildOutcome> {
  await checkpoints.stage('validating');
  const compiled = await compileWsdl(spec, diagnostics);
  diagnostics.rejectIfErrors();
  const read = { ...compiled, document: unwrapResults(compiled.document, compiled.soap) };
  const selected = selectOperations(read.document.operations, filters);
  if (selected.length === 0) {
    const all = read.document.operations.length;
    reject('no_operations', { location: all === 0 ? 'definitions' : 'filter' }, all > 0 ? `None of the ${all} operations matches the filter.` : 'The WSDL binds no operation that can be simulated.');
  }
  await checkpoints.stage('compiling', selected.length, 0);
  const document = { ...read.document, operations: selected };
  const lookup = new SchemaLookup(document.schemas);
  const inferred = inferModel(selected, lookup, new Set(), document.basePaths);
  await checkpoints.operationDone(selected.length);
  const kept = new Set(selected.map((op) => op.id));
  const soap: SoapModel = { documents: read.soap.documents, operations: Object.fromEntries(Object.entries(read.soap.operations).filter(([id]) => kept.has(id))), ...(read.soap.types === undefined ? {} : { types: read.soap.types }) };
  // A list's filters and limits are in its input message, not in query parameters.
  const model = { ...inferred, operations: soapListShapes(inferred.operations, soap, lookup) };
  const artifact = buildArtifact(document, model, read.version, diagnostics, soap);

  return built(artifact, model, { kind: 'wsdl', version: read.version }, diagnostics, checkpoints);
}
