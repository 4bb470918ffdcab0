import type { SpecificationIssue, SpecificationValidation } from '../errors/specification-validation.js';
import type { BuildErrorCode, BuildErrorReason, BuildStage, SpecKind } from '../builds/build-provider.port.js';

export const SIMULATOR_STATUSES = ['pending', 'building', 'ready', 'failed', 'canceled'] as const;
export type SimulatorStatus = (typeof SIMULATOR_STATUSES)[number];

export const SIMULATOR_SOURCES = ['workspace', 'catalog'] as const;
export type SimulatorSource = (typeof SIMULATOR_SOURCES)[number];

/** Statuses a build can still leave: the ones cancel acts on. */
export const UNFINISHED: readonly SimulatorStatus[] = ['pending', 'building'];

export interface SimulatorError {
  code: BuildErrorCode;
  detail: string;
  reason: BuildErrorReason | null;
  agent_message: string | null;
  validation: SpecificationValidation | null;
}

export interface BuildState {
  stage: BuildStage;
  operations_total: number;
  operations_done: number;
  started_at: string | null;
  deadline: string | null;
  warnings: SpecificationIssue[];
}

/**
 * Who runs a build, and until when. The owner renews it while the build runs; a build whose
 * lease ran out (its process died) is taken over by another process, or by the next start.
 */
export interface BuildLease {
  /** The process (scheduler instance) running the build. */
  owner: string;
  expiresAt: string;
}

/** A Simulator as stored. Catalog Simulators have no workspace and belong to everyone. */
export interface SimulatorRecord {
  id: string;
  workspaceId: string | null;
  organizationId: string | null;
  name: string;
  source: SimulatorSource;
  specKind: SpecKind | null;
  specVersion: string | null;
  /** `name:tag` references that point here now. */
  references: string[];
  /** References asked for at build time; they move here when the build is ready. */
  requestedReferences: string[];
  parentId: string | null;
  instructions: string | null;
  credentialId: string | null;
  /** Requests the build may send the Credential's real system (`probe_requests`); absent on records older than probing. */
  probeRequests?: number;
  filter: string[];
  timeoutSeconds: number;
  status: SimulatorStatus;
  cancelRequested: boolean;
  /** Set while a process holds the build (`building`); null otherwise. */
  lease: BuildLease | null;
  error: SimulatorError | null;
  build: BuildState;
  operations: number;
  digest: string | null;
  /** Blob key of the base document (shared with incremental children). */
  specBlob: string | null;
  /** Blob keys of Overlay documents applied to the base document, in order. */
  overlayBlobs: string[];
  /** For clones: the workspace's idempotency key and the Simulator cloned. */
  cloneKey: string | null;
  clonedFrom: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The API view (DESIGN section 3). */
export interface SimulatorView {
  id: string;
  name: string;
  source: SimulatorSource;
  spec_kind: SpecKind | null;
  spec_version: string | null;
  references: string[];
  parent_id: string | null;
  instructions: string | null;
  credential_id: string | null;
  status: SimulatorStatus;
  error: SimulatorError | null;
  build: BuildState;
  operations: number;
  digest: string | null;
  workspace_id: string | null;
  created_at: string;
  updated_at: string;
}

export function toSimulatorView(r: SimulatorRecord): SimulatorView {
  return {
    id: r.id,
    name: r.name,
    source: r.source,
    spec_kind: r.specKind,
    spec_version: r.specVersion,
    references: [...r.references],
    parent_id: r.parentId,
    instructions: r.instructions,
    credential_id: r.credentialId,
    status: r.status,
    error: r.error,
    build: r.build,
    operations: r.operations,
    digest: r.digest,
    workspace_id: r.workspaceId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** Where the artifact of a digest, its operation list, its lifecycle rules and its shared entities live in the BlobStore. */
export const blobKeys = {
  spec: (simulatorId: string) => `specs/${simulatorId}`,
  overlay: (simulatorId: string) => `overlays/${simulatorId}`,
  artifact: (digest: string) => `artifacts/${digest.replace(':', '/')}`,
  operations: (digest: string) => `artifacts/${digest.replace(':', '/')}.operations.json`,
  lifecycle: (digest: string) => `artifacts/${digest.replace(':', '/')}.lifecycle.json`,
  entities: (digest: string) => `artifacts/${digest.replace(':', '/')}.entities.json`,
  /** What the build learned from the real system, for incremental builds to keep. */
  lessons: (digest: string) => `artifacts/${digest.replace(':', '/')}.lessons.json`,
} as const;

/** The build state of a Simulator that has not left the queue. */
export function queuedBuild(): BuildState {
  return { stage: 'queued', operations_total: 0, operations_done: 0, started_at: null, deadline: null, warnings: [] };
}

/** What every new Simulator starts with; callers give the rest. */
export type NewSimulator = Pick<SimulatorRecord, 'id' | 'workspaceId' | 'organizationId' | 'name' | 'source' | 'specKind' | 'createdAt'> &
  Partial<SimulatorRecord>;

/** A pending record with no build yet: the one shape every way of creating a Simulator starts from. */
export function pendingSimulator(fields: NewSimulator): SimulatorRecord {
  return {
    specVersion: null,
    references: [],
    requestedReferences: [],
    parentId: null,
    instructions: null,
    credentialId: null,
    filter: [],
    timeoutSeconds: 14_400,
    status: 'pending',
    cancelRequested: false,
    lease: null,
    error: null,
    build: queuedBuild(),
    operations: 0,
    digest: null,
    specBlob: null,
    overlayBlobs: [],
    cloneKey: null,
    clonedFrom: null,
    updatedAt: fields.createdAt,
    ...fields,
  };
}
