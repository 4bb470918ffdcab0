/**
 * The words of a search by POST (a body of criteria, runtime/search/search-body.ts), which the
 * compiler writes into the list's `searchDialect`. Names are squashed (lower case, no `_` or `-`).
 */

/** Body fields that hold a query in a search language or free text. */
export const SEARCH_QUERY_FIELDS: readonly string[] = ['query', 'q', 'search', 'searchterm', 'searchquery', 'term', 'keyword', 'keywords', 'text'];

/** Body fields that page, order or shape the answer rather than choose records. */
export const SEARCH_OPTION_FIELDS: readonly string[] = ['sort', 'sortby', 'order', 'orderby', 'orderings', 'limit', 'cursor', 'offset', 'page', 'pagesize', 'perpage', 'fields', 'include', 'expand', 'select', 'returnentirerecord'];

/** Words of a comparison object (`{"exact": ...}`, `{"start_at": ..., "end_at": ...}`) and the comparison each makes. */
export const SEARCH_OPERATORS: Readonly<Record<string, 'eq' | 'contains' | 'in' | 'all' | 'gte' | 'lte' | 'gt' | 'lt'>> = {
  exact: 'eq', eq: 'eq', equals: 'eq', is: 'eq', value: 'eq',
  fuzzy: 'contains', contains: 'contains', like: 'contains', match: 'contains', search: 'contains', includes: 'contains',
  any: 'in', in: 'in', values: 'in', oneof: 'in', anyof: 'in',
  all: 'all',
  startat: 'gte', from: 'gte', after: 'gte', gte: 'gte', min: 'gte', start: 'gte', since: 'gte',
  endat: 'lte', to: 'lte', before: 'lte', lte: 'lte', max: 'lte', end: 'lte', until: 'lte',
  gt: 'gt', lt: 'lt',
};

/** Words before or after a field's name that make a key a lower or upper bound on it: `min_amount`, `created_after`, `amount_max`. */
export const SEARCH_LOWER_BOUNDS = { prefixes: ['min'], suffixes: ['min', 'from', 'after', 'since', 'gte', 'start'] } as const;
export const SEARCH_UPPER_BOUNDS = { prefixes: ['max'], suffixes: ['max', 'to', 'before', 'until', 'lte', 'end'] } as const;

/** Endings a bound's stem takes to name a time field: `created_after` bounds `created_at`, `created` or `created_date`. */
export const SEARCH_STEM_ENDINGS: readonly string[] = ['', 'at', 'date', 'time'];
