import type { KeyStore } from '../auth/key-store.port.js';
import type { BlobStore } from '../blobs/blob-store.port.js';
import type { EntitySummary, LifecycleSummary, OperationSummary } from '../builds/build-provider.port.js';
import type { CredentialService } from '../credentials/credential.service.js';
import { parseInput } from '../errors/zod-validation.js';
import { SimplaneError, validationError } from '../errors/simplane-error.js';
import { isId, type IdGenerator } from '../ids/id.js';
import type { CursorCodec } from '../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../pagination/page.js';
import type { BuildAllowance } from '../quotas/build-allowance.js';
import type { Runtime, SimulatorBehaviour } from '../runtime/runtime.port.js';
import type { Principal } from '../tenancy/tenancy.js';
import { formatTime, type Clock } from '../time/clock.port.js';
import type { BuildScheduler } from './build-scheduler.js';
import { readBehaviour } from './simulator-behaviour.js';
import { blobKeys, pendingSimulator, SIMULATOR_SOURCES, SIMULATOR_STATUSES, toSimulatorView, UNFINISHED, type SimulatorRecord, type SimulatorView } from './simulator.js';
import { buildRequestInput, type CloneInput } from './simulator-input.js';
import { isCatalogReference, isReference } from './simulator-reference.js';
import type { SimulatorFilter, SimulatorRepository } from './simulator.repository.port.js';

/** What `POST /v1/simulators` received, after the multipart parts were read. */
export interface SimulatorUpload {
  /** The `spec` part; null when absent (allowed only with `parent_id`). */
  spec: Uint8Array | null;
  /** The file name the client gave the `spec` part, if any. */
  filename: string | null;
  /** The parsed `request` part, not yet validated. */
  request: unknown;
}

export interface SimulatorListParams extends PageParams {
  status?: string;
  source?: string;
  simulator?: string;
}

export interface SimulatorPage {
  simulators: SimulatorView[];
  next_cursor: string | null;
}

/**
 * Counts what still uses a Simulator (Simulations now, Worlds later); a Simulator in use may
 * not be deleted. Wired in the composition root, so this service needs no other resource's port.
 */
export type SimulatorDependents = (simulatorId: string) => Promise<number>;

/**
 * Why the build provider would refuse a `filter` entry, or null when it runs it. Wired in the
 * composition root from the provider's own rule, so a filter its build would refuse (a
 * lookaround, which filters' linear-time matching cannot run) is `422 validation` at once, not
 * a `202` whose build fails later, and the rule lives once, in the provider.
 */
export type FilterCheck = (source: string) => string | null;

/** Simulators: accepting builds, reading, tagging, cloning, cancelling and deleting them. */
export class SimulatorService {
  constructor(
    private readonly repository: SimulatorRepository,
    private readonly blobs: BlobStore,
    private readonly scheduler: BuildScheduler,
    private readonly allowance: BuildAllowance,
    private readonly credentials: CredentialService,
    private readonly keys: KeyStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    /** The Runtime Simulations run on, so reading a Simulator's behaviour shares its loaded artifact with them. */
    private readonly runtime: Runtime,
    private readonly dependents: SimulatorDependents = async () => 0,
    private readonly filterCheck: FilterCheck = () => null,
  ) {}

  /** Checked before an upload is read, so a workspace past its allowance is refused at once. */
  ensureCanBuild(principal: Principal): Promise<void> {
    return this.allowance.ensureAvailable(principal.workspaceId);
  }

  async create(principal: Principal, upload: SimulatorUpload): Promise<SimulatorView> {
    const input = parseInput(buildRequestInput, upload.request, 'request');
    input.filter.forEach((source, i) => {
      const problem = this.filterCheck(source);
      if (problem !== null) throw validationError(`filter.${i}`, problem);
    });
    const parent = input.parent_id === null ? null : await this.resolveOrUnknown(principal, input.parent_id, 'parent_id');
    if (parent !== null && parent.status !== 'ready') {
      throw new SimplaneError('simulator_not_ready', `The parent Simulator ${parent.id} is ${parent.status}, not ready.`);
    }
    if (parent === null && upload.spec === null) throw validationError('spec', 'a spec part is required unless request.parent_id is given');
    if (parent !== null && upload.spec === null && input.instructions === null) {
      throw validationError('spec', 'an incremental build needs an Overlay document in spec, or request.instructions');
    }
    if (new Set(input.references).size !== input.references.length) throw validationError('references', 'must not repeat a reference');
    if (input.references.some(isCatalogReference)) throw validationError('references', "names starting with 'catalog/' are reserved");
    if (input.credential_id !== null) await this.credentials.open(principal, input.credential_id).catch(credentialProblem);

    const id = this.ids.next('simulator');
    const now = formatTime(this.clock.now());
    const ownBlob = upload.spec === null ? null : parent === null ? blobKeys.spec(id) : blobKeys.overlay(id);
    if (ownBlob !== null) await this.store(ownBlob, upload.spec!);
    let day: string;
    try {
      day = await this.allowance.consume(principal.workspaceId);
    } catch (error) {
      if (ownBlob !== null) await this.blobs.delete(ownBlob).catch(() => undefined);
      throw error;
    }
    const record = pendingSimulator({
      id,
      workspaceId: principal.workspaceId,
      organizationId: principal.organizationId,
      name: input.name ?? defaultName(input.references, upload.filename, parent),
      source: 'workspace',
      specKind: input.spec_kind ?? parent?.specKind ?? null,
      requestedReferences: input.references,
      parentId: parent?.id ?? null,
      instructions: input.instructions,
      credentialId: input.credential_id,
      probeRequests: input.probe_requests,
      filter: input.filter.length > 0 || parent === null ? input.filter : parent.filter,
      timeoutSeconds: input.timeout_seconds,
      specBlob: parent === null ? ownBlob : parent.specBlob,
      overlayBlobs: parent === null ? [] : [...parent.overlayBlobs, ...(ownBlob === null ? [] : [ownBlob])],
      createdAt: now,
    });
    try {
      await this.repository.insert(record);
    } catch (error) {
      await this.allowance.refund(principal.workspaceId, day).catch(() => undefined);
      if (ownBlob !== null) await this.blobs.delete(ownBlob).catch(() => undefined);
      throw error;
    }
    await this.scheduler.pump(principal.workspaceId);
    return toSimulatorView((await this.repository.get(id)) ?? record);
  }

  async get(principal: Principal, id: string): Promise<SimulatorView> {
    return toSimulatorView(await this.load(principal, id));
  }

  async list(principal: Principal, params: SimulatorListParams): Promise<SimulatorPage> {
    const filter: SimulatorFilter = { workspaceId: principal.workspaceId };
    if (params.status !== undefined) {
      if (!(SIMULATOR_STATUSES as readonly string[]).includes(params.status)) {
        throw new SimplaneError('bad_request', `status: must be one of ${SIMULATOR_STATUSES.join(', ')}`);
      }
      filter.status = params.status as SimulatorFilter['status'] & string;
    }
    if (params.source !== undefined) {
      if (!(SIMULATOR_SOURCES as readonly string[]).includes(params.source)) {
        throw new SimplaneError('bad_request', `source: must be one of ${SIMULATOR_SOURCES.join(', ')}`);
      }
      filter.source = params.source as SimulatorFilter['source'] & string;
    }
    if (params.simulator !== undefined) filter.id = (await this.resolveOrUnknown(principal, params.simulator, 'simulator')).id;
    const scope = `simulators:${principal.workspaceId}:${filter.status ?? ''}:${filter.source ?? ''}:${filter.id ?? ''}`;
    const page = await fetchPage(this.cursors, scope, params, (r: SimulatorRecord) => ({ createdAt: r.createdAt, id: r.id }), (q) =>
      this.repository.list(filter, q),
    );
    return { simulators: page.items.map(toSimulatorView), next_cursor: page.nextCursor };
  }

  async cancel(principal: Principal, idOrReference: string): Promise<SimulatorView> {
    const record = await this.loadOwned(principal, idOrReference, 'cancel the build of');
    const id = record.id;
    if (record.status === 'pending') {
      const canceled = await this.repository.transition(id, ['pending'], {
        status: 'canceled',
        error: { code: 'build_canceled', detail: 'The build was canceled before it started.', reason: 'canceled', agent_message: null, validation: null },
        updatedAt: formatTime(this.clock.now()),
      });
      if (canceled !== null) return toSimulatorView(canceled);
    }
    if ((await this.repository.transition(id, ['building'], { cancelRequested: true })) !== null) {
      await this.scheduler.abort(id, 'canceled');
    }
    return toSimulatorView(await this.load(principal, id));
  }

  async delete(principal: Principal, idOrReference: string): Promise<void> {
    const record = await this.loadOwned(principal, idOrReference, 'delete');
    const id = record.id;
    if ((await this.repository.countChildren(id)) > 0) {
      throw new SimplaneError('simulator_in_use', 'Other Simulators were built from this one; delete them first.');
    }
    if ((await this.dependents(id)) > 0) {
      throw new SimplaneError('simulator_in_use', 'Simulations or Worlds use this Simulator; delete them first.');
    }
    if (UNFINISHED.includes(record.status)) await this.cancel(principal, id);
    if (!(await this.repository.delete(id))) throw notFound(id);
    await this.releaseBlobs(record);
  }

  async tag(principal: Principal, idOrReference: string, reference: string): Promise<void> {
    const record = await this.loadOwned(principal, idOrReference, 'tag');
    checkReference(reference);
    if (isCatalogReference(reference)) throw validationError('reference', "names starting with 'catalog/' are reserved");
    if (record.status !== 'ready') throw notReady(record);
    await this.repository.moveReference(record.workspaceId, reference, record.id);
  }

  async untag(principal: Principal, idOrReference: string, reference: string): Promise<void> {
    const record = await this.loadOwned(principal, idOrReference, 'untag');
    checkReference(reference);
    if (record.status !== 'ready') throw notReady(record);
    if (!(await this.repository.removeReference(record.id, reference))) throw validationError('reference', 'is not a reference of this Simulator');
  }

  /**
   * How each operation was understood, every lifecycle rule (what time will do to records) and
   * the shared entities. A Simulator built before rules and entities were listed has no stored
   * list of them and answers none: its build is kept as it was, and a new build lists them.
   */
  async operations(principal: Principal, id: string): Promise<{ operations: OperationSummary[]; lifecycle: LifecycleSummary[]; entities: EntitySummary[] }> {
    const record = await this.load(principal, id);
    if (record.status !== 'ready' || record.digest === null) throw notReady(record);
    const bytes = await this.blobs.get(blobKeys.operations(record.digest));
    if (bytes === null) throw new SimplaneError('internal_unavailable', 'The operation list is not available right now; retry.');
    const listed = async <T>(key: string): Promise<T[]> => {
      const stored = await this.blobs.get(key);
      return stored === null ? [] : (JSON.parse(Buffer.from(stored).toString('utf8')) as T[]);
    };
    return {
      operations: JSON.parse(Buffer.from(bytes).toString('utf8')) as OperationSummary[],
      lifecycle: await listed<LifecycleSummary>(blobKeys.lifecycle(record.digest)),
      entities: await listed<EntitySummary>(blobKeys.entities(record.digest)),
    };
  }

  /** Every decision the artifact holds about its resources and operations, in the artifact's own shapes. */
  async behaviour(principal: Principal, id: string): Promise<SimulatorBehaviour> {
    const record = await this.load(principal, id);
    if (record.status !== 'ready' || record.digest === null) throw notReady(record);
    return readBehaviour(this.blobs, this.runtime, record.digest);
  }

  async clone(principal: Principal, id: string, input: CloneInput): Promise<SimulatorView> {
    const source = await this.load(principal, id);
    if (source.status !== 'ready') throw notReady(source);
    const target = isId('workspace', input.target_workspace_id) ? await this.keys.getWorkspace(input.target_workspace_id) : null;
    if (target === null) throw validationError('target_workspace_id', 'no such workspace');
    if (target.organizationId !== principal.organizationId) {
      throw new SimplaneError('auth_forbidden', 'Simulators can be cloned only within the organization.');
    }
    const earlier = await this.repository.findByCloneKey(target.id, input.idempotency_key);
    if (earlier !== null) {
      if (earlier.clonedFrom !== source.id) throw validationError('idempotency_key', 'was already used to clone another Simulator');
      return toSimulatorView(earlier);
    }
    const now = formatTime(this.clock.now());
    const clone: SimulatorRecord = {
      ...source,
      id: this.ids.next('simulator'),
      workspaceId: target.id,
      organizationId: target.organizationId,
      name: input.name ?? source.name,
      source: 'workspace',
      references: [],
      requestedReferences: [],
      parentId: null,
      credentialId: null,
      cancelRequested: false,
      cloneKey: input.idempotency_key,
      clonedFrom: source.id,
      createdAt: now,
      updatedAt: now,
    };
    await this.repository.insert(clone);
    return toSimulatorView(clone);
  }

  /** A Simulator of the caller's workspace or the catalog, by ID or `name:tag`, or null. */
  async resolve(principal: Principal, idOrReference: string): Promise<SimulatorRecord | null> {
    if (isId('simulator', idOrReference)) {
      const record = await this.repository.get(idOrReference);
      return record !== null && (record.source === 'catalog' || record.workspaceId === principal.workspaceId) ? record : null;
    }
    if (!isReference(idOrReference)) return null;
    if (isCatalogReference(idOrReference)) return this.repository.findByReference(null, idOrReference);
    return this.repository.findByReference(principal.workspaceId, idOrReference);
  }

  private async resolveOrUnknown(principal: Principal, value: string, field: string): Promise<SimulatorRecord> {
    const record = await this.resolve(principal, value);
    if (record === null) throw new SimplaneError('simulator_unknown', `${field}: no Simulator '${value.slice(0, 200)}' in this workspace or the catalog`);
    return record;
  }

  /**
   * By path ID or `name:tag` reference: unknown is 404, another workspace's is 403. A reference
   * names a Simulator of the caller's workspace or the catalog, so it never reaches another's.
   */
  private async load(principal: Principal, id: string): Promise<SimulatorRecord> {
    if (!isId('simulator', id)) {
      const referenced = isReference(id) ? await this.resolve(principal, id) : null;
      if (referenced === null) throw notFound(id);
      return referenced;
    }
    const record = await this.repository.get(id);
    if (record === null) throw notFound(id);
    if (record.source !== 'catalog' && record.workspaceId !== principal.workspaceId) {
      throw new SimplaneError('auth_forbidden', 'The Simulator belongs to another workspace.');
    }
    return record;
  }

  /** Like `load`, for changes: catalog Simulators belong to everyone and may not be changed. */
  private async loadOwned(principal: Principal, id: string, action: string): Promise<SimulatorRecord> {
    const record = await this.load(principal, id);
    if (record.source === 'catalog') throw new SimplaneError('auth_forbidden', `Catalog Simulators are shared; you cannot ${action} one.`);
    return record;
  }

  private async store(key: string, bytes: Uint8Array): Promise<void> {
    try {
      await this.blobs.put(key, bytes);
    } catch (cause) {
      await this.blobs.delete(key).catch(() => undefined);
      throw new SimplaneError('internal_unavailable', 'The document could not be stored; retry shortly.', { retryAfterSeconds: 5, cause });
    }
  }

  private async releaseBlobs(record: SimulatorRecord): Promise<void> {
    for (const key of [record.specBlob, ...record.overlayBlobs]) {
      if (key !== null && (await this.repository.countUsingBlob(key)) === 0) await this.blobs.delete(key);
    }
    if (record.digest !== null && (await this.repository.countByDigest(record.digest)) === 0) {
      await this.blobs.delete(blobKeys.artifact(record.digest));
      await this.blobs.delete(blobKeys.operations(record.digest));
      await this.blobs.delete(blobKeys.lifecycle(record.digest));
      await this.blobs.delete(blobKeys.entities(record.digest));
      await this.blobs.delete(blobKeys.lessons(record.digest));
    }
  }
}

function checkReference(reference: string): void {
  if (!isReference(reference)) throw validationError('reference', 'must be name:tag');
}

function notFound(id: string): SimplaneError {
  return new SimplaneError('simulator_not_found', `No Simulator ${id.slice(0, 64)}.`);
}

function notReady(record: SimulatorRecord): SimplaneError {
  return new SimplaneError('simulator_not_ready', `The Simulator ${record.id} is ${record.status}, not ready.`);
}

/**
 * A credential_id that names no Credential (malformed or unknown) is a bad request, as an
 * unusable cursor is; another workspace's Credential stays 403 auth_forbidden (SPEC 5, rule 5).
 */
function credentialProblem(error: unknown): never {
  if (SimplaneError.is(error) && error.code === 'credential_not_found') {
    throw new SimplaneError('bad_request', 'credential_id: names no Credential of this workspace');
  }
  throw error;
}

function defaultName(references: string[], filename: string | null, parent: SimulatorRecord | null): string {
  const fromReference = references[0]?.slice(0, references[0].lastIndexOf(':'));
  if (fromReference !== undefined) return fromReference;
  if (parent !== null) return parent.name;
  const base = filename?.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json|wsdl|xml|zip)$/i, '').slice(0, 200);
  return base !== undefined && base.length > 0 ? base : 'simulator';
}
