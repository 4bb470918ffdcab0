import { Diagnostics } from '../diagnostics/diagnostics.js';
import { compilePattern, patternSupport, type PatternTest } from '../safe-pattern.js';

const MAX_FILTER_LENGTH = 256;

/**
 * Compiles the build's operation filters. They run on RE2 (safe-pattern), in time linear in
 * the operation ID, as a document's patterns do: a build runs on the control plane's thread
 * when there are no build workers (the harness), and a filter such as `^(a|aa)+$` takes a
 * backtracking engine exponential time on a long ID. Syntax RE2 cannot run (lookaround, a
 * backreference) is refused rather than ignored: a filter that selected everything would not
 * be what was asked. Long patterns are refused outright: a filter is a short selection rule.
 */
export function compileFilters(filters: string[]): PatternTest[] {
  const diagnostics = new Diagnostics();
  const out: PatternTest[] = [];
  filters.forEach((source, i) => {
    const problem = filterProblem(source);
    if (problem === null) out.push(compilePattern(source));
    else diagnostics.error('filter_invalid', { location: `filter[${i}]` }, problem);
  });
  diagnostics.rejectIfErrors();
  return out;
}

/**
 * Why a build would refuse a filter, or null when it runs. The control plane asks the same
 * question when a build is requested (core's `FilterCheck`), so such a filter is a `422` at
 * once rather than a build that fails later.
 */
export function filterProblem(source: string): string | null {
  if (source.length > MAX_FILTER_LENGTH) return `The filter is ${source.length} characters long; at most ${MAX_FILTER_LENGTH} are allowed.`;
  const support = patternSupport(source);
  if (support === 'enforced') return null;
  if (support === 'not_enforced') return `The filter ${JSON.stringify(source)} uses a lookaround, a backreference or another construct filters do not run: they are matched in linear time.`;
  return `The filter ${JSON.stringify(source)} is not a valid regular expression: ${syntaxError(source)}`;
}

/** Why RegExp refuses a pattern (compiling one is linear; only matching backtracks). */
function syntaxError(source: string): string {
  try {
    new RegExp(source);
    return 'it cannot be read';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Keeps operations whose ID (operationId, or `METHOD /path`) matches any filter; all when none. */
export function selectOperations<T extends { id: string }>(operations: T[], filters: PatternTest[]): T[] {
  return filters.length === 0 ? operations : operations.filter((op) => filters.some((f) => f.test(op.id)));
}
