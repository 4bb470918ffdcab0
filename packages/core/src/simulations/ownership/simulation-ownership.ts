import type { Logger } from '../../logging/logger.port.js';
import { describe, unreachable } from '../data-plane/simulation-failures.js';
import type { SimulationPool } from '../simulation-pool.js';
import type { LeaseNotice, SimulationLeases } from './simulation-leases.port.js';

export interface SimulationOwnershipOptions {
  /** This process's name in the leases (the build leases' owner). */
  owner: string;
  /** How long a lease lasts unless renewed; renewed every third of it while the Simulation is held. */
  leaseMs: number;
  /** How long a request waits for another process to hand a Simulation over before 503 (default: twice the lease, at least 2 s). */
  waitMs?: number;
}

/** First wait between two claims while another process holds the lease; it doubles up to MAX_POLL_MS. */
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;

/**
 * Which Simulations this process owns on a store other processes share, through leases in the
 * store. The owner answers a Simulation's requests from memory without reading the store; a
 * process that needs to change a Simulation it does not own asks the owner to hand it over
 * (`wanted`), and the owner gives the lease up once the steps it appended are committed, in the
 * Simulation's queue, so nothing it answered is lost or reordered. A lease that is not renewed
 * (its process died or hangs) lapses and is taken over. Each time the lease is taken anew its
 * generation changes: state or records remembered under an older generation may be stale.
 *
 * A lease is kept a third of its length short of its end here, so a process late in renewing
 * stops serving from memory before another can take the lease over; the step log's own rule
 * (one writer per step number) still decides any race that slips through.
 */
export class SimulationOwnership {
  private readonly held = new Map<string, { until: number; generation: number }>();
  private readonly acquiring = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly handingOver = new Set<string>();
  private readonly listeners: Array<(simulationId: string) => void> = [];
  private generations = 0;
  private stopWatching: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly leases: SimulationLeases,
    private readonly pool: SimulationPool,
    private readonly logger: Logger,
    private readonly options: SimulationOwnershipOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Starts listening to the other processes' notices. A store that cannot carry them (a
   * pooler that keeps no session) leaves hand-overs to the lease's renewal, which sees the
   * mark a `want` leaves: slower, never wrong.
   */
  async start(): Promise<void> {
    try {
      this.stopWatching = await this.leases.watch((notice) => this.notice(notice));
    } catch (cause) {
      this.logger.warn('simulation lease notices cannot be received; hand-overs wait for lease renewals', { cause: describe(cause, false) });
    }
  }

  /** True while this process holds the Simulation's lease (with a third of it to spare). */
  owns(id: string): boolean {
    const lease = this.held.get(id);
    return lease !== undefined && lease.until > this.now();
  }

  /** The generation of the lease this process holds on the Simulation, or undefined when it holds none. */
  generation(id: string): number | undefined {
    return this.owns(id) ? this.held.get(id)?.generation : undefined;
  }

  /** Calls `listener` with each Simulation this process hands over or loses. */
  onLost(listener: (simulationId: string) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Takes the Simulation's lease: at once when no one else holds it, else by asking its holder
   * to hand it over and waiting until it does or its lease lapses; 503 when neither happens
   * within the wait.
   */
  acquire(id: string): Promise<void> {
    if (this.owns(id)) return Promise.resolve();
    const pending = this.acquiring.get(id);
    if (pending !== undefined) return pending;
    const acquiring = this.take(id).finally(() => this.acquiring.delete(id));
    this.acquiring.set(id, acquiring);
    return acquiring;
  }

  /** Takes the Simulation's lease when no other process holds it, without asking for it; answers whether this process holds it now. */
  async tryAcquire(id: string): Promise<boolean> {
    if (this.owns(id)) return true;
    const pending = this.acquiring.get(id);
    if (pending !== undefined) return pending.then(() => true, () => false);
    return this.claim(id);
  }

  private async claim(id: string): Promise<boolean> {
    const asked = this.now();
    if (this.closed || !(await this.leases.claim(id, this.options.owner, this.options.leaseMs))) return false;
    this.generations += 1;
    this.held.set(id, { until: asked + (this.options.leaseMs * 2) / 3, generation: this.generations });
    return true;
  }

  private async take(id: string): Promise<void> {
    const { leaseMs } = this.options;
    const deadline = this.now() + (this.options.waitMs ?? Math.max(2 * leaseMs, 2_000));
    let poll = FIRST_POLL_MS;
    for (;;) {
      // Listening before asking: the holder's `released` may arrive (on the listening
      // connection) before the answer to the claim or the request for it does.
      const wake = this.released(id, Math.min(poll, Math.max(0, deadline - this.now())));
      if (await this.claim(id)) {
        wake.cancel();
        return;
      }
      if (this.closed || this.now() >= deadline) {
        wake.cancel();
        throw unreachable(id, 'is held by another process that did not hand it over in time');
      }
      await this.leases.want(id);
      await wake.done;
      poll = Math.min(poll * 2, MAX_POLL_MS);
    }
  }

  /** Settles when a `released` notice for the Simulation arrives, `ms` pass, or it is cancelled, whichever is first. */
  private released(id: string, ms: number): { done: Promise<void>; cancel: () => void } {
    let cancel!: () => void;
    const done = new Promise<void>((resolve) => {
      const waiters = this.waiting.get(id) ?? new Set();
      this.waiting.set(id, waiters);
      const wake = (): void => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.waiting.get(id) === waiters) this.waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiters.add(wake);
      cancel = wake;
    });
    return { done, cancel };
  }

  private notice(notice: LeaseNotice): void {
    if (notice.kind === 'released') {
      for (const wake of [...(this.waiting.get(notice.simulationId) ?? [])]) wake();
      return;
    }
    if (this.held.has(notice.simulationId)) void this.handOver(notice.simulationId);
  }

  /**
   * Gives a Simulation's lease up for another process: in its queue, after the work queued
   * before and once the steps appended are committed, so the next owner reads them all.
   */
  private async handOver(id: string): Promise<void> {
    if (this.handingOver.has(id)) return;
    this.handingOver.add(id);
    try {
      await this.pool.serial(id, async () => {
        if (!this.held.has(id)) return;
        this.lose(id);
        await this.leases.release(this.options.owner, [id]);
      });
    } catch (cause) {
      // The lease is no longer used here; the other process takes it over when it lapses.
      this.logger.warn('simulation lease could not be handed over', { simulation_id: id, cause: describe(cause, false) });
    } finally {
      this.handingOver.delete(id);
    }
  }

  private lose(id: string): void {
    this.held.delete(id);
    for (const listener of this.listeners) listener(id);
  }

  /**
   * Renews the leases of the Simulations this process holds in memory and gives up the others
   * (unloaded, stopped, deleted), and hands over those another process asked for: run a few
   * times per lease length. A lease found taken over is
   * dropped; a store that cannot be reached lets the leases run out, after which requests read
   * the store again.
   */
  async renew(): Promise<void> {
    const keep: string[] = [];
    const give: string[] = [];
    for (const id of this.held.keys()) (this.pool.get(id) !== undefined || this.pool.busy(id) ? keep : give).push(id);
    for (const id of give) this.lose(id);
    if (give.length > 0) await this.leases.release(this.options.owner, give);
    if (keep.length === 0) return;
    const asked = this.now();
    const renewed = new Map((await this.leases.renew(this.options.owner, keep, this.options.leaseMs)).map((r) => [r.simulationId, r.wanted]));
    for (const id of keep) {
      const lease = this.held.get(id);
      if (lease === undefined) continue;
      if (!renewed.has(id)) this.lose(id);
      else lease.until = asked + (this.options.leaseMs * 2) / 3;
      // Asked for while the notice was lost: handed over now.
      if (renewed.get(id) === true) void this.handOver(id);
    }
  }

  /** Stops listening and gives every lease up, so other processes need not wait for them to lapse. */
  async close(): Promise<void> {
    this.closed = true;
    const ids = [...this.held.keys()];
    for (const id of ids) this.lose(id);
    try {
      await this.stopWatching?.();
      if (ids.length > 0) await this.leases.release(this.options.owner, ids);
    } catch (cause) {
      this.logger.warn('simulation leases could not be released', { cause: describe(cause, false) });
    }
  }
}
