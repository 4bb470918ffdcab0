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
  const cursor = query.getAll('cursor');
  if (cursor.length > 1) throw new SimplaneError('bad_request', 'cursor: must be given at most once');
  if (limit !== undefined) params.limit = limit;
  if (cursor[0] !== undefined) params.cursor = cursor[0];
  return params;
}
