import type { BuildOutcome, BuildProvider, BuildRequest } from '@simplane/core';
import { compileDocument } from '../compile/compile-document.js';
import { compileProgress, learnStep } from '../probing/learn-step.js';

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Compiles on the calling thread, yielding to the event loop at every checkpoint so requests
 * keep being served between stages. For tests, the harness and small documents; a server uses
 * the WorkerBuildProvider, which also survives a document that exhausts memory.
 */
export class InlineBuildProvider implements BuildProvider {
  async build(request: BuildRequest): Promise<BuildOutcome> {
    const compiled = await compileDocument(request, {
      signal: request.signal,
      deadline: request.deadline,
      onProgress: compileProgress(request),
      pause: yieldToEventLoop,
    });
    return learnStep(compiled, request);
  }
}
