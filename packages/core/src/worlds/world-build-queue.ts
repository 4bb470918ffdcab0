import type { Logger } from '../logging/logger.port.js';
import { leaseFrom, type BuildLeaseOptions } from '../simulators/build-lease.js';
import { LeasedJobQueue, type RunningJob } from '../builds/leased-job-queue.js';
import { formatTime, parseTime, type Clock } from '../time/clock.port.js';
import type { WorldRecord } from './world.js';
import type { WorldRepository } from './world.repository.port.js';

/** Runs one claimed World build to its end (running or failed); never rejects for a build failure. */
export type WorldBuildRunner = (world: WorldRecord, deadline: Date) => Promise<void>;

/**
 * The World build queue, per workspace and separate from the Simulator build queue (SPEC 8):
 * at most `concurrency()` builds run at once; the rest wait as `creating` with no
 * `build.startedAt` and are claimed oldest first when a slot frees. The budget starts when a
 * build is claimed: a waiting record's deadline holds its creation time plus `timeout_seconds`,
 * and claiming moves it to the claim time plus the same length.
 *
 * As Simulator builds are, a running World build is leased to its process and the lease
 * renewed while it runs; `recover` (every sweep, and at start) takes over the builds of a
 * process that died, with their deadline, and the builder starts them over.
 */
export class WorldBuildQueue {
  private readonly queue: LeasedJobQueue<WorldRecord, string, RunningJob>;

  constructor(
    private readonly repository: WorldRepository,
    private readonly run: WorldBuildRunner,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly concurrency: () => number,
    private readonly lease: BuildLeaseOptions = { owner: 'local', leaseMs: 30_000 },
  ) {
    this.queue = new LeasedJobQueue(
      {
        name: 'world build',
        idField: 'world_id',
        claimExpired: (by, now) => this.repository.claimExpiredBuild(by, (world) => ({ build: { ...world.build, lease: leaseFrom(this.lease, now) }, updatedAt: formatTime(now) })),
        claimNext: (workspaceId, now) => this.repository.claimNextBuild(workspaceId, this.concurrency(), (next) => claimAt(next, now, this.lease)),
        waitingWorkspaces: (limit) => this.repository.waitingWorkspaces(limit),
        start: (world) => Promise.resolve({ done: this.run(world, parseTime(world.build.deadline)) }),
        renew: (world) => this.renew(world.id),
      },
      clock,
      logger,
      lease,
    );
  }

  /**
   * Takes over World builds whose lease ran out and runs them here with their deadline, then
   * pumps the workspaces with waiting builds. With `all`, every started build is taken over:
   * only for a store this process holds alone, at start.
   */
  recover(options: { all?: boolean } = {}): Promise<number> {
    return this.queue.recover(options);
  }

  /** Starts as many waiting builds of the workspace as its free slots allow. */
  pump(workspaceId: string): Promise<void> {
    return this.queue.pump(workspaceId);
  }

  /** Resolves when no World build is running or waiting to be claimed; for tests and shutdown. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Claims nothing more and waits for the builds running here; for shutdown. */
  async close(): Promise<void> {
    this.queue.stop();
    await this.idle();
  }

  /** Extends the lease of a World build running here; a store that cannot answer is tried again next time. */
  private async renew(id: string): Promise<void> {
    try {
      const current = await this.repository.get(id);
      if (current === null || current.status !== 'creating') return;
      await this.repository.update(id, { status: ['creating'], leaseOwner: this.lease.owner }, { build: { ...current.build, lease: leaseFrom(this.lease, this.clock.now()) } });
    } catch (cause) {
      this.logger.warn('world build lease could not be renewed', { world_id: id, cause: String(cause) });
    }
  }
}

/** A waiting build claimed at `now`: its budget (deadline less creation time) starts again from now. */
function claimAt(next: WorldRecord, now: Date, lease: BuildLeaseOptions): Partial<WorldRecord> {
  const budget = Math.max(0, Date.parse(next.build.deadline) - Date.parse(next.createdAt));
  return {
    build: { startedAt: formatTime(now), deadline: formatTime(new Date(now.getTime() + budget)), lease: leaseFrom(lease, now) },
    updatedAt: formatTime(now),
  };
}
