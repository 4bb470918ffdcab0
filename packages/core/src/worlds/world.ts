import type { BuildLease } from '../simulators/simulator.js';
import type { Json } from '../runtime/runtime.port.js';

/** SPEC 2.3: a World is one of these. A canceled build is `failed` with `build_canceled`. */
export const WORLD_STATUSES = ['creating', 'running', 'stopped', 'failed'] as const;
export type WorldStatus = (typeof WORLD_STATUSES)[number];

/** One Simulator of a World, by the name the World gives it. */
export interface WorldMemberRecord {
  /** Unique within the World; defaults to the Simulator's name, made unique. */
  name: string;
  simulatorId: string;
  /** The member Simulation, once the World's build has created it. */
  simulationId: string | null;
}

/** Why a World's build ended without it running (SPEC 2.3: read successfully, with `error`). */
export interface WorldError {
  code: 'build_failed' | 'build_canceled' | 'simulator_not_ready' | 'simulation_quota_exceeded' | 'internal';
  detail: string;
}

/**
 * A World's build, queued per workspace: at most `concurrent_world_builds` run at once, the
 * rest wait in creation order. `startedAt` is null while it waits.
 */
export interface WorldBuildRecord {
  startedAt: string | null;
  /** The process running the build, while it runs (docs/architecture.md, *Several processes*); absent or null otherwise. */
  lease?: BuildLease | null;
  /** When a build still running is failed (`timeout_seconds` after creation, not restarted by retries). */
  deadline: string;
}

/**
 * A lifecycle change under way: stop, start and delete take the World one at a time across
 * processes. A lock older than a few minutes is taken as abandoned by a process that died.
 */
export interface WorldLock {
  action: 'stopping' | 'starting' | 'deleting';
  at: string;
  /** The process that took it. */
  by?: string;
}

/** A World as stored. */
export interface WorldRecord {
  id: string;
  workspaceId: string;
  organizationId: string;
  name: string;
  /** `""` for a World built from Simulators (reserved for a World copied from another). */
  from: string;
  seed: string;
  status: WorldStatus;
  startTime: string;
  currentTime: string;
  activeAdvanceId: string | null;
  /** Set while a stop, start or delete runs (absent on records stored before locks). */
  lock?: WorldLock | null;
  members: WorldMemberRecord[];
  build: WorldBuildRecord;
  error: WorldError | null;
  metadata: Record<string, Json>;
  createdAt: string;
  updatedAt: string;
}
