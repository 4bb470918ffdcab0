import type { BuildAbortReason, BuildProgress, BuildStage } from '@simplane/core';

/** Thrown at a checkpoint once the build was canceled or its budget ran out. */
export class BuildStopped extends Error {
  constructor(readonly reason: BuildAbortReason) {
    super(`build stopped: ${reason}`);
  }
}

export interface CompileHooks {
  signal?: AbortSignal;
  deadline?: Date;
  onProgress?(progress: BuildProgress): void;
  /** Lets other work run between stages (the same-thread provider yields the event loop here). */
  pause?(): Promise<void>;
  /** Wall time in ms; injectable so tests need not wait. */
  now?(): number;
}

/** How many operations pass between two checkpoints inside the compiling stage. */
export const OPERATIONS_PER_CHECKPOINT = 50;

/**
 * Where a build may stop and report: between stages and every few operations. An abort
 * reason other than `time_limit` counts as a cancel.
 */
export class Checkpoints {
  private progress: BuildProgress = { stage: 'parsing', operationsTotal: 0, operationsDone: 0 };

  constructor(private readonly hooks: CompileHooks) {}

  async stage(stage: BuildStage, operationsTotal = this.progress.operationsTotal, operationsDone = this.progress.operationsDone): Promise<void> {
    this.progress = { stage, operationsTotal, operationsDone };
    await this.check();
    this.report();
  }

  /** Called after each operation; reports and checks only every OPERATIONS_PER_CHECKPOINT. */
  async operationDone(done: number): Promise<void> {
    if (done % OPERATIONS_PER_CHECKPOINT !== 0 && done !== this.progress.operationsTotal) return;
    this.progress = { ...this.progress, operationsDone: done };
    await this.check();
    this.report();
  }

  /** A failing progress sink must not fail the build. */
  private report(): void {
    try {
      this.hooks.onProgress?.({ ...this.progress });
    } catch {
      // ignored: progress is advisory
    }
  }

  async check(): Promise<void> {
    this.throwIfStopped();
    if (this.hooks.pause) {
      await this.hooks.pause();
      this.throwIfStopped();
    }
  }

  throwIfStopped(): void {
    const { signal, deadline } = this.hooks;
    if (signal?.aborted) throw new BuildStopped(signal.reason === 'time_limit' ? 'time_limit' : 'canceled');
    const now = this.hooks.now?.() ?? Date.now();
    if (deadline && now >= deadline.getTime()) throw new BuildStopped('time_limit');
  }
}
