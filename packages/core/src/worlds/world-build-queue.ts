import type { Logger } from '../logging/logger.port.js';
import { formatTime, type Clock } from '../time/clock.port.js';
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
  ) {}

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
      if ((await this.repository.countBuilding(workspaceId)) >= this.concurrency()) return;
      const [next] = await this.repository.listWaiting(workspaceId, 1);
      if (next === undefined) return;
      const now = this.clock.now();
      const budget = Math.max(0, Date.parse(next.build.deadline) - Date.parse(next.createdAt));
      const deadline = new Date(now.getTime() + budget);
      const claimed = await this.repository.update(
        next.id,
        { status: ['creating'], buildStarted: false },
        { build: { startedAt: formatTime(now), deadline: formatTime(deadline) }, updatedAt: formatTime(now) },
      );
      if (claimed !== null) this.start(claimed, deadline);
    }
  }

  private start(world: WorldRecord, deadline: Date): void {
    const done = this.run(world, deadline)
      .catch((error: unknown) => this.logger.error('world build crashed', { world_id: world.id, cause: String(error) }))
      .finally(() => {
        this.running.delete(world.id);
        void this.pump(world.workspaceId);
      });
    this.running.set(world.id, done);
  }
}
