import type { PageQuery } from '../pagination/page.js';
import type { SimulatorRecord, SimulatorSource, SimulatorStatus } from './simulator.js';

export interface SimulatorFilter {
  /** The caller's workspace: its own Simulators and every catalog Simulator are visible. */
  workspaceId: string;
  status?: SimulatorStatus;
  source?: SimulatorSource;
  /** Only this Simulator. */
  id?: string;
}

/**
 * Port: Simulator storage. Contract (checked by the conformance suite in `testing`):
 * - `list` returns the workspace's and the catalog's records matching the filter, newest first
 *   by (createdAt, id), strictly after `page.after`, at most `page.limit`;
 * - `transition` changes a record only while its status is one of `from` and, with `owner`,
 *   its lease is held by that owner, atomically, and answers the changed record or null;
 * - `claimNextBuild` moves the oldest `pending` record of the workspace (null: the catalog) to
 *   `building`, in creation order, only while fewer than `concurrency` are building; each
 *   pending record is claimed once however many processes ask;
 * - `claimExpiredBuild` applies `change` (a new lease) to one `building` record whose lease
 *   expired at or before `now`, or that has none, oldest first; each is claimed once however
 *   many processes ask (the build of a process that died is taken over exactly once);
 * - `pendingWorkspaces` answers up to `limit` workspaces (null: the catalog) with `pending` records;
 * - `moveReference` takes a reference from whichever record of the workspace holds it and gives
 *   it to `toId`, atomically;
 * - `completeBuild` applies `change` to a `building` record whose lease `owner` holds and, in
 *   the same atomic step, moves each of `references` to it as `moveReference` does, answering
 *   the changed record (with its references) or null: nobody sees the record ready without
 *   its references, or a reference on a record not yet ready; `removeReference` answers false when `id` does not hold it.
 * Records are returned as copies.
 */
export interface SimulatorRepository {
  insert(record: SimulatorRecord): Promise<void>;
  get(id: string): Promise<SimulatorRecord | null>;
  list(filter: SimulatorFilter, page: PageQuery): Promise<SimulatorRecord[]>;
  transition(id: string, from: readonly SimulatorStatus[], change: Partial<SimulatorRecord>, owner?: string): Promise<SimulatorRecord | null>;
  claimNextBuild(workspaceId: string | null, concurrency: number, change: Partial<SimulatorRecord>): Promise<SimulatorRecord | null>;
  claimExpiredBuild(now: string, change: Partial<SimulatorRecord>): Promise<SimulatorRecord | null>;
  pendingWorkspaces(limit: number): Promise<Array<string | null>>;
  countBuilding(workspaceId: string | null): Promise<number>;
  delete(id: string): Promise<boolean>;
  /** The record holding `name:tag` in the workspace (null: the catalog), or null. */
  findByReference(workspaceId: string | null, reference: string): Promise<SimulatorRecord | null>;
  findByCloneKey(workspaceId: string, cloneKey: string): Promise<SimulatorRecord | null>;
  moveReference(workspaceId: string | null, reference: string, toId: string): Promise<void>;
  completeBuild(id: string, owner: string, change: Partial<SimulatorRecord>, references: readonly string[]): Promise<SimulatorRecord | null>;
  removeReference(id: string, reference: string): Promise<boolean>;
  countChildren(parentId: string): Promise<number>;
  /** How many records use the artifact with this digest (clones share artifacts). */
  countByDigest(digest: string): Promise<number>;
  /** Records whose base document or overlays are this blob (children and clones share them). */
  countUsingBlob(key: string): Promise<number>;
}
