import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { errorFormats } from '../infer/error-formats.js';
import type { InferredModel } from '../infer/infer-model.js';
import type { NormalisedDocument } from '../normalise/model.js';
import { ARTIFACT_FORMAT, ARTIFACT_VERSION, type Artifact } from './artifact.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { emptyNode, insertRoute, schemaShape } from './route-index.js';
import { sha256Digest, stableStringify } from './serialise.js';

/** Assembles the artifact; equivalent templates under one method keep the first operation. */
export function buildArtifact(document: NormalisedDocument, model: InferredModel, specVersion: string, diagnostics: Diagnostics): Artifact {
  const routes = emptyNode();
  const lookup = new SchemaLookup(document.schemas);
  for (const op of model.operations) {
    const shape = (name: string) => {
      const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
      return parameter === undefined ? null : schemaShape(lookup.deref(parameter.schema));
    };
    if (!insertRoute(routes, op.method, op.path, op.id, shape)) {
      diagnostics.warn('path_equivalent', { operation: op.id, location: `paths.${op.path}` }, `${op.method} ${op.path} repeats an earlier path that differs only in parameter names; the earlier one answers.`);
    }
  }
  return {
    format: ARTIFACT_FORMAT,
    version: ARTIFACT_VERSION,
    spec: { kind: 'openapi', version: specVersion, title: document.title, apiVersion: document.apiVersion },
    basePaths: document.basePaths,
    schemas: document.schemas,
    securitySchemes: document.securitySchemes,
    operations: model.operations,
    routes,
    resources: model.resources,
    errorFormats: errorFormats(model.operations),
  };
}

/** The artifact's bytes (canonical JSON, UTF-8) and the digest that names them. */
export function serialiseArtifact(artifact: Artifact): { bytes: Uint8Array; digest: string } {
  const bytes = new TextEncoder().encode(stableStringify(artifact));
  return { bytes, digest: sha256Digest(bytes) };
}

/**
 * Reads artifact bytes back, refusing another format or version: a runtime must not guess at
 * an artifact it was not built for.
 */
export function readArtifact(bytes: Uint8Array): Artifact {
  const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Partial<Artifact>;
  if (value.format !== ARTIFACT_FORMAT) throw new Error('not a Simplane artifact');
  if (value.version !== ARTIFACT_VERSION) throw new Error(`artifact version ${String(value.version)} is not supported (expected ${ARTIFACT_VERSION})`);
  return value as Artifact;
}

/** Where an artifact is kept in a BlobStore: named by its digest, so storing it is idempotent. */
export function artifactKey(digest: string): string {
  return `artifacts/${digest.replace(':', '/')}`;
}
