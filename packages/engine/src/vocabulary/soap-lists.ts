import type { ListShape } from '../artifact/artifact.js';

/**
 * Words of SOAP list operations beyond those of REST lists (vocabulary/paging.ts): the input
 * elements that bound, page or continue a list (`<maxRows>`, `<firstResult>`,
 * `<resumptionToken>`) and the answer's elements that count it or say more follows
 * (`<totalRecords>`, `<moreResults>`). They are read after paging.ts's words, in the order
 * they are preferred; names are compared squashed (lower case, without `_` or `-`).
 */

/** Input elements by the paging role they play, as SOAP services (SRU, Hibernate-backed JAX-WS, Jira, OAI-PMH, Salesforce) name them. */
export const SOAP_PAGING_INPUTS: Readonly<Record<Exclude<keyof ListShape['parameters'], 'sort'>, readonly string[]>> = {
  limit: ['maxrows', 'maxrecords', 'maximumrecords', 'maxhits', 'maxcount', 'maxentries', 'maxresultcount', 'fetchsize', 'numresults', 'numrows', 'resultsperpage', 'recordsperpage', 'rowsperpage'],
  offset: ['firstresult', 'startrecord', 'startrow', 'startat', 'firstrow'],
  page: ['currentpage'],
  cursor: ['resumptiontoken', 'querylocator', 'bookmark', 'scrollid'],
};

/**
 * Offset elements that count from 1: OpenSearch's, SCIM's and GData's `startIndex`, SRU's
 * `startRecord` (the first record is at 1). Any other offset counts from 0 (Hibernate's
 * `firstResult`, Jira's `startAt`) unless its schema says 1 is its least value.
 */
export const ONE_BASED_OFFSETS: readonly string[] = ['startindex', 'startrecord'];

/** Answer elements that count all the records the list has. */
export const SOAP_TOTAL_FIELDS: readonly string[] = ['totalrecords', 'totalrows', 'totalhits', 'totalmatches', 'recordcount', 'resultcount', 'hitcount', 'numberofrecords', 'numberofresults'];

/** Answer elements that say whether more records follow. */
export const SOAP_HAS_MORE_FIELDS: readonly string[] = ['moreresults', 'morerecords', 'moreavailable', 'moreitems'];

/** Answer elements that carry what the next request continues from: OAI-PMH's `resumptionToken`, Salesforce's `queryLocator`, SRU's `nextRecordPosition`. */
export const SOAP_NEXT_CURSOR_FIELDS: readonly string[] = ['resumptiontoken', 'querylocator', 'nextrecordposition'];
