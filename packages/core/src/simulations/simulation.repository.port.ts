import type { PageQuery } from '../pagination/page.js';
import type { SimulationLock, SimulationRecord, SimulationStatus, SimulationTokenRecord } from './simulation.js';

export interface SimulationFilter {
  workspaceId: string;
  status?: SimulationStatus;
  simulatorId?: string;
}

/** What a conditional update requires of the stored record. */
export interface SimulationGuard {
  /** The record's status must be one of these. */
  status?: readonly SimulationStatus[];
  /** The record's lock must be exactly this (null: unlocked). */
  lock?: SimulationLock | null;
  /** The lock must have been taken at exactly this time (null or absent on the record: none). */
  lockedAt?: string | null;
  /** The record's active clock advance must be exactly this (null: none). */
  activeAdvanceId?: string | null;
}

/** A workspace's active-Simulation limit to respect while making a record active. */
export interface ActiveLimit {
  limit: number;
}

/**
 * Port: Simulation storage. Contract (checked by the conformance suite in `testing`):
 * - `insert` stores a new record, with `token` as its first token in the same atomic write
 *   when given; with `active`, only while the workspace's running and paused records number
 *   fewer than `active.limit` (atomically: concurrent inserts never overshoot), answering
 *   `quota` otherwise;
 * - `update` changes a record only while it matches `guard`, atomically, and answers the
 *   changed record or null (missing, or the guard failed); with `active`, a change that makes a
 *   stopped record running or paused also needs a free slot, else it answers `quota`;
 * - `list` answers the workspace's records matching the filter, newest first by
 *   (createdAt, id), strictly after `page.after`, at most `page.limit`;
 * - tokens are kept beside their record, not in it (a record is read on every data-plane
 *   request, however many tokens it has): `addToken` adds one atomically (no lost update with
 *   a concurrent one) and drops the record's tokens that expired at or before `now`, answering
 *   false for a missing record; `findToken` answers the record's token with that hash if it
 *   expires after `now`, in time independent of how many tokens the record has; `delete`
 *   deletes the record's tokens with it;
 * - `countActive` counts running and paused records of a workspace; `countBySimulator` counts
 *   every record of a Simulator, whatever its status;
 * - `listExpired` answers records whose `expiresAt` is at or before `now`, at most `limit`.
 * Records are returned as copies.
 */
export interface SimulationRepository {
  insert(record: SimulationRecord, active?: ActiveLimit, token?: SimulationTokenRecord): Promise<'ok' | 'quota'>;
  get(id: string): Promise<SimulationRecord | null>;
  list(filter: SimulationFilter, page: PageQuery): Promise<SimulationRecord[]>;
  update(id: string, guard: SimulationGuard, change: Partial<SimulationRecord>, active?: ActiveLimit): Promise<SimulationRecord | null | 'quota'>;
  addToken(id: string, token: SimulationTokenRecord, now: string): Promise<boolean>;
  findToken(id: string, hash: string, now: string): Promise<SimulationTokenRecord | null>;
  delete(id: string): Promise<boolean>;
  countActive(workspaceId: string): Promise<number>;
  countBySimulator(simulatorId: string): Promise<number>;
  listExpired(now: string, limit: number): Promise<SimulationRecord[]>;
}
