import type { BuildOutcome, BuildProgress } from '@simplane/core';
import type { CompileInput } from '../compile/compile-document.js';

/** Main thread → worker: one build at a time per worker. */
export interface BuildJobMessage {
  type: 'build';
  input: CompileInput;
  /** Epoch milliseconds; the worker stops at its next checkpoint past it. */
  deadline: number;
}

/** Worker → main thread. */
export type WorkerMessage = { type: 'progress'; progress: BuildProgress } | { type: 'outcome'; outcome: BuildOutcome };
