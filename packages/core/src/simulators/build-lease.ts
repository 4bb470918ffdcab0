import { formatTime } from '../time/clock.port.js';
import type { BuildLease } from './simulator.js';

/** How builds (of Simulators and of Worlds) are held across processes sharing one store. */
export interface BuildLeaseOptions {
  /** This process's name in the leases it holds; unique per process. */
  owner: string;
  /** How long a lease lasts unless renewed; it is renewed every third of it while the build runs. */
  leaseMs: number;
}

/** A lease for this process from `now`. */
export function leaseFrom(options: BuildLeaseOptions, now: Date): BuildLease {
  return { owner: options.owner, expiresAt: formatTime(new Date(now.getTime() + options.leaseMs)) };
}

/**
 * The time by which a lease counts as expired in a takeover that began at `started`: now, or
 * with `all` (a store this process holds alone, at start) every lease an earlier process took,
 * which all end within a lease of `started`, but none this takeover hands out.
 */
export function expiredBy(options: BuildLeaseOptions, started: number, now: Date, all: boolean): string {
  return formatTime(all ? new Date(started + options.leaseMs - 1) : now);
}
