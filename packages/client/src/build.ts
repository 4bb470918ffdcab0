import type { Caller } from './caller.js';
import type { BuildRequest, Simulator } from './types.js';

/** The `spec` part's limit (SPEC section 8), checked before sending so a huge document is refused at once. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
/** Polling starts quick (most builds take well under a second) and slows to this. */
const FIRST_POLL_MS = 100;
const LONGEST_POLL_MS = 1000;

/** A document to build: its text, its bytes, or a Blob (a browser's File is one). */
export type BuildDocument = string | Uint8Array | ArrayBuffer | Blob;

/** A build's progress as the Simulator resource reports it, each time it changes. */
export interface BuildProgress {
  simulator: Simulator;
  status: Simulator['status'];
  stage: Simulator['build']['stage'];
  done: number;
  total: number;
  /** What `done` and `total` count: operations, or while probing, requests to the real system. */
  counting: 'operations' | 'requests';
}

export interface WaitOptions {
  /** Called with the first state seen and then at every change of status, stage or counts. */
  onProgress?: (progress: BuildProgress) => void;
  /** Stops waiting (the build goes on; `get` follows it). */
  signal?: AbortSignal;
  /** The longest pause between two reads, in milliseconds (default 1000). */
  pollIntervalMs?: number;
}

export interface BuildOptions extends WaitOptions {
  /** The document; leave it out only for an incremental build (`request.parent_id`), where it is an Overlay. */
  document?: BuildDocument;
  /** The file name sent with the document; its extension can tell YAML from JSON or a zip. */
  fileName?: string;
  /** Names, references, filters and the rest of the build's request. */
  request?: BuildRequest;
  /** Wait until the Simulator is ready, failed or canceled (default true); false answers the accepted build. */
  wait?: boolean;
}

export function isSettled(simulator: Simulator): boolean {
  return simulator.status === 'ready' || simulator.status === 'failed' || simulator.status === 'canceled';
}

/** Uploads a build as the API wants it: a multipart body with the document as `spec` and the request as JSON. */
export async function startBuild(caller: Caller, options: BuildOptions): Promise<Simulator> {
  const form = new FormData();
  if (options.document !== undefined) {
    const blob = options.document instanceof Blob ? options.document : new Blob([options.document]);
    if (blob.size > MAX_DOCUMENT_BYTES) throw new RangeError(`the document is ${blob.size} bytes; a document may be at most ${MAX_DOCUMENT_BYTES} bytes (64 MiB)`);
    form.append('spec', blob, options.fileName ?? 'document');
  }
  form.append('request', new Blob([JSON.stringify(options.request ?? {})], { type: 'application/json' }));
  return caller.answer(caller.api.POST('/v1/simulators', { body: { request: options.request ?? {} }, bodySerializer: () => form }));
}

/** Reads the Simulator until its build settles, reporting progress; answers it ready, failed or canceled. */
export async function waitForBuild(caller: Caller, first: Simulator, options: WaitOptions = {}): Promise<Simulator> {
  let simulator = first;
  let shown = '';
  const report = () => {
    const progress = describe(simulator);
    const key = `${progress.status}/${progress.stage}/${progress.done}/${progress.total}`;
    if (key !== shown) options.onProgress?.(progress);
    shown = key;
  };
  report();
  const longest = Math.max(1, options.pollIntervalMs ?? LONGEST_POLL_MS);
  for (let pause = Math.min(FIRST_POLL_MS, longest); !isSettled(simulator); pause = Math.min(pause * 2, longest)) {
    await caller.wait(pause, options.signal);
    simulator = await caller.answer(caller.api.GET('/v1/simulators/{id}', { params: { path: { id: simulator.id } }, signal: options.signal ?? null }));
    report();
  }
  return simulator;
}

function describe(simulator: Simulator): BuildProgress {
  const { stage, operations_done: done, operations_total: total } = simulator.build;
  return { simulator, status: simulator.status, stage, done, total, counting: stage === 'probing' ? 'requests' : 'operations' };
}
