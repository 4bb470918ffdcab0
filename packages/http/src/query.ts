import { SimplaneError, type PageParams } from '@simplane/core';

/** A query parameter that may appear at most once. */
export function singleQuery(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw new SimplaneError('validation', `${name}: must be given at most once`);
  return values[0];
}

/** `limit` and `cursor` of a paged collection, still unvalidated (core validates them). */
export function pageParams(query: URLSearchParams): PageParams {
  const params: PageParams = {};
  const limit = singleQuery(query, 'limit');
  // An unusable cursor is 400 like a bad filter (SPEC section 8), repeated or empty included.
  const { cursor } = filterQuery(query, 'cursor');
  if (limit !== undefined) params.limit = limit;
  if (cursor !== undefined) params.cursor = cursor;
  return params;
}

/**
 * A collection's filter (`status`, `simulator`, `source`) or cursor: absent, or one non-empty
 * value. An empty or repeated one is invalid, 400 `bad_request` as SPEC section 7 has it, like
 * a value the filter does not know.
 */
export function filterQuery<N extends string>(query: URLSearchParams, name: N): Partial<Record<N, string>> {
  const values = query.getAll(name);
  if (values.length > 1) throw new SimplaneError('bad_request', `${name}: must be given at most once`);
  if (values[0] === '') throw new SimplaneError('bad_request', `${name}: must not be empty`);
  return values[0] === undefined ? {} : ({ [name]: values[0] } as Record<N, string>);
}
