import type { BlobStore } from '../blobs/blob-store.port.js';
import { BUILD_LIMITS, type BuildAbortReason, type BuildOutcome, type BuildProgress, type BuildProvider } from '../builds/build-provider.port.js';
import type { Logger } from '../logging/logger.port.js';
import type { Clock } from '../time/clock.port.js';
import { formatTime } from '../time/clock.port.js';
import { blobKeys, type SimulatorError, type SimulatorRecord } from './simulator.js';
import type { SimulatorRepository } from './simulator.repository.port.js';

interface RunningBuild {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Runs builds off the request path. Per workspace at most `concurrency(workspace)` build at
 * once; the rest wait as `pending` and are claimed oldest first when a slot frees. The budget
 * starts when a build leaves the queue; a timer aborts it at the deadline.
 */
export class BuildScheduler {
  private readonly running = new Map<string, RunningBuild>();
  private readonly pumping = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly repository: SimulatorRepository,
    private readonly blobs: BlobStore,
    private readonly provider: BuildProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly concurrency: (workspaceId: string | null) => number,
  ) {}

  /** Starts as many waiting builds of the workspace as its free slots allow. */
  pump(workspaceId: string | null): Promise<void> {
    const key = workspaceId ?? '';
    const previous = this.pumping.get(key) ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(() => this.claimAll(workspaceId))
      .catch((error: unknown) => this.logger.error('build queue could not be read', { cause: String(error) }))
      .finally(() => {
        if (this.pumping.get(key) === next) this.pumping.delete(key);
      });
    this.pumping.set(key, next);
    return next;
  }

  /** Aborts a build running in this process; answers when it has settled (or false if not here). */
  async abort(simulatorId: string, reason: BuildAbortReason): Promise<boolean> {
    const build = this.running.get(simulatorId);
    if (build === undefined) return false;
    build.controller.abort(reason);
    await build.done;
    return true;
  }

  /** Resolves when no build is running or waiting to be claimed; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.pumping.size > 0) {
      await Promise.all([...[...this.running.values()].map((b) => b.done), ...this.pumping.values()]);
    }
  }

  /** Claims nothing more and stops the builds running here; for shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    for (const build of this.running.values()) build.controller.abort('canceled' satisfies BuildAbortReason);
    await this.idle();
  }

  private async claimAll(workspaceId: string | null): Promise<void> {
    while (!this.closed) {
      const now = this.clock.now();
      const claimed = await this.repository.claimNextBuild(workspaceId, this.concurrency(workspaceId), {
        updatedAt: formatTime(now),
      });
      if (claimed === null) return;
      const deadline = new Date(now.getTime() + claimed.timeoutSeconds * 1000);
      const started = await this.repository.transition(claimed.id, ['building'], {
        build: { ...claimed.build, stage: 'parsing', started_at: formatTime(now), deadline: formatTime(deadline) },
      });
      if (started !== null) this.start(started, deadline);
    }
  }

  private start(record: SimulatorRecord, deadline: Date): void {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort('time_limit' satisfies BuildAbortReason), Math.max(0, deadline.getTime() - this.clock.now().getTime()));
    const done = this.run(record, deadline, controller)
      .catch((error: unknown) => this.logger.error('build crashed', { simulator_id: record.id, cause: String(error) }))
      .finally(() => {
        clearTimeout(timer);
        this.running.delete(record.id);
        void this.pump(record.workspaceId);
      });
    this.running.set(record.id, { controller, done });
  }

  private async run(record: SimulatorRecord, deadline: Date, controller: AbortController): Promise<void> {
    let outcome: BuildOutcome;
    try {
      const spec = record.specBlob === null ? null : await this.blobs.get(record.specBlob);
      const overlays = await Promise.all(record.overlayBlobs.map((key) => this.blobs.get(key)));
      if (spec === null || overlays.some((o) => o === null)) {
        outcome = failure('build_failed', 'build_failed', 'The uploaded document is no longer stored; upload it again.');
      } else {
        outcome = await this.provider.build({
          spec,
          specKind: record.specKind,
          filter: record.filter,
          overlays: overlays as Uint8Array[],
          instructions: record.instructions,
          // Providers keep time by the process clock; hand them the remaining budget on it.
          deadline: new Date(Date.now() + (deadline.getTime() - this.clock.now().getTime())),
          signal: controller.signal,
          onProgress: (progress) => void this.progress(record.id, progress, controller),
        });
      }
    } catch (cause) {
      this.logger.error('build provider unavailable', { simulator_id: record.id, cause: String(cause) });
      outcome = failure('build_failed', 'service_unavailable', 'The build service is unavailable; start the build again.');
    }
    await this.finish(record, outcome, controller);
  }

  private async progress(id: string, progress: BuildProgress, controller: AbortController): Promise<void> {
    const current = await this.repository.get(id);
    if (current === null || current.status !== 'building') return;
    if (current.cancelRequested) {
      controller.abort('canceled' satisfies BuildAbortReason);
      return;
    }
    await this.repository.transition(id, ['building'], {
      build: { ...current.build, stage: progress.stage, operations_total: progress.operationsTotal, operations_done: progress.operationsDone },
      updatedAt: formatTime(this.clock.now()),
    });
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
      } catch (cause) {
        this.logger.error('artifact could not be stored', { simulator_id: record.id, cause: String(cause) });
        outcome = failure('build_failed', 'service_unavailable', 'The artifact could not be stored; start the build again.');
      }
    }
    if (outcome.ok) {
      const ready = await this.repository.transition(record.id, ['building'], {
        status: 'ready',
        specKind: outcome.specKind,
        specVersion: outcome.specVersion,
        operations: outcome.operations.length,
        digest: outcome.digest,
        error: null,
        build: { ...current.build, stage: 'complete', operations_total: outcome.operations.length, operations_done: outcome.operations.length, warnings: outcome.warnings.slice(0, BUILD_LIMITS.warnings) },
        updatedAt: now,
      });
      if (ready !== null) {
        for (const reference of ready.requestedReferences) await this.repository.moveReference(ready.workspaceId, reference, ready.id);
      }
      return;
    }
    const canceled = outcome.code === 'build_canceled' || (controller.signal.aborted && controller.signal.reason === 'canceled');
    const error: SimulatorError = canceled
      ? { code: 'build_canceled', detail: 'The build was canceled.', reason: 'canceled', agent_message: null, validation: null }
      : { code: outcome.code, detail: outcome.detail, reason: outcome.reason, agent_message: outcome.agentMessage, validation: outcome.validation };
    await this.repository.transition(record.id, ['building'], {
      status: canceled ? 'canceled' : 'failed',
      error,
      updatedAt: now,
    });
  }
}

function failure(code: 'build_failed', reason: 'build_failed' | 'service_unavailable', detail: string): BuildOutcome {
  return { ok: false, code, reason, detail, agentMessage: null, validation: null };
}
