import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { errorFormats } from '../infer/error-formats.js';
import type { InferredModel } from '../infer/infer-model.js';
import type { NormalisedDocument } from '../normalise/model.js';
import { ARTIFACT_FORMAT, ARTIFACT_VERSION, type Artifact } from './artifact.js';
import type { SoapModel } from './soap.js';
import { withDeclaredRules } from '../lifecycle/resource-rules.js';
import { upgradeV1 } from '../lifecycle/upgrade-v1.js';
import { upgradeV2 } from '../entities/upgrade-v2.js';
import { linkedByAsMatched } from '../behaviour/linked-by-upgrade.js';
import { upgradeV3 } from '../behaviour/upgrade-v3.js';
import { withPlans } from '../behaviour/plan-artifact.js';
import { withBehaviourOverrides } from '../behaviour/overrides.js';
import { withEntities } from '../entities/entity.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { withRpcPosts } from '../infer/rpc-post.js';
import { withTools } from '../tools/decide-tools.js';
import { emptyNode, insertRoute, schemaShape } from './route-index.js';
import { sha256Digest, stableStringify } from './serialise.js';

/** Assembles the artifact; equivalent templates under one method keep the first operation. A WSDL's operations are found by the SOAP protocol, not by path, and take no route. */
export function buildArtifact(document: NormalisedDocument, model: InferredModel, specVersion: string, diagnostics: Diagnostics, soap?: SoapModel): Artifact {
  const routes = emptyNode();
  const lookup = new SchemaLookup(document.schemas);
  for (const op of soap === undefined ? model.operations : []) {
    const shape = (name: string) => {
      const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
      return parameter === undefined ? null : schemaShape(lookup.deref(parameter.schema));
    };
    if (!insertRoute(routes, op.method, op.path, op.id, shape)) {
      diagnostics.warn('path_equivalent', { operation: op.id, location: `paths.${op.path}` }, `${op.method} ${op.path} repeats an earlier path that differs only in parameter names; the earlier one answers.`);
    }
  }
  const artifact: Artifact = {
    format: ARTIFACT_FORMAT,
    version: ARTIFACT_VERSION,
    spec: { kind: soap === undefined ? 'openapi' : 'wsdl', version: specVersion, title: document.title, apiVersion: document.apiVersion },
    basePaths: document.basePaths,
    schemas: document.schemas,
    securitySchemes: document.securitySchemes,
    // An API of methods named in paths answers a POST to a GET method as the GET (infer/rpc-post.ts).
    operations: withRpcPosts(model.operations),
    routes,
    resources: model.resources,
    errorFormats: errorFormats(model.operations, lookup),
    ...(soap === undefined ? {} : { soap }),
  };
  // Declared lifecycle rules are checked against the finished schemas (a `set` value must fit).
  const ruled = { ...artifact, resources: withDeclaredRules(artifact, specVersion, diagnostics) };
  const partial = new Set(document.operations.flatMap((op) => (op.partialUpdate === true ? [op.id] : [])));
  const described = new Map(document.operations.flatMap((op) => (op.describedIds === undefined ? [] : [[op.id, op.describedIds] as const])));
  const decided = withBehaviourOverrides(withPlans({ ...ruled, resources: withEntities(ruled) }, 4, { partial, described }, diagnostics), diagnostics, document.behaviourOverrides ?? []);
  // Tools are decided last: they describe what the operations were understood to do.
  return withTools(decided, diagnostics, document.toolOverrides ?? []);
}

/** The artifact's bytes (canonical JSON, UTF-8) and the digest that names them. */
export function serialiseArtifact(artifact: Artifact): { bytes: Uint8Array; digest: string } {
  const bytes = new TextEncoder().encode(stableStringify(artifact));
  return { bytes, digest: sha256Digest(bytes) };
}

/**
 * Reads artifact bytes back, refusing another format or a version it does not know: a runtime
 * must not guess at an artifact it was not built for. A version 1 artifact (a Simulator built
 * before lifecycle rules), a version 2 one (before shared entities) or a version 3 one (before
 * behaviour was kept as data) is upgraded in memory, so it keeps the behaviour it was built
 * with; its bytes and digest stay as they were. (One built before tools were kept is given
 * them when first asked for them: tools/decide-tools.ts, toolsAsOffered.)
 */
export function readArtifact(bytes: Uint8Array): Artifact {
  const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Omit<Partial<Artifact>, 'version'> & { version?: unknown };
  if (value.format !== ARTIFACT_FORMAT) throw new Error('not a Simplane artifact');
  if (![1, 2, 3, ARTIFACT_VERSION].includes(value.version as number)) throw new Error(`artifact version ${String(value.version)} is not supported (expected 1 to ${ARTIFACT_VERSION})`);
  // Upgrades read every operation and resource: an artifact without them is refused before they run.
  if (!Array.isArray(value.operations) || !Array.isArray(value.resources) || typeof value.routes !== 'object' || value.routes === null) {
    throw new Error('the artifact is incomplete (operations, resources or routes missing)');
  }
  if (value.version === 1) return upgradeV3(upgradeV2(upgradeV1(value as Parameters<typeof upgradeV1>[0])));
  if (value.version === 2) return upgradeV3(upgradeV2(value as Parameters<typeof upgradeV2>[0]));
  if (value.version === 3) return upgradeV3(value as Parameters<typeof upgradeV3>[0]);
  // A version 4 artifact built before lists kept their linked fields is given them as its engine matched.
  return linkedByAsMatched(value as Artifact);
}

/** Where an artifact is kept in a BlobStore: named by its digest, so storing it is idempotent. */
export function artifactKey(digest: string): string {
  return `artifacts/${digest.replace(':', '/')}`;
}
