import type { PageQuery } from '../pagination/page.js';
import type { WorldLock, WorldRecord, WorldStatus } from './world.js';

export interface WorldFilter {
  workspaceId: string;
  status?: WorldStatus;
}

/** What a conditional update requires of the stored record. */
export interface WorldGuard {
  /** The record's status must be one of these. */
  status?: readonly WorldStatus[];
  /** The record's active clock advance must be exactly this (null: none). */
  activeAdvanceId?: string | null;
  /** The build must have started (true) or still wait (false). */
  buildStarted?: boolean;
  /** The build's lease must be held by this owner. */
  leaseOwner?: string;
  /** The record's lifecycle lock must be exactly this (null: unlocked; absent counts as null). */
  lock?: WorldLock | null;
}

/** True when a stored lock (absent counts as none) is the one a guard names. */
export function sameWorldLock(stored: WorldLock | null | undefined, wanted: WorldLock | null): boolean {
  if (stored == null || wanted === null) return (stored ?? null) === wanted;
  return stored.action === wanted.action && stored.at === wanted.at;
}

/** The change a claim makes, worked out from the record it claims (its deadline depends on it). */
export type WorldClaim = (world: WorldRecord) => Partial<Omit<WorldRecord, 'id'>>;

/**
 * Port: World storage. Contract (checked by the conformance suite in `testing`):
 * - `insert` stores a new record (an ID stored before is a programming error: it throws);
 * - `update` changes a record only while it matches `guard`, atomically, and answers the
 *   changed record or null (missing, or the guard failed); the ID never changes;
 * - `list` answers the workspace's records matching the filter, newest first by
 *   (createdAt, id), strictly after `page.after`, at most `page.limit`;
 * - `countBuilding` counts a workspace's `creating` records whose build has started;
 *   `listWaiting` answers its `creating` records whose build has not, oldest first by
 *   (createdAt, id), at most `limit`: the World build queue;
 * - `claimNextBuild` applies `claim(record)` to the oldest waiting record of the workspace only
 *   while fewer than `concurrency` have started, atomically across processes: each is claimed
 *   once, and the workspace never has more than `concurrency` started;
 * - `claimExpiredBuild` applies `claim(record)` to one started `creating` record whose lease
 *   expired at or before `now`, or that has none, oldest first; each is claimed once;
 * - `waitingWorkspaces` answers up to `limit` workspaces with waiting records;
 * - `listBySimulator` answers the IDs of Worlds with a member of that Simulator (deleting a
 *   Simulator a World uses answers `409 simulator_in_use`);
 * - `delete` answers whether there was a record.
 * Records are returned as copies.
 */
export interface WorldRepository {
  insert(record: WorldRecord): Promise<void>;
  get(id: string): Promise<WorldRecord | null>;
  list(filter: WorldFilter, page: PageQuery): Promise<WorldRecord[]>;
  update(id: string, guard: WorldGuard, change: Partial<Omit<WorldRecord, 'id'>>): Promise<WorldRecord | null>;
  delete(id: string): Promise<boolean>;
  countBuilding(workspaceId: string): Promise<number>;
  listWaiting(workspaceId: string, limit: number): Promise<WorldRecord[]>;
  claimNextBuild(workspaceId: string, concurrency: number, claim: WorldClaim): Promise<WorldRecord | null>;
  claimExpiredBuild(now: string, claim: WorldClaim): Promise<WorldRecord | null>;
  waitingWorkspaces(limit: number): Promise<string[]>;
  listBySimulator(simulatorId: string): Promise<string[]>;
}
