import type { Logger } from '../logging/logger.port.js';
import { expiredBy, type BuildLeaseOptions } from '../simulators/build-lease.js';
import type { Clock } from '../time/clock.port.js';

/** A queued job as the queue sees it: its ID and the workspace whose queue it waits in. */
export interface LeasedJob<W> {
  id: string;
  workspaceId: W;
}

/** A job running here; `done` settles when its run has ended. */
export interface RunningJob {
  done: Promise<void>;
}

/**
 * What one kind of job (a Simulator build, a World build) brings to the shared queue: how its
 * records are claimed from the store, started and their lease renewed. The queue does the rest.
 */
export interface LeasedJobKind<J extends LeasedJob<W>, W, R extends RunningJob> {
  /** In log lines: `build`, `world build`. */
  name: string;
  /** The log field that names a job: `simulator_id`, `world_id`. */
  idField: string;
  /** Claims one job whose lease expired by `expiredBy`, leasing it to this process from `now`. */
  claimExpired(expiredBy: string, now: Date): Promise<J | null>;
  /** Claims the workspace's oldest waiting job if it has a free slot. */
  claimNext(workspaceId: W, now: Date): Promise<J | null>;
  /** Workspaces with waiting jobs, up to `limit`. */
  waitingWorkspaces(limit: number): Promise<W[]>;
  /** Starts a claimed job's run; null when it could not be started (another process has it). */
  start(job: J, now: Date): Promise<R | null>;
  /** Extends the lease of a job running here; called every third of the lease. */
  renew(job: J, running: R): Promise<void>;
}

/**
 * A per-workspace queue of leased jobs, shared by the Simulator and the World build queues: a
 * workspace's jobs are claimed while it has free slots, one claiming pass per workspace at a
 * time; a running job's lease is renewed while it runs; `recover` takes over jobs whose lease
 * ran out (their process died) and then pumps every workspace with waiting jobs.
 */
export class LeasedJobQueue<J extends LeasedJob<W>, W extends string | null, R extends RunningJob> {
  private readonly running = new Map<string, R>();
  private readonly pumping = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly kind: LeasedJobKind<J, W, R>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly lease: BuildLeaseOptions,
  ) {}

  /**
   * Takes over jobs whose lease ran out and runs them here, then pumps the workspaces with
   * waiting jobs. Answers how many it took over. With `all`, every started job is taken over,
   * whatever its lease: only for a store this process holds alone, at start.
   */
  async recover(options: { all?: boolean } = {}): Promise<number> {
    let taken = 0;
    const seen = new Set<string>();
    const started = this.clock.now().getTime();
    while (!this.closed) {
      const now = this.clock.now();
      const claimed = await this.kind.claimExpired(expiredBy(this.lease, started, now, options.all === true), now);
      if (claimed === null || seen.has(claimed.id)) break;
      seen.add(claimed.id);
      // Our own job, whose lease lapsed while it ran (a stalled renewal): the claim renewed it.
      if (this.running.has(claimed.id)) continue;
      taken += 1;
      this.logger.info(`${this.kind.name} taken over`, { [this.kind.idField]: claimed.id });
      await this.launch(claimed, now);
    }
    for (const workspaceId of await this.kind.waitingWorkspaces(1000)) void this.pump(workspaceId);
    return taken;
  }

  /** Starts as many waiting jobs of the workspace as its free slots allow. */
  pump(workspaceId: W): Promise<void> {
    const key = workspaceId ?? '';
    const previous = this.pumping.get(key) ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(() => this.claimAll(workspaceId))
      .catch((error: unknown) => this.logger.error(`${this.kind.name} queue could not be read`, { cause: String(error) }))
      .finally(() => {
        if (this.pumping.get(key) === next) this.pumping.delete(key);
      });
    this.pumping.set(key, next);
    return next;
  }

  /** The job running here under `id`, if any. */
  get(id: string): R | undefined {
    return this.running.get(id);
  }

  /** Resolves when no job is running or waiting to be claimed; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.pumping.size > 0) {
      await Promise.all([...[...this.running.values()].map((r) => r.done), ...this.pumping.values()]);
    }
  }

  /** Claims nothing more; answers the jobs running here, for the caller to give up or wait for. */
  stop(): Array<[string, R]> {
    this.closed = true;
    return [...this.running.entries()];
  }

  private async claimAll(workspaceId: W): Promise<void> {
    while (!this.closed) {
      const now = this.clock.now();
      const claimed = await this.kind.claimNext(workspaceId, now);
      if (claimed === null) return;
      await this.launch(claimed, now);
    }
  }

  private async launch(job: J, now: Date): Promise<void> {
    const running = await this.kind.start(job, now);
    if (running === null) return;
    const renewal = setInterval(() => void this.kind.renew(job, running), Math.max(10, Math.floor(this.lease.leaseMs / 3)));
    renewal.unref();
    running.done = running.done
      .catch((error: unknown) => this.logger.error(`${this.kind.name} crashed`, { [this.kind.idField]: job.id, cause: String(error) }))
      .finally(() => {
        clearInterval(renewal);
        this.running.delete(job.id);
        if (!this.closed) void this.pump(job.workspaceId);
      });
    this.running.set(job.id, running);
  }
}
