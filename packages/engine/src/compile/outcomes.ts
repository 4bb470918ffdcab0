import { BUILD_LIMITS, type BuildAbortReason, type BuildOutcome, type EntitySummary, type OperationSummary, type SpecKind, type SpecificationIssue } from '@simplane/core';
import type { Artifact } from '../artifact/artifact.js';
import { serialiseArtifact } from '../artifact/build-artifact.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import type { InferredModel } from '../infer/infer-model.js';
import { lifecycleListing } from '../lifecycle/listing.js';
import type { Checkpoints } from './checkpoint.js';

/** Plain text for an agent: every kept issue with where it is and what to do, within 4 KiB. */
function agentMessage(issues: SpecificationIssue[], total: number): string {
  const lines = [`The document cannot be simulated (${total} issue${total === 1 ? '' : 's'}). Fix these and build again:`];
  for (const issue of issues) {
    const where = [issue.operation, issue.location].filter(Boolean).join(' at ');
    lines.push(`- ${issue.code}${where ? ` (${where})` : ''}: ${issue.message} ${issue.suggestion}`);
  }
  let text = lines.join('\n');
  while (new TextEncoder().encode(text).byteLength > BUILD_LIMITS.agentMessageBytes) text = `${text.slice(0, Math.floor(text.length * 0.9))}…`;
  return text;
}

export function rejected(issues: SpecificationIssue[], total: number): BuildOutcome {
  const first = issues[0];
  const more = total > issues.length ? ` (${issues.length} of ${total} listed)` : '';
  return {
    ok: false,
    code: 'specification_validation_failed',
    reason: 'specification_invalid',
    detail: `The document cannot be simulated: ${total} issue${total === 1 ? '' : 's'}${more}${first ? `, first: ${first.message}` : ''}`,
    agentMessage: agentMessage(issues, total),
    validation: { issues },
  };
}

export function stopped(reason: BuildAbortReason): BuildOutcome {
  if (reason === 'time_limit') {
    return { ok: false, code: 'build_failed', reason: 'time_limit', detail: 'The build ran past its deadline and was stopped.', agentMessage: null, validation: null };
  }
  return { ok: false, code: 'build_canceled', reason: 'canceled', detail: 'The build was canceled.', agentMessage: null, validation: null };
}

/** A failure of the compiler itself, not of the document: reported, never thrown. */
export function failed(detail: string): BuildOutcome {
  return { ok: false, code: 'build_failed', reason: 'build_failed', detail, agentMessage: null, validation: null };
}

/** A built artifact stored as its bytes and digest, with how its operations, rules and entities were understood. */
export async function built(artifact: Artifact, model: InferredModel, spec: { kind: SpecKind; version: string }, diagnostics: Diagnostics, checkpoints: Checkpoints): Promise<BuildOutcome> {
  await checkpoints.stage('storing');
  const { bytes, digest } = serialiseArtifact(artifact);
  await checkpoints.stage('complete');
  return {
    ok: true,
    artifact: bytes,
    digest,
    specKind: spec.kind,
    specVersion: spec.version,
    operations: operationListing(artifact, model),
    lifecycle: lifecycleListing(artifact),
    entities: entityListing(artifact),
    warnings: diagnostics.warnings,
  };
}

/** How each operation was understood, and its tool, as `GET /v1/simulators/{id}/operations` lists them. */
function operationListing(artifact: Artifact, model: InferredModel): OperationSummary[] {
  const tools = new Map(artifact.operations.map((op) => [op.id, op.tool]));
  return model.operations.map((op) => {
    const tool = tools.get(op.id);
    return { operation: op.id, method: op.method, path: op.path, behaviour: op.behaviour, resource: op.resource, read_only: op.readOnly, tool: tool === undefined || tool === null ? null : { name: tool.name, description: tool.description } };
  });
}

/** The artifact's shared entities as `GET /v1/simulators/{id}/operations` lists them. */
export function entityListing(artifact: Artifact): EntitySummary[] {
  return artifact.resources.flatMap((r) => (r.entity === null ? [] : [{ resource: r.name, schema: r.entity.schema, id_field: r.entity.idField, digest: r.entity.digest }]));
}
