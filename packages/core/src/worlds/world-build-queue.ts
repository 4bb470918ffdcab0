import type { Logger } from '../logging/logger.port.js';
import { expiredBy, leaseFrom, type BuildLeaseOptions } from '../simulators/build-lease.js';
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
  private readonly running = new Map<string, Promise<void>>();
  private readonly pumping = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly repository: WorldRepository,
    private readonly run: WorldBuildRunner,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly concurrency: () => number,
    private readonly lease: BuildLeaseOptions = { owner: 'local', leaseMs: 30_000 },
  ) {}

  /**
   * Takes over World builds whose lease ran out and runs them here with their deadline, then
   * pumps the workspaces with waiting builds. With `all`, every started build is taken over:
   * only for a store this process holds alone, at start.
   */
  async recover(options: { all?: boolean } = {}): Promise<number> {
    let taken = 0;
    const seen = new Set<string>();
    const started = this.clock.now().getTime();
    while (!this.closed) {
      const now = this.clock.now();
      const claimed = await this.repository.claimExpiredBuild(expiredBy(this.lease, started, now, options.all === true), (world) => ({ build: { ...world.build, lease: leaseFrom(this.lease, now) }, updatedAt: formatTime(now) }));
      if (claimed === null || seen.has(claimed.id)) break;
      seen.add(claimed.id);
      if (this.running.has(claimed.id)) continue;
      taken += 1;
      this.logger.info('world build taken over', { world_id: claimed.id });
      this.start(claimed, parseTime(claimed.build.deadline));
    }
    for (const workspaceId of await this.repository.waitingWorkspaces(1000)) void this.pump(workspaceId);
    return taken;
  }

  /** Starts as many waiting builds of the workspace as its free slots allow. */
  pump(workspaceId: string): Promise<void> {
    const previous = this.pumping.get(workspaceId) ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(() => this.claimAll(workspaceId))
      .catch((error: unknown) => this.logger.error('world build queue could not be read', { cause: String(error) }))
      .finally(() => {
        if (this.pumping.get(workspaceId) === next) this.pumping.delete(workspaceId);
      });
    this.pumping.set(workspaceId, next);
    return next;
  }

  /** Resolves when no World build is running or waiting to be claimed; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.pumping.size > 0) {
      await Promise.all([...this.running.values(), ...this.pumping.values()]);
    }
  }

  /** Claims nothing more and waits for the builds running here; for shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private async claimAll(workspaceId: string): Promise<void> {
    while (!this.closed) {
      const now = this.clock.now();
      const claimed = await this.repository.claimNextBuild(workspaceId, this.concurrency(), (next) => {
        const budget = Math.max(0, Date.parse(next.build.deadline) - Date.parse(next.createdAt));
        return {
          build: { startedAt: formatTime(now), deadline: formatTime(new Date(now.getTime() + budget)), lease: leaseFrom(this.lease, now) },
          updatedAt: formatTime(now),
        };
      });
      if (claimed === null) return;
      this.start(claimed, parseTime(claimed.build.deadline));
    }
  }

  private start(world: WorldRecord, deadline: Date): void {
    const renewal = setInterval(() => void this.renew(world.id), Math.max(10, Math.floor(this.lease.leaseMs / 3)));
    renewal.unref();
    const done = this.run(world, deadline)
      .catch((error: unknown) => this.logger.error('world build crashed', { world_id: world.id, cause: String(error) }))
      .finally(() => {
        clearInterval(renewal);
        this.running.delete(world.id);
        if (!this.closed) void this.pump(world.workspaceId);
      });
    this.running.set(world.id, done);
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
