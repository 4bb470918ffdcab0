/** What processes sharing a store tell one another about a Simulation's lease. */
export interface LeaseNotice {
  /** `wanted`: a process asks the holder to hand the Simulation over; `released`: its holder gave it up. */
  kind: 'wanted' | 'released';
  simulationId: string;
}

/** A lease still held after a renewal, and whether another process asked for it. */
export interface RenewedLease {
  simulationId: string;
  wanted: boolean;
}

/**
 * Port: which process owns each Simulation of a store several processes share (docs/architecture.md,
 * *Several processes*). The owner serves the Simulation from memory and alone appends its steps;
 * the lease says who that is and until when. Contract (checked by the conformance suite in
 * `testing`):
 * - `claim` takes the lease for `owner` for `ttlMs` when no one holds it, when it has lapsed, or
 *   when `owner` holds it already (extending it), atomically (of two claimants exactly one wins),
 *   and answers whether `owner` holds it now; time is the store's, so processes' clocks need not agree;
 * - `renew` extends `owner`'s leases among `simulationIds` by `ttlMs` from now and answers the ones
 *   it still held (one taken over after it lapsed is not among them), each with whether another
 *   process has asked for it since it was claimed;
 * - `release` gives up `owner`'s leases among `simulationIds` (another's are untouched) and sends
 *   `released` for each given up; `want` marks the lease as asked for (kept until the next claim)
 *   and sends `wanted`: the mark reaches a holder whose notices were lost at its next renewal;
 * - `watch` calls `listener` with every notice sent by any process sharing the store, from the
 *   moment it answers until the function it answered is called. Notices may be lost (a broken
 *   connection): callers wait for them with a timeout and look again.
 */
export interface SimulationLeases {
  claim(simulationId: string, owner: string, ttlMs: number): Promise<boolean>;
  renew(owner: string, simulationIds: readonly string[], ttlMs: number): Promise<RenewedLease[]>;
  release(owner: string, simulationIds: readonly string[]): Promise<void>;
  want(simulationId: string): Promise<void>;
  watch(listener: (notice: LeaseNotice) => void): Promise<() => Promise<void>>;
}
