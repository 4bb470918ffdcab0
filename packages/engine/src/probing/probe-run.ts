import type { RealSystemAnswer, RealSystemConnection } from '@simplane/core';
import type { Artifact } from '../artifact/artifact.js';
import type { Json } from '../json.js';
import type { ProbeAnswer, ProbeFinding } from './learn.js';
import { firstProbes, listedRecords, missingProbes, probeName, readProbes, type ProbeRequest } from './probe-plan.js';
import { soapAnswerBody, soapFirstProbes, soapReadProbes, soapWireRequest } from './soap-probes.js';

/** How a build's probing runs (docs/credentials.md). */
export interface ProbeRunOptions {
  /** Requests it may send in all, retries included (`probe_requests`). */
  budget: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Headers every request carries: the Credential's secret among them. */
  headers: Record<string, string>;
  /** The build's deadline: nothing is sent, and no retry waited for, past it. */
  deadline: Date;
  signal?: AbortSignal;
  /** The longest `Retry-After` waited for once before a request is asked again. */
  maxRetryWaitMs?: number;
  /** Told after each request: how many were sent, and how many the waves planned so far. */
  onProgress?: (sent: number, planned: number) => void;
}

/**
 * Asks the real system what the probe plan says (probe-plan.ts), wave after wave, within the
 * budget, the concurrency and the deadline: the lists, then reads of the ids they answered.
 * A 429 or 503 with a `Retry-After` within reach is asked again once. A system that refuses the
 * credential (401, 403) is asked nothing more. What could not be read is a finding.
 */
export async function runProbes(artifact: Artifact, connection: RealSystemConnection, options: ProbeRunOptions): Promise<{ answers: ProbeAnswer[]; findings: ProbeFinding[]; sent: number }> {
  const answers: ProbeAnswer[] = [];
  const findings: ProbeFinding[] = [];
  const state = { sent: 0, planned: 0, refused: false };
  const first = artifact.soap === undefined ? firstProbes(artifact.operations, artifact.resources) : soapFirstProbes(artifact);
  const resources = new Map(artifact.resources.map((resource) => [resource.name, resource]));
  const operations = new Map(artifact.operations.map((op) => [op.id, op]));
  let wave = first;
  while (wave.length > 0) {
    state.planned += wave.length;
    const answered = await inParallel(wave, options.concurrency, (probe) => ask(artifact, connection, probe, options, state, findings));
    const next: ProbeRequest[] = [];
    for (const answer of answered) {
      if (answer === null) continue;
      answers.push(answer);
      const { probe } = answer;
      const list = operations.get(probe.operation)?.list ?? null;
      const resource = probe.resource === null ? undefined : resources.get(probe.resource);
      if (probe.purpose === 'list' && list !== null && resource !== undefined && answer.status >= 200 && answer.status < 300 && answer.body !== undefined) {
        const records = listedRecords(list, answer.body);
        next.push(...(artifact.soap === undefined ? readProbes(artifact.operations, resource, records) : soapReadProbes(artifact, resource, records)));
      }
    }
    wave = next;
  }
  // Last, the real system's own not-found error, once per collection.
  const missing = artifact.soap === undefined ? missingProbes(artifact.operations, artifact.resources) : [];
  state.planned += missing.length;
  for (const answer of await inParallel(missing, options.concurrency, (probe) => ask(artifact, connection, probe, options, state, findings))) if (answer !== null) answers.push(answer);
  return { answers, findings, sent: state.sent };
}

async function ask(artifact: Artifact, connection: RealSystemConnection, probe: ProbeRequest, options: ProbeRunOptions, state: { sent: number; planned: number; refused: boolean }, findings: ProbeFinding[]): Promise<ProbeAnswer | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (state.refused || state.sent >= options.budget || Date.now() >= options.deadline.getTime() || options.signal?.aborted === true) return null;
    state.sent += 1;
    const wire = probe.input === undefined ? { method: 'GET' as const, path: probe.path, headers: options.headers } : soapWireRequest(artifact, probe, options.headers);
    if (wire === null) return null;
    const answer = await connection.send(wire, options.signal);
    options.onProgress?.(state.sent, state.planned);
    if ('failed' in answer) {
      findings.push({ code: 'probe_failed', operation: probe.operation, message: `${probeName(probe)} got no answer: ${answer.failed}` });
      return null;
    }
    if (answer.status === 401 || answer.status === 403) {
      state.refused = true;
      findings.push({ code: 'probe_failed', operation: probe.operation, message: `the real system refused the credential (${answer.status} to ${probeName(probe)}); nothing more was asked` });
      return null;
    }
    const wait = retryWait(answer, options);
    if (wait !== null && attempt === 0) {
      await pause(wait, options.signal);
      continue;
    }
    if (answer.status >= 300 && answer.status < 400) {
      const to = answer.headers['location'];
      findings.push({ code: 'probe_failed', operation: probe.operation, message: `${probeName(probe)} answered ${answer.status}${to === undefined ? '' : ` to ${to}`}; a probe follows no redirect` });
      return null;
    }
    if (answer.tooLarge === true) {
      findings.push({ code: 'probe_failed', operation: probe.operation, message: `${probeName(probe)} answered more than the probe reads; it is not used` });
      return null;
    }
    if (probe.input !== undefined) return soapAnswer(artifact, probe, answer, findings);
    const body = jsonBody(answer);
    if (body === null) {
      findings.push({ code: 'probe_failed', operation: probe.operation, message: `${probeName(probe)} answered ${answer.headers['content-type'] ?? 'no content type'}, not JSON; it is not used` });
      return { probe, status: answer.status, body: undefined };
    }
    return { probe, status: answer.status, body };
  }
  return null;
}

/** A SOAP answer read into the JSON of the operation's answer; a Fault or an unreadable answer is a finding. */
function soapAnswer(artifact: Artifact, probe: ProbeRequest, answer: Extract<RealSystemAnswer, { status: number }>, findings: ProbeFinding[]): ProbeAnswer | null {
  const read = answer.body === null ? { problem: 'no body' } : soapAnswerBody(artifact, probe.operation, answer.body);
  if ('problem' in read) {
    findings.push({ code: 'probe_failed', operation: probe.operation, message: `${probeName(probe)} answered ${answer.status}, which could not be read: ${read.problem}; it is not used` });
    return null;
  }
  return { probe, status: answer.status === 200 ? 200 : answer.status, body: read.value };
}

/** How long to wait before asking again, for a 429 or 503 whose `Retry-After` is within reach; null otherwise. */
function retryWait(answer: Extract<RealSystemAnswer, { status: number }>, options: ProbeRunOptions): number | null {
  if (answer.status !== 429 && answer.status !== 503) return null;
  const given = answer.headers['retry-after'];
  if (given === undefined) return null;
  const seconds = Number(given);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(given) - Date.now();
  if (!Number.isFinite(ms) || ms < 0 || ms > (options.maxRetryWaitMs ?? 10_000) || Date.now() + ms >= options.deadline.getTime()) return null;
  return ms;
}

/** An answer's body as JSON where it is JSON; undefined for none; null where it is something else. */
function jsonBody(answer: Extract<RealSystemAnswer, { status: number }>): Json | undefined | null {
  if (answer.body === null || answer.body.byteLength === 0) return undefined;
  const type = answer.headers['content-type'] ?? '';
  if (!/json/i.test(type)) return null;
  try {
    return JSON.parse(new TextDecoder().decode(answer.body)) as Json;
  } catch {
    return null;
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** `work` over `items`, at most `limit` at once, answers in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const at = next;
      next += 1;
      out[at] = await work(items[at]!);
    }
  });
  await Promise.all(lanes);
  return out;
}
