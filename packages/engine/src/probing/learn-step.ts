import { BUILD_LIMITS, scrubJson, scrubText, type BuildOutcome, type BuildRequest, type SpecificationIssue } from '@simplane/core';
import { readArtifact, serialiseArtifact } from '../artifact/build-artifact.js';
import { makeIssue } from '../diagnostics/diagnostics.js';
import { entityListing, stopped } from '../compile/outcomes.js';
import { applyLessons, lessonsFrom, type ProbeFinding } from './learn.js';
import { decodeLessons, encodeLessons, hasLessons, type Lessons } from './lessons.js';
import { runProbes } from './probe-run.js';

/** Requests in flight at once against a real system. */
const PROBE_CONCURRENCY = 4;

/**
 * The build's last step before storing, for a build that learns from the real system
 * (docs/credentials.md): it asks the real system through the request's probe, or takes the
 * lessons an incremental build inherits, and applies what it learned to the compiled artifact.
 * Runs on the calling thread (a worker-compiled artifact comes back to it): the connection the
 * scheduler opened lives here. Every answer is scrubbed of the Credential's secret before
 * anything of it is kept, and the finished artifact once more as a whole.
 */
export async function learnStep(outcome: BuildOutcome, request: BuildRequest): Promise<BuildOutcome> {
  const probe = request.probe ?? null;
  const inherited = request.lessons ?? null;
  if (!outcome.ok || (probe === null && inherited === null)) return outcome;
  const artifact = readArtifact(outcome.artifact);
  const warnings: SpecificationIssue[] = [];
  const findings: ProbeFinding[] = [];
  let lessons: Lessons | null = null;
  let secret = '';
  if (probe !== null && 'refused' in probe) {
    warnings.push(makeIssue('probe_refused', {}, probe.refused));
  } else if (probe !== null) {
    secret = probe.secret;
    request.onProgress({ stage: 'probing', operationsTotal: 0, operationsDone: 0 });
    const run = await runProbes(artifact, probe.connection, {
      budget: probe.budget,
      concurrency: PROBE_CONCURRENCY,
      headers: probe.headers,
      deadline: request.deadline,
      signal: request.signal,
      onProgress: (sent, planned) => request.onProgress({ stage: 'probing', operationsTotal: Math.max(sent, Math.min(planned, probe.budget)), operationsDone: sent }),
    });
    if (request.signal.aborted) return stopped(request.signal.reason === 'time_limit' ? 'time_limit' : 'canceled');
    if (Date.now() >= request.deadline.getTime()) return stopped('time_limit');
    const learned = lessonsFrom(artifact, run.answers.map((answer) => ({ ...answer, body: scrubJson(answer.body, secret) })));
    lessons = learned.lessons;
    findings.push(...run.findings, ...learned.findings);
  } else if (inherited !== null) {
    lessons = decodeLessons(inherited);
  }
  const applied = lessons === null || !hasLessons(lessons) ? { artifact, findings: [] } : applyLessons(artifact, lessons);
  findings.push(...applied.findings);
  request.onProgress({ stage: 'storing', operationsTotal: outcome.operations.length, operationsDone: outcome.operations.length });
  const kept = scrubJson(applied.artifact, secret);
  const { bytes, digest } = serialiseArtifact(kept);
  request.onProgress({ stage: 'complete', operationsTotal: outcome.operations.length, operationsDone: outcome.operations.length });
  return {
    ...outcome,
    artifact: bytes,
    digest,
    entities: entityListing(kept),
    warnings: [...outcome.warnings, ...warnings, ...findingIssues(findings, secret)].slice(0, BUILD_LIMITS.warnings),
    ...(lessons !== null && hasLessons(lessons) ? { lessons: encodeLessons(lessons) } : {}),
  };
}

/** Findings as build warnings: the first of each kind per operation, scrubbed of the secret. */
function findingIssues(findings: readonly ProbeFinding[], secret: string): SpecificationIssue[] {
  const seen = new Set<string>();
  const issues: SpecificationIssue[] = [];
  for (const finding of findings) {
    const key = `${finding.code}\u0000${finding.operation}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(makeIssue(finding.code, { operation: scrubText(finding.operation, secret) }, scrubText(finding.message, secret)));
  }
  return issues;
}

/**
 * The compiler's progress for a request: where the learn step follows, its storing and complete
 * stages are the learn step's to report, after probing.
 */
export function compileProgress(request: BuildRequest): BuildRequest['onProgress'] {
  const learns = (request.probe ?? null) !== null || (request.lessons ?? null) !== null;
  return (progress) => {
    if (learns && (progress.stage === 'storing' || progress.stage === 'complete')) return;
    request.onProgress(progress);
  };
}
