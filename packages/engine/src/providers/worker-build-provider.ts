import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { BuildOutcome, BuildProvider, BuildRequest } from '@simplane/core';
import { failed, stopped } from '../compile/outcomes.js';
import { compileProgress, learnStep } from '../probing/learn-step.js';
import type { BuildJobMessage, WorkerMessage } from './worker-protocol.js';

export interface WorkerBuildProviderOptions {
  /** Worker threads at most; default one per core less one for the API, at least one. */
  workers?: number;
  /** Per-worker heap limits, so a huge document exhausts a worker and never the server. */
  resourceLimits?: ResourceLimits;
  /** The worker script; found beside this file by default. */
  workerUrl?: URL;
}

/**
 * The compiled worker script. Run from `dist` it sits beside this file; imported from `src`
 * (vitest runs the TypeScript sources) it is the built copy in `dist`, which `npm test` builds
 * first with `tsc -b`.
 */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/providers/build-worker.js', here) : new URL('./build-worker.js', here);
}

interface Job {
  request: BuildRequest;
  resolve(outcome: BuildOutcome): void;
  /** Answers the build while it still waits in the queue. */
  onQueuedAbort(): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  finish: ((outcome: BuildOutcome, keepWorker: boolean) => void) | null;
}

function describeCrash(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'The build ran out of memory; the document is too large to compile.';
  return `The build worker crashed: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Compiles in a pool of worker threads so a build never stalls the API. Builds beyond the
 * pool's size wait in order. Cancel and deadline terminate the worker at once (no checkpoint
 * needed); a worker that crashes or runs out of memory yields a `build_failed` outcome and is
 * replaced. Idle workers are kept (the OpenAPI validators they compiled are reused) but never
 * keep the process alive.
 */
export class WorkerBuildProvider implements BuildProvider {
  private readonly size: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];

  constructor(private readonly options: WorkerBuildProviderOptions = {}) {
    this.size = Math.max(1, options.workers ?? availableParallelism() - 1);
  }

  /**
   * Compiles in a worker, then learns from the real system here, where the connection the
   * scheduler opened lives (probing/learn-step.ts).
   */
  async build(request: BuildRequest): Promise<BuildOutcome> {
    return learnStep(await this.compile({ ...request, onProgress: compileProgress(request) }), request);
  }

  private compile(request: BuildRequest): Promise<BuildOutcome> {
    if (request.signal.aborted) return Promise.resolve(stopped(request.signal.reason === 'time_limit' ? 'time_limit' : 'canceled'));
    if (this.timeLeft(request) <= 0) return Promise.resolve(stopped('time_limit'));
    return new Promise((resolve) => {
      const job: Job = {
        request,
        resolve,
        onQueuedAbort: () => {
          const queued = this.queue.indexOf(job);
          if (queued === -1) return;
          this.queue.splice(queued, 1);
          resolve(stopped(request.signal.reason === 'time_limit' ? 'time_limit' : 'canceled'));
        },
      };
      request.signal.addEventListener('abort', job.onQueuedAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** Terminates every worker; queued and running builds end as canceled. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.resolve(stopped('canceled'));
    await Promise.all([...this.slots].map((slot) => {
      slot.finish?.(stopped('canceled'), false);
      return slot.worker.terminate();
    }));
    this.slots.clear();
  }

  /** Deadlines are by the process clock (the port's contract). */
  private timeLeft(request: BuildRequest): number {
    return request.deadline.getTime() - Date.now();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((s) => s.job === null) ?? (this.slots.size < this.size ? this.spawn() : undefined);
      if (!slot) return;
      this.run(slot, this.queue.shift() as Job);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.workerUrl ?? defaultWorkerUrl(), {
      resourceLimits: this.options.resourceLimits ?? { maxOldGenerationSizeMb: 4096 },
    });
    const slot: Slot = { worker, job: null, finish: null };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') {
        try {
          slot.job?.request.onProgress(message.progress);
        } catch {
          // A failing progress sink must not fail the build.
        }
      } else slot.finish?.(message.outcome, true);
    });
    worker.on('error', (error) => slot.finish?.(failed(describeCrash(error)), false));
    worker.on('exit', (code) => slot.finish?.(failed(`The build worker exited unexpectedly (code ${code}).`), false));
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private run(slot: Slot, job: Job): void {
    const { request } = job;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => finish(stopped(request.signal.reason === 'time_limit' ? 'time_limit' : 'canceled'), false);
    const finish = (outcome: BuildOutcome, keepWorker: boolean) => {
      slot.finish = null;
      slot.job = null;
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      if (keepWorker) slot.worker.unref();
      else {
        this.slots.delete(slot);
        void slot.worker.terminate();
      }
      job.resolve(outcome);
      this.pump();
    };
    request.signal.removeEventListener('abort', job.onQueuedAbort);
    slot.job = job;
    slot.finish = finish;
    slot.worker.ref();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const left = Math.max(0, this.timeLeft(request));
    // setTimeout holds at most ~24.8 days; a longer budget is left to the worker's own checks.
    timer = setTimeout(() => finish(stopped('time_limit'), false), Math.min(2 ** 31 - 1, left));
    const input = { spec: request.spec, specKind: request.specKind, filter: request.filter, overlays: request.overlays };
    slot.worker.postMessage({ type: 'build', input, deadline: request.deadline.getTime() } satisfies BuildJobMessage);
  }
}
