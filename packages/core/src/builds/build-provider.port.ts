import type { SpecificationIssue, SpecificationValidation } from '../errors/specification-validation.js';
import type { RealSystemConnection } from '../credentials/real-system-client.port.js';

export const SPEC_KINDS = ['openapi', 'wsdl'] as const;
export type SpecKind = (typeof SPEC_KINDS)[number];

/** Build stages, in order (DESIGN section 3). */
export const BUILD_STAGES = ['queued', 'parsing', 'validating', 'compiling', 'probing', 'storing', 'complete'] as const;
export type BuildStage = (typeof BUILD_STAGES)[number];

/** How an operation was understood (DESIGN section 3, `GET /v1/simulators/{id}/operations`). */
export const OPERATION_BEHAVIOURS = ['create', 'read', 'list', 'replace', 'update', 'delete', 'action', 'static'] as const;
export type OperationBehaviour = (typeof OPERATION_BEHAVIOURS)[number];

export interface OperationSummary {
  /** The document's operationId, or `METHOD /path` when it has none. */
  operation: string;
  method: string;
  path: string;
  behaviour: OperationBehaviour;
  /** The inferred resource (e.g. `pets`, `pets.toys`), or null for static operations. */
  resource: string | null;
  /** True when the operation provably cannot change state. */
  read_only: boolean;
  /**
   * The tool an agent calls it by (the MCP endpoints), as the build decided it and
   * `x-simplane-tool` corrected it; null where it is not offered. Absent for a Simulator built
   * before tools were decided at build time.
   */
  tool?: { name: string; description: string } | null;
}

/**
 * One lifecycle rule of a build, declared or inferred, as `GET /v1/simulators/{id}/operations`
 * lists it: what time will do to a resource's records (docs/clock.md).
 */
export interface LifecycleSummary {
  resource: string;
  name: string;
  source: 'declared' | 'inferred';
  type: 'expiry' | 'set' | 'delete';
  /** Due at a time field of the record, or a duration (ISO 8601) after one. */
  trigger: { at: string } | { after: string; from: string };
  effect: { set: Record<string, unknown> } | { delete: true };
  /** Fires only where each named field holds one of its values; null for always. */
  when: Record<string, unknown[]> | null;
  /** The rule in a sentence: `status becomes "expired" at expires_at, when status is "active"`. */
  description: string;
}

/**
 * A resource whose records other Simulators may hold too (a top-level collection of a named
 * schema with an id field): Simulators whose entities have the same schema, id field and digest
 * seed the same records from one seed, so a World's members agree on them.
 */
export interface EntitySummary {
  resource: string;
  /** The component schema's name, e.g. `Customer`. */
  schema: string;
  id_field: string;
  /** `sha256:<hex>` of what the records are made from: the normalised schema and those it refers to. */
  digest: string;
}

export interface BuildProgress {
  stage: BuildStage;
  operationsTotal: number;
  operationsDone: number;
}

/** Why a build was stopped from outside. */
export type BuildAbortReason = 'canceled' | 'time_limit';

export interface BuildRequest {
  /** The document: uploaded bytes, or the parent's document for an incremental build. */
  spec: Uint8Array;
  /** What the caller says the document is; null lets the provider recognise it. */
  specKind: SpecKind | null;
  /** Regular expressions on operationId (or WSDL operation name); empty keeps every operation. */
  filter: string[];
  /**
   * OpenAPI Overlay 1.0 documents applied to `spec`, in order, before compiling: an incremental
   * build carries its ancestors' overlays and then its own.
   */
  overlays: Uint8Array[];
  /** Free-text instructions recorded with the build. */
  instructions: string | null;
  /** The end of the build budget by the process clock; a provider stops at its next checkpoint past it. */
  deadline: Date;
  /** Aborted with a BuildAbortReason when the build is canceled or runs out of time. */
  signal: AbortSignal;
  onProgress(progress: BuildProgress): void;
  /**
   * The real system a build with a Credential asks (docs/credentials.md); `refused` when it may
   * not be asked (its address, a Credential gone), which the build reports as a warning; null
   * for none.
   */
  probe?: BuildProbe | { refused: string } | null;
  /**
   * What an earlier build learned from the real system, as its provider gave it
   * (`BuildSuccess.lessons`): an incremental build that names no Credential keeps its parent's.
   */
  lessons?: Uint8Array | null;
}

/**
 * A connection to the real system a Credential points at, opened for one build. The provider
 * sends it only safe requests, at most `budget` of them, and keeps nothing of the `secret`.
 */
export interface BuildProbe {
  connection: RealSystemConnection;
  /** Headers every request carries: the Credential's header with its secret. */
  headers: Record<string, string>;
  /** The Credential's secret, scrubbed from everything the build keeps. */
  secret: string;
  /** Requests at most, retries included (`probe_requests`). */
  budget: number;
}

export type BuildErrorCode = 'build_failed' | 'build_canceled' | 'specification_validation_failed';
export type BuildErrorReason = 'canceled' | 'specification_invalid' | 'time_limit' | 'service_unavailable' | 'build_failed';

export interface BuildFailure {
  code: BuildErrorCode;
  detail: string;
  reason: BuildErrorReason;
  /** Plain text for an AI agent on what to change; at most 4 KiB. */
  agentMessage: string | null;
  validation: SpecificationValidation | null;
}

export interface BuildSuccess {
  /** The serialised artifact; named by `digest`. */
  artifact: Uint8Array;
  /** `sha256:<hex>` of `artifact`. */
  digest: string;
  specKind: SpecKind;
  specVersion: string;
  operations: OperationSummary[];
  /**
   * Every lifecycle rule of the artifact, by resource and then rule order. Optional: a provider
   * whose artifacts schedule nothing leaves it out, and it lists as none.
   */
  lifecycle?: LifecycleSummary[];
  /** The resources that are shared entities, in the artifact's order; optional, as `lifecycle` is. */
  entities?: EntitySummary[];
  /** Survivable problems; at most 40. */
  warnings: SpecificationIssue[];
  /** What the build learned from the real system, for builds that inherit it (`BuildRequest.lessons`); absent for nothing. */
  lessons?: Uint8Array;
}

export type BuildOutcome = ({ ok: true } & BuildSuccess) | ({ ok: false } & BuildFailure);

/**
 * Port: turns a document into an artifact. Contract:
 * - never throws for a bad document: that is `{ok: false}` with diagnostics;
 * - honours `signal` and `deadline` at checkpoints, answering `build_canceled`/`canceled` or
 *   `build_failed`/`time_limit`;
 * - is deterministic: the same request gives the same artifact bytes and digest, except for
 *   what a `probe` answers;
 * - fetches nothing from the network on behalf of a document: the only requests it sends are
 *   a `probe`'s, through its connection.
 * A thrown error means the provider itself is unavailable (reason `service_unavailable`).
 */
export interface BuildProvider {
  build(request: BuildRequest): Promise<BuildOutcome>;
}

export const BUILD_LIMITS = { warnings: 40, agentMessageBytes: 4096 } as const;
