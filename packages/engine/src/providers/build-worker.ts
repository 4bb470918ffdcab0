/**
 * Entry of a build worker thread: compiles the documents the WorkerBuildProvider posts, one at
 * a time, and posts back progress and the outcome (the artifact's buffer is transferred, not
 * copied). Cancellation is the main thread terminating this worker.
 */
import { parentPort } from 'node:worker_threads';
import { compileDocument } from '../compile/compile-document.js';
import type { BuildJobMessage, WorkerMessage } from './worker-protocol.js';

const port = parentPort;
if (port === null) throw new Error('build-worker must run as a worker thread');

port.on('message', (job: BuildJobMessage) => {
  const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  void compileDocument(job.input, {
    deadline: new Date(job.deadline),
    onProgress: (progress) => post({ type: 'progress', progress }),
  }).then((outcome) => post({ type: 'outcome', outcome }, outcome.ok ? [outcome.artifact.buffer as ArrayBuffer] : []));
});
