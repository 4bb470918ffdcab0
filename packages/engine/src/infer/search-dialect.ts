import type { SearchDialect } from '../artifact/artifact.js';
import { SEARCH_LOWER_BOUNDS, SEARCH_OPERATORS, SEARCH_OPTION_FIELDS, SEARCH_QUERY_FIELDS, SEARCH_STEM_ENDINGS, SEARCH_UPPER_BOUNDS } from '../vocabulary/search.js';

/**
 * The words a search by POST reads its body by: those of the search APIs this kind of body
 * comes from (Square's criteria objects, Autotask's and HubSpot's filters, query texts). A
 * client's body is free to use any of them, so the dialect holds them all; an Overlay can
 * narrow or widen it (`x-simplane-behaviour: {list: {searchDialect: ...}}`).
 */
export function searchDialect(): SearchDialect {
  return {
    queryFields: [...SEARCH_QUERY_FIELDS],
    optionFields: [...SEARCH_OPTION_FIELDS],
    operators: { ...SEARCH_OPERATORS },
    lower: { prefixes: [...SEARCH_LOWER_BOUNDS.prefixes], suffixes: [...SEARCH_LOWER_BOUNDS.suffixes] },
    upper: { prefixes: [...SEARCH_UPPER_BOUNDS.prefixes], suffixes: [...SEARCH_UPPER_BOUNDS.suffixes] },
    stemEndings: [...SEARCH_STEM_ENDINGS],
  };
}
