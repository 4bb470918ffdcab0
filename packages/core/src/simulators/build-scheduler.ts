import type { BlobStore } from '../blobs/blob-store.port.js';
import type { BuildProbing, OpenedProbe } from '../credentials/build-probing.js';
import { SIMULATOR_LIMITS } from './simulator-input.js';
import { BUILD_LIMITS, type BuildAbortReason, type BuildOutcome, type BuildProgress, type BuildProvider } from '../builds/build-provider.port.js';
import type { Logger } from '../logging/logger.port.js';
import type { Clock } from '../time/clock.port.js';
import { formatTime, parseTime } from '../time/clock.port.js';
import { blobKeys, type SimulatorError, type SimulatorRecord } from './simulator.js';
import { leaseFrom, type BuildLeaseOptions } from './build-lease.js';
import { LeasedJobQueue, type RunningJob } from '../builds/leased-job-queue.js';
import type { SimulatorRepository } from './simulator.repository.port.js';

interface RunningBuild extends RunningJob {
  controller: AbortController;
  /** Set when this process gives the build up (shutdown, lease lost): its outcome is not written. */
  released: boolean;
}

/**
 * Runs builds off the request path. Per workspace at most `concurrency(workspace)` build at
 * once; the rest wait as `pending` and are claimed oldest first when a slot frees. The budget
 * starts when a build leaves the queue; a timer aborts it at the deadline.
 *
 * A running build is leased to this process and the lease renewed while it runs. When a process
 * dies its builds' leases run out, and `recover` (run by every process's sweeper, and at start)
 * takes them over with their original deadline: a retry never restarts the budget (SPEC 8).
 * Shutting down releases this process's builds for another to take over rather than failing them.
 */
export class BuildScheduler {
  private readonly queue: LeasedJobQueue<SimulatorRecord, string | null, RunningBuild>;
  private readonly lease: BuildLeaseOptions;

  constructor(
    private readonly repository: SimulatorRepository,
    private readonly blobs: BlobStore,
    private readonly provider: BuildProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly concurrency: (workspaceId: string | null) => number,
    lease: BuildLeaseOptions = { owner: 'local', leaseMs: 30_000 },
    private readonly probing: BuildProbing | null = null,
  ) {
    this.lease = lease;
    this.queue = new LeasedJobQueue(
      {
        name: 'build',
        idField: 'simulator_id',
        claimExpired: (by, now) => this.repository.claimExpiredBuild(by, { lease: leaseFrom(this.lease, now), updatedAt: formatTime(now) }),
        claimNext: (workspaceId, now) => this.repository.claimNextBuild(workspaceId, this.concurrency(workspaceId), { updatedAt: formatTime(now), lease: leaseFrom(this.lease, now) }),
        waitingWorkspaces: (limit) => this.repository.pendingWorkspaces(limit),
        start: (record, now) => this.begin(record, now),
        renew: (record, build) => this.renew(record.id, build),
      },
      clock,
      logger,
      lease,
    );
  }

  /**
   * Takes over builds whose lease ran out (their process died or shut down) and runs them here
   * with their original deadline, then pumps the queues that have waiting builds. Answers how
   * many builds it took over. With `all`, every build is taken over, whatever its lease: only
   * for a store this process holds alone, at start, when no build of it can be running.
   */
  recover(options: { all?: boolean } = {}): Promise<number> {
    return this.queue.recover(options);
  }

  /** Starts as many waiting builds of the workspace as its free slots allow. */
  pump(workspaceId: string | null): Promise<void> {
    return this.queue.pump(workspaceId);
  }

  /** Aborts a build running in this process; answers when it has settled (or false if not here). */
  async abort(simulatorId: string, reason: BuildAbortReason): Promise<boolean> {
    const build = this.queue.get(simulatorId);
    if (build === undefined) return false;
    build.controller.abort(reason);
    await build.done;
    return true;
  }

  /** Resolves when no build is running or waiting to be claimed; for tests and shutdown. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * Claims nothing more and gives up the builds running here, for shutdown: they stay
   * `building` with their lease released, so another process, or the next start, takes them
   * over with their deadline.
   */
  async close(): Promise<void> {
    const released = this.queue.stop();
    for (const [, build] of released) {
      build.released = true;
      build.controller.abort('canceled' satisfies BuildAbortReason);
    }
    await this.idle();
    for (const [id] of released) {
      await this.repository.transition(id, ['building'], { lease: null }, this.lease.owner).catch(() => undefined);
    }
  }

  /** Starts a claimed build: its budget starts now unless an earlier attempt already set its deadline. */
  private async begin(claimed: SimulatorRecord, now: Date): Promise<RunningBuild | null> {
    const deadline = claimed.build.deadline === null ? new Date(now.getTime() + claimed.timeoutSeconds * 1000) : parseTime(claimed.build.deadline);
    const started = await this.repository.transition(
      claimed.id,
      ['building'],
      { build: { ...claimed.build, stage: 'parsing', started_at: claimed.build.started_at ?? formatTime(now), deadline: formatTime(deadline) } },
      this.lease.owner,
    );
    return started === null ? null : this.start(started, deadline);
  }

  private start(record: SimulatorRecord, deadline: Date): RunningBuild {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort('time_limit' satisfies BuildAbortReason), Math.max(0, deadline.getTime() - this.clock.now().getTime()));
    const build: RunningBuild = { controller, done: Promise.resolve(), released: false };
    build.done = this.run(record, deadline, controller, build).finally(() => clearTimeout(timer));
    return build;
  }

  /**
   * Extends the lease of a build running here. A build whose lease another process took over
   * (this one stalled past it) is given up; a cancel asked for through another process is seen
   * here too.
   */
  private async renew(id: string, build: RunningBuild): Promise<void> {
    if (build.released || build.controller.signal.aborted) return;
    try {
      const renewed = await this.repository.transition(id, ['building'], { lease: leaseFrom(this.lease, this.clock.now()) }, this.lease.owner);
      if (renewed === null) {
        build.released = true;
        build.controller.abort('canceled' satisfies BuildAbortReason);
      } else if (renewed.cancelRequested) {
        build.controller.abort('canceled' satisfies BuildAbortReason);
      }
    } catch (cause) {
      // The store is unreachable: keep building; the next renewal tries again.
      this.logger.warn('build lease could not be renewed', { simulator_id: id, cause: String(cause) });
    }
  }

  private async run(record: SimulatorRecord, deadline: Date, controller: AbortController, build: RunningBuild): Promise<void> {
    let outcome: BuildOutcome;
    let opened: OpenedProbe = null;
    try {
      const spec = record.specBlob === null ? null : await this.blobs.get(record.specBlob);
      const overlays = await Promise.all(record.overlayBlobs.map((key) => this.blobs.get(key)));
      if (spec === null || overlays.some((o) => o === null)) {
        outcome = failure('build_failed', 'build_failed', 'The uploaded document is no longer stored; upload it again.');
      } else {
        opened = await this.openProbe(record);
        outcome = await this.provider.build({
          spec,
          specKind: record.specKind,
          filter: record.filter,
          overlays: overlays as Uint8Array[],
          instructions: record.instructions,
          // Providers keep time by the process clock; hand them the remaining budget on it.
          deadline: new Date(Date.now() + (deadline.getTime() - this.clock.now().getTime())),
          signal: controller.signal,
          onProgress: (progress) =>
            void this.progress(record.id, progress, controller).catch((cause: unknown) =>
              // Progress is advisory: a store that cannot take it must not fail (or crash) the build.
              this.logger.warn('build progress could not be saved', { simulator_id: record.id, cause: String(cause) }),
            ),
          probe: opened?.probe ?? null,
          lessons: record.credentialId === null ? await this.inheritedLessons(record) : null,
        });
      }
    } catch (cause) {
      this.logger.error('build provider unavailable', { simulator_id: record.id, cause: String(cause) });
      outcome = failure('build_failed', 'service_unavailable', 'The build service is unavailable; start the build again.');
    } finally {
      await opened?.close().catch(() => undefined);
    }
    if (build.released) return;
    await this.finish(record, outcome, controller);
  }

  /** The real system a build with a Credential asks, within its `probe_requests`; null for a build without one. */
  private async openProbe(record: SimulatorRecord): Promise<OpenedProbe> {
    if (record.credentialId === null) return null;
    const budget = Number.isInteger(record.probeRequests) ? (record.probeRequests as number) : SIMULATOR_LIMITS.probeRequests.default;
    if (this.probing === null) return budget === 0 ? null : { probe: { refused: 'this server does not ask real systems' }, close: () => Promise.resolve() };
    try {
      return await this.probing.open({ workspaceId: record.workspaceId, credentialId: record.credentialId, budget });
    } catch (cause) {
      this.logger.warn('credential could not be opened for a build', { simulator_id: record.id, cause: String(cause) });
      return { probe: { refused: 'the Credential could not be read; nothing was asked of the real system' }, close: () => Promise.resolve() };
    }
  }

  /** What the parent of an incremental build learned from the real system, kept unless the build names a Credential itself. */
  private async inheritedLessons(record: SimulatorRecord): Promise<Uint8Array | null> {
    if (record.parentId === null) return null;
    const parent = await this.repository.get(record.parentId);
    return parent?.digest == null ? null : this.blobs.get(blobKeys.lessons(parent.digest));
  }

  private async progress(id: string, progress: BuildProgress, controller: AbortController): Promise<void> {
    const current = await this.repository.get(id);
    if (current === null || current.status !== 'building') return;
    if (current.cancelRequested) {
      controller.abort('canceled' satisfies BuildAbortReason);
      return;
    }
    await this.repository.transition(
      id,
      ['building'],
      {
        build: { ...current.build, stage: progress.stage, operations_total: progress.operationsTotal, operations_done: progress.operationsDone },
        updatedAt: formatTime(this.clock.now()),
      },
      this.lease.owner,
    );
  }

  private async finish(record: SimulatorRecord, outcome: BuildOutcome, controller: AbortController): Promise<void> {
    const now = formatTime(this.clock.now());
    const current = (await this.repository.get(record.id)) ?? record;
    if (outcome.ok) {
      try {
        await this.blobs.put(blobKeys.artifact(outcome.digest), outcome.artifact);
        await this.blobs.put(blobKeys.operations(outcome.digest), Buffer.from(JSON.stringify(outcome.operations)));
        await this.blobs.put(blobKeys.lifecycle(outcome.digest), Buffer.from(JSON.stringify(outcome.lifecycle ?? [])));
        await this.blobs.put(blobKeys.entities(outcome.digest), Buffer.from(JSON.stringify(outcome.entities ?? [])));
        if (outcome.lessons !== undefined) await this.blobs.put(blobKeys.lessons(outcome.digest), outcome.lessons);
      } catch (cause) {
        this.logger.error('artifact could not be stored', { simulator_id: record.id, cause: String(cause) });
        outcome = failure('build_failed', 'service_unavailable', 'The artifact could not be stored; start the build again.');
      }
    }
    if (outcome.ok) {
      // Ready and its references moved in one step: a client that sees it ready can use them.
      await this.repository.completeBuild(
        record.id,
        this.lease.owner,
        {
          lease: null,
          status: 'ready',
          specKind: outcome.specKind,
          specVersion: outcome.specVersion,
          operations: outcome.operations.length,
          digest: outcome.digest,
          error: null,
          build: { ...current.build, stage: 'complete', operations_total: outcome.operations.length, operations_done: outcome.operations.length, warnings: outcome.warnings.slice(0, BUILD_LIMITS.warnings) },
          updatedAt: now,
        },
        current.requestedReferences,
      );
      return;
    }
    const canceled = outcome.code === 'build_canceled' || (controller.signal.aborted && controller.signal.reason === 'canceled');
    const error: SimulatorError = canceled
      ? { code: 'build_canceled', detail: 'The build was canceled.', reason: 'canceled', agent_message: null, validation: null }
      : { code: outcome.code, detail: outcome.detail, reason: outcome.reason, agent_message: outcome.agentMessage, validation: outcome.validation };
    await this.repository.transition(record.id, ['building'], { lease: null, status: canceled ? 'canceled' : 'failed', error, updatedAt: now }, this.lease.owner);
  }
}

function failure(code: 'build_failed', reason: 'build_failed' | 'service_unavailable', detail: string): BuildOutcome {
  return { ok: false, code, reason, detail, agentMessage: null, validation: null };
}
