import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.js';
import { searchDialect } from '../../infer/search-dialect.js';
import { bodyMatcher } from './search-body.js';

const transfers: JsonObject[] = [
  { id: 't1', from_account: 'A', amount: 50, created_at: '2024-01-01T00:00:00Z', tags: ['rent'] },
  { id: 't2', from_account: 'B', amount: 500, created_at: '2024-03-01T00:00:00Z', tags: ['rent', 'big'] },
  { id: 't3', from_account: 'A', amount: 5000, created_at: '2024-06-01T00:00:00Z' },
];
const declared = new Map(['id', 'fromaccount', 'amount', 'createdat', 'tags'].map((name) => [name, name]));
const pick = (body: unknown) => {
  const matches = bodyMatcher(body as JsonObject, declared, searchDialect());
  return matches === null ? null : transfers.filter(matches).map((t) => t.id);
};

describe('the body of a search by POST', () => {
  it('bounds a field by keys named for it with min/max or from/after/before/to', () => {
    expect(pick({ from_account: 'A', min_amount: 100 })).toEqual(['t3']);
    expect(pick({ amount_max: 500 })).toEqual(['t1', 't2']);
    expect(pick({ created_after: '2024-02-01', created_before: '2024-05-01' })).toEqual(['t2']);
    // Numbers compare as numbers: 5000 is more than 600.
    expect(pick({ filter: { amount: { gt: 600 } } })).toEqual(['t3']);
  });

  it('reads criteria at any of four levels, lists by membership, and leaves out what names no field', () => {
    expect(pick({ query: { filter: { tags: { all: ['rent', 'big'] } } } })).toEqual(['t2']);
    expect(pick({ query: { filter: { tags: { any: ['big', 'tax'] } } } })).toEqual(['t2']);
    expect(pick({ ids: ['t1', 't3'] })).toEqual(['t1', 't3']);
    expect(pick({ a: { b: { c: { d: { id: 't1' } } } } })).toEqual(['t1']);
    expect(pick({ a: { b: { c: { d: { e: { id: 't1' } } } } } })).toBeNull();
    // Paging and options choose nothing; a body of them alone lists everything.
    expect(pick({ limit: 2, cursor: 'x', sort: { field: 'amount' }, include_archived: true })).toBeNull();
    // A record without a field a condition names fails it.
    expect(pick({ tags: ['rent'] })).toEqual(['t1', 't2']);
  });

  it('reads a JSON filter list or a query text as a search query', () => {
    expect(pick({ filter: [{ op: 'gte', field: 'amount', value: 500 }] })).toEqual(['t2', 't3']);
    expect(pick({ query: "from_account:'B' OR amount>1000" })).toEqual(['t2', 't3']);
    expect(pick('not an object')).toBeNull();
  });
});

describe('the dialect a search body is read by', () => {
  it('is the data the compiler wrote: a word it leaves out is not read as it would be', () => {
    const narrowed = { ...searchDialect(), operators: { exact: 'eq' as const }, lower: { prefixes: [], suffixes: [] } };
    const withNarrowed = (body: unknown) => {
      const matches = bodyMatcher(body as JsonObject, declared, narrowed);
      return matches === null ? null : transfers.filter(matches).map((t) => t.id);
    };
    expect(pick({ amount: { gte: 500 } })).toEqual(['t2', 't3']);
    // Without `gte` among its operators, the object is looked into for criteria and finds none.
    expect(withNarrowed({ amount: { gte: 500 } })).toBeNull();
    expect(pick({ min_amount: 500 })).toEqual(['t2', 't3']);
    expect(withNarrowed({ min_amount: 500 })).toBeNull();
  });
});
