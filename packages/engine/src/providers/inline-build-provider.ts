import { type BuildOutcome, type BuildProvider, type BuildRequest, type Clock, systemClock } from '@simplane/core';
import { compileDocument } from '../compile/compile-document.js';

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Compiles on the calling thread, yielding to the event loop at every checkpoint so requests
 * keep being served between stages. For tests, the harness and small documents; a server uses
 * the WorkerBuildProvider, which also survives a document that exhausts memory.
 */
export class InlineBuildProvider implements BuildProvider {
  /** `clock` is the one the deadlines are set by (the control plane's), so a test clock works. */
  constructor(private readonly options: { clock?: Clock } = {}) {}

  build(request: BuildRequest): Promise<BuildOutcome> {
    const clock = this.options.clock ?? systemClock;
    return compileDocument(request, {
      signal: request.signal,
      deadline: request.deadline,
      now: () => clock.now().getTime(),
      onProgress: (progress) => request.onProgress(progress),
      pause: yieldToEventLoop,
    });
  }
}
