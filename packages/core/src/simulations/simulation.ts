import type { Json } from '../runtime/runtime.port.js';

export const SIMULATION_STATUSES = ['running', 'paused', 'stopped'] as const;
export type SimulationStatus = (typeof SIMULATION_STATUSES)[number];

/** Statuses that hold one of the workspace's active-Simulation slots (SPEC section 8). */
export const ACTIVE_STATUSES: readonly SimulationStatus[] = ['running', 'paused'];

/**
 * A lifecycle operation the platform is running on a Simulation. While one holds the record,
 * stop, start, delete and fork of it answer `409 simulation_platform_owned`. (Create and fork
 * need none: the new record is inserted only once it is complete.)
 */
export const SIMULATION_LOCKS = ['starting', 'stopping', 'deleting'] as const;
export type SimulationLock = (typeof SIMULATION_LOCKS)[number];

/** A data-plane token, stored only as the SHA-256 hash of its value. */
export interface SimulationTokenRecord {
  hash: string;
  readOnly: boolean;
  expiresAt: string;
}

/** A Simulation as stored. */
export interface SimulationRecord {
  id: string;
  workspaceId: string;
  organizationId: string;
  name: string;
  simulatorId: string;
  simulatorDigest: string;
  parentId: string | null;
  worldId: string | null;
  status: SimulationStatus;
  lock: SimulationLock | null;
  /**
   * When the lock was taken and by which process: a lock whose process is gone (it stopped
   * mid-change) is taken over by the next lifecycle change (absent on records without a lock).
   */
  lockedAt?: string | null;
  lockedBy?: string | null;
  seed: string;
  startTime: string;
  currentTime: string;
  activeAdvanceId: string | null;
  /**
   * The last step number (0 before the first) as of the last lifecycle change (create, fork,
   * stop, idle unloading). While the Simulation runs, the step log's head and the live pool
   * entry are ahead of it: a step costs no write to the record.
   */
  step: number;
  /** The step this Simulation's own log starts from: 0, or the parent's step it was forked at. */
  baseStep: number;
  sampleRecords: number;
  ttlSeconds: number | null;
  expiresAt: string | null;
  metadata: Record<string, Json>;
  createdAt: string;
}

/** True when the Simulation's expiry is at or before `now` (a formatted time). */
export function isExpired(record: SimulationRecord, now: string): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}

/** The API view (DESIGN section 3). */
export interface SimulationView {
  id: string;
  name: string;
  simulator_id: string;
  simulator_digest: string;
  parent_id: string | null;
  world_id: string | null;
  status: SimulationStatus;
  /** Where the data plane answers, relative to the server's base URL. */
  endpoint: string;
  seed: string;
  start_time: string;
  current_time: string;
  active_advance_id: string | null;
  step: number;
  ttl_seconds: number | null;
  expires_at: string | null;
  metadata: Record<string, Json>;
  created_at: string;
}

/** Create, fork and start answer the Simulation plus a fresh data-plane token. */
export interface SimulationWithToken extends SimulationView {
  token: string;
  token_expires_at: string;
}

export function dataPlanePath(id: string): string {
  return `/sim/${id}`;
}

/** `publicBaseUrl` (no trailing slash) makes `endpoint` absolute; without it the path is relative to the server. */
export function toSimulationView(r: SimulationRecord, publicBaseUrl: string | null = null): SimulationView {
  return {
    id: r.id,
    name: r.name,
    simulator_id: r.simulatorId,
    simulator_digest: r.simulatorDigest,
    parent_id: r.parentId,
    world_id: r.worldId,
    status: r.status,
    endpoint: `${publicBaseUrl ?? ''}${dataPlanePath(r.id)}`,
    seed: r.seed,
    start_time: r.startTime,
    current_time: r.currentTime,
    active_advance_id: r.activeAdvanceId,
    step: r.step,
    ttl_seconds: r.ttlSeconds,
    expires_at: r.expiresAt,
    metadata: r.metadata,
    created_at: r.createdAt,
  };
}
