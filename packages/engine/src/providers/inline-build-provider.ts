import type { BuildOutcome, BuildProvider, BuildRequest } from '@simplane/core';
import { compileDocument } from '../compile/compile-document.js';

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Compiles on the calling thread, yielding to the event loop at every checkpoint so requests
 * keep being served between stages. For tests, the harness and small documents; a server uses
 * the WorkerBuildProvider, which also survives a document that exhausts memory.
 */
export class InlineBuildProvider implements BuildProvider {
  build(request: BuildRequest): Promise<BuildOutcome> {
    return compileDocument(request, {
      signal: request.signal,
      deadline: request.deadline,
      onProgress: (progress) => request.onProgress(progress),
      pause: yieldToEventLoop,
    });
  }
}
