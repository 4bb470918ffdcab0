import { Diagnostics } from '../diagnostics/diagnostics.js';

const MAX_FILTER_LENGTH = 256;

/**
 * Compiles the build's operation filters. Long patterns are refused outright: a filter is a
 * short selection rule, and a long one is more likely a typo or a backtracking bomb.
 */
export function compileFilters(filters: string[]): RegExp[] {
  const diagnostics = new Diagnostics();
  const out: RegExp[] = [];
  filters.forEach((source, i) => {
    const location = `filter[${i}]`;
    if (source.length > MAX_FILTER_LENGTH) {
      diagnostics.error('filter_invalid', { location }, `The filter is ${source.length} characters long; at most ${MAX_FILTER_LENGTH} are allowed.`);
      return;
    }
    try {
      out.push(new RegExp(source));
    } catch (error) {
      diagnostics.error('filter_invalid', { location }, `The filter ${JSON.stringify(source)} is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  diagnostics.rejectIfErrors();
  return out;
}

/** Keeps operations whose ID (operationId, or `METHOD /path`) matches any filter; all when none. */
export function selectOperations<T extends { id: string }>(operations: T[], filters: RegExp[]): T[] {
  return filters.length === 0 ? operations : operations.filter((op) => filters.some((f) => f.test(op.id)));
}
