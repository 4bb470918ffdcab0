import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Principal, SimulatorService, SimulatorView } from '@simplane/core';
import { describeIssue } from '@simplane/client';
import { MockBuildFailed, MockFailure } from './mock-failure.js';
import { behaviourCounts } from '../simulator-text.js';

/** The `spec` part's limit (SPEC section 8), checked before reading so a huge file is refused at once. */
const MAX_SPEC_BYTES = 64 * 1024 * 1024;
/** Polling starts quick (most builds take well under a second) and slows to this. */
const FIRST_POLL_MS = 50;
const LONGEST_POLL_MS = 1000;

/** The document as read once: its bytes and their SHA-256, which says whether it changed. */
export interface MockDocument {
  path: string;
  bytes: Buffer;
  digest: string;
}

export async function readMockDocument(path: string): Promise<MockDocument> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new MockFailure([`${path} is not a file.`]);
    size = info.size;
  } catch (error) {
    if (error instanceof MockFailure) throw error;
    throw new MockFailure([`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`]);
  }
  if (size > MAX_SPEC_BYTES) throw new MockFailure([`${path} is ${size} bytes; a document may be at most ${MAX_SPEC_BYTES} bytes (64 MiB).`]);
  const bytes = await readFile(path);
  return { path, bytes, digest: createHash('sha256').update(bytes).digest('hex') };
}


/**
 * Builds the document on the mock's own control plane, printing what `simplane build` prints:
 * each stage as it changes, the warnings, and how the operations were understood. Answers the
 * ready Simulator; a build that fails throws MockBuildFailed with its diagnostics.
 */
export async function buildMockSimulator(simulators: SimulatorService, principal: Principal, document: MockDocument, print: (line: string) => void): Promise<SimulatorView> {
  let simulator = await simulators.create(principal, { spec: document.bytes, filename: basename(document.path), request: {} });
  print(`building ${simulator.id} (${simulator.name})`);
  let shown = progress(simulator);
  print(shown);
  for (let wait = FIRST_POLL_MS; !settled(simulator); wait = Math.min(wait * 2, LONGEST_POLL_MS)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    simulator = await simulators.get(principal, simulator.id);
    const now = progress(simulator);
    if (now !== shown) print((shown = now));
  }
  if (simulator.status !== 'ready') {
    const failure = failureLines(simulator);
    // A failed build leaves nothing to keep: its Simulator goes, so a mock's data directory holds only what it serves.
    await simulators.delete(principal, simulator.id).catch(() => undefined);
    throw new MockBuildFailed(failure);
  }
  for (const warning of simulator.build.warnings) print(`warning: ${describeIssue(warning)}`);
  print(behaviourCounts((await simulators.operations(principal, simulator.id)).operations));
  return simulator;
}

function settled(simulator: SimulatorView): boolean {
  return simulator.status === 'ready' || simulator.status === 'failed' || simulator.status === 'canceled';
}

/** One line of progress, as `simplane build` prints it: the status, the stage and, once known, the operations done. */
function progress(simulator: SimulatorView): string {
  const { stage, operations_done: done, operations_total: total } = simulator.build;
  return `${simulator.status}: ${stage}${total > 0 ? ` (${done}/${total} operations)` : ''}`;
}

function failureLines(simulator: SimulatorView): string[] {
  const error = simulator.error;
  if (error === null) return [`the build ended ${simulator.status}`];
  const lines = [`the build ${simulator.status === 'canceled' ? 'was canceled' : 'failed'}: ${error.code}${error.reason === null ? '' : ` (${error.reason})`}: ${error.detail}`];
  for (const issue of error.validation?.issues ?? []) lines.push(`  ${describeIssue(issue)}`);
  if (error.agent_message !== null) lines.push(`  ${error.agent_message}`);
  return lines;
}
