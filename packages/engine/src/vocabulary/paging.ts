import type { ListShape } from '../artifact/artifact.js';

/**
 * Words of a list operation: the query parameters that page, order and search it, and the
 * fields of the envelope its answer holds the records in. The compiler writes what it finds into
 * the artifact's `list` (ListShape). Names are compared squashed (lower case, without `_` or
 * `-`: `page_size` is `pagesize`), each list in the order its names are preferred.
 */

/** Query parameters by the paging or ordering role they play; a parameter plays one role. */
export const PAGING_PARAMETERS: Readonly<Record<keyof ListShape['parameters'], readonly string[]>> = {
  limit: ['limit', 'perpage', 'pagesize', 'size', 'count', 'maxresults', 'top', 'take', 'pagelimit', 'maxitems', 'maxpagesize', 'first'],
  offset: ['offset', 'skip', 'start', 'startindex'],
  page: ['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex'],
  cursor: ['cursor', 'after', 'before', 'pagetoken', 'nextpagetoken', 'startingafter', 'endingbefore', 'continuationtoken', 'marker', 'nexttoken', 'pagecursor', 'startafter', 'next'],
  sort: ['sort', 'sortby', 'orderby', 'order', 'sortorder', 'sortdir', 'sortdirection'],
};

/** Query parameters whose name alone says they give a sort direction. */
export const DIRECTION_PARAMETERS: readonly string[] = ['direction', 'sortdirection', 'sortdir', 'orderdirection'];

/** Query parameters that give a sort direction only where their enum says so (`order=asc|desc`); else they name a field to sort by. */
export const ENUM_DIRECTION_PARAMETERS: readonly string[] = ['sortorder', 'order', 'dir'];

/** Values of a sort direction. */
export const DIRECTION_VALUES: readonly string[] = ['asc', 'desc', 'ascending', 'descending'];

/**
 * Values that stand for no filter where the field lists no values of its own; GitHub's
 * deployments default `sha`, `ref`, `task` and `environment` to `none`.
 */
export const WILDCARD_VALUES: readonly string[] = ['all', 'any', '*', 'none'];

/** Query parameters that hold a search's text (Stripe's `?query=`, `?q=`, `?term=`). */
export const SEARCH_PARAMETERS: readonly string[] = ['query', 'q', 'search', 'searchterm', 'searchquery', 'term', 'keyword', 'keywords'];

/** Fields of a list answer's envelope that hold its records. */
export const ITEMS_FIELDS: readonly string[] = ['data', 'items', 'results', 'records', 'entries', 'values', 'elements', 'list', 'content', 'objects', 'rows', 'hits', 'nodes', 'resources'];

/** Fields of a list answer's envelope that hold the cursor of the next page. */
export const NEXT_CURSOR_FIELDS: readonly string[] = ['nextcursor', 'nextpagetoken', 'cursor', 'next', 'nexttoken', 'continuationtoken', 'endcursor', 'after'];

/** Fields of a list answer's envelope that say whether more pages follow. */
export const HAS_MORE_FIELDS: readonly string[] = ['hasmore', 'hasnext', 'hasnextpage', 'more'];

/** Fields of a list answer's envelope that count all the records the list has. */
export const TOTAL_FIELDS: readonly string[] = ['total', 'totalcount', 'count', 'totalresults', 'totalitems', 'totalsize', 'totalelements'];

/** Arrays of an envelope that link elsewhere rather than hold its records (HAL's and Mailchimp's `_links`). */
export const LINK_FIELDS: readonly string[] = ['links', 'link'];
