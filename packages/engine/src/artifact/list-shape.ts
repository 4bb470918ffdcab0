/** What a list operation accepts for paging and filtering, and how its answer is shaped. */
export interface ListShape {
  paging: 'cursor' | 'offset' | 'page' | 'none';
  /**
   * Query parameter names by role; null where the operation has none. From version 4, a paging
   * role the query has no parameter for may name a top-level field of the body (DynamoDB's `Limit`).
   */
  parameters: { limit: string | null; offset: string | null; page: string | null; cursor: string | null; sort: string | null };
  /** The offset of the first record where it is not 0 (SCIM's `startIndex` counts from 1). */
  offsetBase?: number;
  /**
   * Query parameters that filter on a field of the item schema; `any`: the parameter's values
   * that mean no filter (`state=all`); `default`: what a request that leaves the parameter out
   * filters by (its declared default).
   */
  filters: { parameter: string; field: string; any?: string[]; default?: string[] }[];
  /**
   * How the list is ordered beyond the sort parameter's raw value: the parameter giving the
   * direction (`direction=asc|desc`), the item field a sort value names (`created` →
   * `created_at`), and what a request that leaves either out gets.
   */
  ordering?: { direction: string | null; fields: Record<string, string>; sortDefault: string | null; directionDefault: string | null };
  /** For a search (`/customers/search?query=...`): the query parameter whose terms the listed records must match. */
  search?: string;
  /**
   * For a search by POST (`POST /v2/customers/search`): the body holds the criteria (a query
   * text, a JSON filter or objects naming fields, runtime/search-body.ts), and its top-level
   * fields are the paging and sort parameters named in `parameters`.
   */
  searchBody?: true;
  /** With `searchBody`: the words its body is read by (runtime/search/search-body.ts), decided by the compiler. */
  searchDialect?: SearchDialect;
  /** Where the records are in the answer: null for a bare array, else the envelope's array field. */
  itemsField: string | null;
  /** The envelope field holding `itemsField` where HAL's `_embedded` does; absent when it is the envelope's own. */
  itemsWrapper?: string;
  /** Envelope fields the runtime fills when present. */
  nextCursorField: string | null;
  hasMoreField: string | null;
  totalField: string | null;
  /**
   * How a client asks for the page after an answer's, and how the answer tells it (version 4;
   * given to older artifacts when read, as their engine answered: infer/list-upgrade.ts). An
   * answer offers a further page only where a client has a way to ask for it, so a client that
   * pages while has-more is true or the next cursor is set always comes to an end.
   */
  next?: {
    /**
     * Whether answers offer the page after theirs where records are left: false where the list
     * has no cursor, offset or page parameter, and its answers then say nothing is left
     * (has-more false, the next cursor `end`, no `rel="next"` link).
     */
    offered: boolean;
    /**
     * What the cursor parameter takes and a next cursor holds: `offset`, a position the
     * Simulation issued (`o<n>`, base64url); `record-id`, the key of the record the previous
     * page ended with (Stripe's `starting_after`), which a client can send without being given a cursor.
     */
    cursor: 'offset' | 'record-id';
    /**
     * What `nextCursorField` holds while a further page is offered: `cursor`, the cursor
     * parameter's next value; `url`, the next page's address; `position`, the next page's
     * number or offset (for a list paged by `page` or `offset`).
     */
    holds: 'cursor' | 'url' | 'position';
    /**
     * What `nextCursorField` holds on the last page: `null`; nothing (`absent`) where its schema
     * allows no null; an empty text (`empty`) or `0` (`zero`) where it is required as well.
     */
    end: 'null' | 'absent' | 'empty' | 'zero';
    /**
     * The response header (RFC 8288's `Link`) that gives the next page's address as
     * `rel="next"`: the declared one, or `Link` for a cursor no answer field carries; null otherwise.
     */
    linkHeader: string | null;
  };
}

/** A comparison a search body's criteria make. */
export type SearchOperator = 'eq' | 'contains' | 'in' | 'all' | 'gte' | 'lte' | 'gt' | 'lt';

/**
 * How a search by POST reads its body (ListShape.searchDialect). Names are squashed: lower
 * case without `_` or `-`.
 */
export interface SearchDialect {
  /** Fields holding a query text (`query`, `q`). */
  queryFields: string[];
  /** Fields that page, order or shape the answer (`limit`, `sort`), never criteria. */
  optionFields: string[];
  /** Words of a comparison object and what each compares (`fuzzy`: contains, `start_at`: at least). */
  operators: Record<string, SearchOperator>;
  /** Words before (`min_amount`) or after (`created_after`) a field's name that bound it from below and above. */
  lower: { prefixes: string[]; suffixes: string[] };
  upper: { prefixes: string[]; suffixes: string[] };
  /** Endings a bound's stem takes to name a field (`created_after` bounds `created_at`). */
  stemEndings: string[];
}
