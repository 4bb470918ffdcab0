import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as answers from './answers.js';
import * as errors from './errors.js';
import * as paging from './paging.js';
import * as soapLists from './soap-lists.js';
import * as states from './states.js';
import * as times from './times.js';
import * as uploads from './uploads.js';
import * as verbs from './verbs.js';

/** Every module of the vocabulary by its name, those added later included. */
const MODULES: [string, Record<string, unknown>][] = await Promise.all(
  readdirSync(new URL('.', import.meta.url))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .sort()
    .map(async (file): Promise<[string, Record<string, unknown>]> => [file.slice(0, -'.ts'.length), (await import(new URL(file, import.meta.url).href)) as Record<string, unknown>]),
);

/**
 * Every list of words in a value, by where it is: an array of words, the words of a set, the
 * keys of a table (`SOAP_VERBS`) and the lists it holds (`PAGING_PARAMETERS.limit`,
 * `ENDS[0].fields`, the phrases of `FAULT_MEANINGS`). Patterns are not lists.
 */
function listsIn(value: unknown, at: string): [string, readonly string[]][] {
  if (value instanceof Set) return [[at, [...value].filter((word): word is string => typeof word === 'string')]];
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return [[at, value]];
    return value.flatMap((item, i) => listsIn(item, `${at}[${i}]`));
  }
  if (value === null || typeof value !== 'object' || value instanceof RegExp) return [];
  return [[`${at} keys`, Object.keys(value)], ...Object.entries(value).flatMap(([key, inner]) => listsIn(inner, `${at}.${key}`))];
}

const ALL = MODULES.flatMap(([name, module]) => Object.entries(module).flatMap(([exported, value]) => listsIn(value, `${name}.${exported}`)));

/** The verbs of the RPC styles' tables (`RPC_PATH_VERBS`, `SOAP_VERBS`...) that name a behaviour among `behaviours`. */
function verbsNaming(...behaviours: string[]): string[] {
  const tables = [verbs.RPC_PATH_VERBS, verbs.RPC_VERB_PREFIXES, verbs.AWS_CALL_VERBS, verbs.SOAP_VERBS];
  return [...new Set(tables.flatMap((table) => Object.entries(table).filter(([, behaviour]) => behaviours.includes(behaviour)).map(([verb]) => verb)))];
}

/** The lists the pairs below name. */
const LISTS = {
  ...states,
  ACTION_VERBS: verbs.ACTION_VERBS,
  QUERY_WORDS: verbs.QUERY_WORDS,
  RECORD_READ_CALL_WORDS: verbs.RECORD_READ_CALL_WORDS,
  OTHER_READ_CALL_WORDS: verbs.OTHER_READ_CALL_WORDS,
  'verbs that write (RPC tables)': verbsNaming('create', 'update', 'delete'),
  'verbs that read (RPC tables)': verbsNaming('read', 'list'),
  'ENDS fields': times.ENDS.flatMap((end) => end.fields),
  'ENDS values': times.ENDS.flatMap((end) => end.values),
  STATE_END_SUFFIXES: times.STATE_END_SUFFIXES,
  'PAGING_PARAMETERS.limit': paging.PAGING_PARAMETERS.limit,
  'PAGING_PARAMETERS.offset': paging.PAGING_PARAMETERS.offset,
  'PAGING_PARAMETERS.page': paging.PAGING_PARAMETERS.page,
  'PAGING_PARAMETERS.cursor': paging.PAGING_PARAMETERS.cursor,
  'PAGING_PARAMETERS.sort': paging.PAGING_PARAMETERS.sort,
  DIRECTION_PARAMETERS: paging.DIRECTION_PARAMETERS,
  ENUM_DIRECTION_PARAMETERS: paging.ENUM_DIRECTION_PARAMETERS,
  SEARCH_PARAMETERS: paging.SEARCH_PARAMETERS,
  ITEMS_FIELDS: paging.ITEMS_FIELDS,
  NEXT_CURSOR_FIELDS: paging.NEXT_CURSOR_FIELDS,
  HAS_MORE_FIELDS: paging.HAS_MORE_FIELDS,
  TOTAL_FIELDS: paging.TOTAL_FIELDS,
  LINK_FIELDS: paging.LINK_FIELDS,
  'SOAP_PAGING_INPUTS.limit': soapLists.SOAP_PAGING_INPUTS.limit,
  'SOAP_PAGING_INPUTS.offset': soapLists.SOAP_PAGING_INPUTS.offset,
  'SOAP_PAGING_INPUTS.page': soapLists.SOAP_PAGING_INPUTS.page,
  'SOAP_PAGING_INPUTS.cursor': soapLists.SOAP_PAGING_INPUTS.cursor,
  SOAP_TOTAL_FIELDS: soapLists.SOAP_TOTAL_FIELDS,
  SOAP_HAS_MORE_FIELDS: soapLists.SOAP_HAS_MORE_FIELDS,
  SOAP_NEXT_CURSOR_FIELDS: soapLists.SOAP_NEXT_CURSOR_FIELDS,
  ...answers,
  ...uploads,
  ERROR_TEXT_FIELDS: errors.ERROR_TEXT_FIELDS,
  ERROR_TITLE_FIELDS: errors.ERROR_TITLE_FIELDS,
  ERROR_STATUS_FIELDS: errors.ERROR_STATUS_FIELDS,
  ERROR_KIND_FIELDS: errors.ERROR_KIND_FIELDS,
  ERROR_PARAMETER_FIELDS: errors.ERROR_PARAMETER_FIELDS,
  ERROR_ENTRY_FIELDS: errors.ERROR_ENTRY_FIELDS,
  ERROR_NESTING_FIELDS: errors.ERROR_NESTING_FIELDS,
} satisfies Record<string, readonly string[]>;

type Named = keyof typeof LISTS;

/** The lists naming what a refusal writes into an error's field (behaviour/plan-errors.ts). */
const ERROR_FILLS: Named[] = ['ERROR_TEXT_FIELDS', 'ERROR_TITLE_FIELDS', 'ERROR_STATUS_FIELDS', 'ERROR_KIND_FIELDS', 'ERROR_PARAMETER_FIELDS', 'ERROR_ENTRY_FIELDS'];

/**
 * Lists a word in both would mean two things. `shared` names the words two lists share on
 * purpose, and why a word there still means one thing where it is read; any other shared word
 * fails.
 */
const PAIRS: { lists: [Named, Named]; shared?: string[]; why: string }[] = [
  // What time and actions do to a record's state.
  { lists: ['TERMINAL_STATES', 'READY_STATES_AFTER_HOLD'], why: 'a record that has ended its life does not become ready again' },
  { lists: ['TERMINAL_STATES', 'NOT_STARTED_STATES'], why: 'a life that has not begun has not ended' },
  { lists: ['READY_STATES_AFTER_HOLD', 'NOT_STARTED_STATES'], why: 'a record ready for use has started its life' },
  { lists: ['ENDS values', 'READY_STATES_AFTER_HOLD'], why: 'a time that ends a record does not make it ready' },
  { lists: ['ENDS values', 'NOT_STARTED_STATES'], why: 'a time that ends a record does not take it back before its start' },
  { lists: ['SUCCESS_STATES', 'READY_STATES_AFTER_HOLD'], why: 'an action that went through leaves a record done, not waiting to be used' },
  { lists: ['SUCCESS_STATES', 'NOT_STARTED_STATES'], why: 'an action that went through started the record' },
  { lists: ['CLOSED_STATES', 'READY_STATES_AFTER_HOLD'], why: 'a record whose work is over is not ready for more' },
  { lists: ['CLOSED_STATES', 'NOT_STARTED_STATES'], why: 'a record whose work is over had started' },
  // Whether an operation writes or only reads.
  { lists: ['ACTION_VERBS', 'QUERY_WORDS'], why: "a path's last word either acts on a record or only computes an answer" },
  { lists: ['ACTION_VERBS', 'RECORD_READ_CALL_WORDS'], why: 'a verb that acts on a record does not read it' },
  {
    lists: ['ACTION_VERBS', 'OTHER_READ_CALL_WORDS'],
    shared: ['test'],
    why: "ACTION_VERBS is read in a REST path's last segment (`POST /webhooks/{id}/test` sends a test event) and the read-call words in an AWS call's name (`TestInvokeMethod` only reads): no name is read by both",
  },
  { lists: ['verbs that write (RPC tables)', 'RECORD_READ_CALL_WORDS'], why: 'a call that creates, updates or deletes is not read-only' },
  { lists: ['verbs that write (RPC tables)', 'OTHER_READ_CALL_WORDS'], why: 'a call that creates, updates or deletes is not read-only' },
  { lists: ['verbs that write (RPC tables)', 'QUERY_WORDS'], why: 'a call that creates, updates or deletes does not only compute' },
  { lists: ['verbs that read (RPC tables)', 'ACTION_VERBS'], why: 'a call that reads or lists records does not act on one' },
  // What a list's query parameters and envelope fields do.
  { lists: ['PAGING_PARAMETERS.limit', 'PAGING_PARAMETERS.offset'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.limit', 'PAGING_PARAMETERS.page'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.limit', 'PAGING_PARAMETERS.cursor'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.limit', 'PAGING_PARAMETERS.sort'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.offset', 'PAGING_PARAMETERS.page'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.offset', 'PAGING_PARAMETERS.cursor'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.offset', 'PAGING_PARAMETERS.sort'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.page', 'PAGING_PARAMETERS.cursor'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.page', 'PAGING_PARAMETERS.sort'], why: 'a parameter plays one paging role' },
  { lists: ['PAGING_PARAMETERS.cursor', 'PAGING_PARAMETERS.sort'], why: 'a parameter plays one paging role' },
  { lists: ['SEARCH_PARAMETERS', 'PAGING_PARAMETERS.limit'], why: "a search's text does not page it" },
  { lists: ['SEARCH_PARAMETERS', 'PAGING_PARAMETERS.offset'], why: "a search's text does not page it" },
  { lists: ['SEARCH_PARAMETERS', 'PAGING_PARAMETERS.page'], why: "a search's text does not page it" },
  { lists: ['SEARCH_PARAMETERS', 'PAGING_PARAMETERS.cursor'], why: "a search's text does not page it" },
  { lists: ['SEARCH_PARAMETERS', 'PAGING_PARAMETERS.sort'], why: "a search's text does not order it" },
  { lists: ['DIRECTION_PARAMETERS', 'ENUM_DIRECTION_PARAMETERS'], why: 'a name either says a direction on its own or needs an enum to' },
  {
    lists: ['DIRECTION_PARAMETERS', 'PAGING_PARAMETERS.sort'],
    shared: ['sortdir', 'sortdirection'],
    why: 'a direction parameter is set aside before the sort parameter is picked: named so, it sorts only where its enum names fields rather than `asc` and `desc`',
  },
  {
    lists: ['ENUM_DIRECTION_PARAMETERS', 'PAGING_PARAMETERS.sort'],
    shared: ['order', 'sortorder'],
    why: '`order=asc|desc` gives a direction and `order=created|updated` a field to sort by: the enum tells which',
  },
  { lists: ['ITEMS_FIELDS', 'NEXT_CURSOR_FIELDS'], why: 'an envelope field plays one role' },
  { lists: ['ITEMS_FIELDS', 'HAS_MORE_FIELDS'], why: 'an envelope field plays one role' },
  { lists: ['ITEMS_FIELDS', 'TOTAL_FIELDS'], why: 'an envelope field plays one role' },
  { lists: ['ITEMS_FIELDS', 'LINK_FIELDS'], why: 'links beside the records are not the records' },
  { lists: ['NEXT_CURSOR_FIELDS', 'HAS_MORE_FIELDS'], why: 'an envelope field plays one role' },
  { lists: ['NEXT_CURSOR_FIELDS', 'TOTAL_FIELDS'], why: 'an envelope field plays one role' },
  { lists: ['HAS_MORE_FIELDS', 'TOTAL_FIELDS'], why: 'an envelope field plays one role' },
  // SOAP's list words are read after REST's, each in one role.
  ...(['limit', 'offset', 'page', 'cursor'] as const).flatMap((role) =>
    (['limit', 'offset', 'page', 'cursor', 'sort'] as const).map((other) => ({
      lists: [`SOAP_PAGING_INPUTS.${role}`, `PAGING_PARAMETERS.${other}`] as [Named, Named],
      why: role === other ? "SOAP's words add to REST's, which are read first" : 'an input plays one paging role',
    })),
  ),
  { lists: ['SOAP_PAGING_INPUTS.limit', 'SOAP_PAGING_INPUTS.offset'], why: 'an input plays one paging role' },
  { lists: ['SOAP_PAGING_INPUTS.limit', 'SOAP_PAGING_INPUTS.page'], why: 'an input plays one paging role' },
  { lists: ['SOAP_PAGING_INPUTS.limit', 'SOAP_PAGING_INPUTS.cursor'], why: 'an input plays one paging role' },
  { lists: ['SOAP_PAGING_INPUTS.offset', 'SOAP_PAGING_INPUTS.page'], why: 'an input plays one paging role' },
  { lists: ['SOAP_PAGING_INPUTS.offset', 'SOAP_PAGING_INPUTS.cursor'], why: 'an input plays one paging role' },
  { lists: ['SOAP_PAGING_INPUTS.page', 'SOAP_PAGING_INPUTS.cursor'], why: 'an input plays one paging role' },
  { lists: ['SOAP_TOTAL_FIELDS', 'TOTAL_FIELDS'], why: "SOAP's words add to REST's, which are read first" },
  { lists: ['SOAP_HAS_MORE_FIELDS', 'HAS_MORE_FIELDS'], why: "SOAP's words add to REST's, which are read first" },
  { lists: ['SOAP_NEXT_CURSOR_FIELDS', 'NEXT_CURSOR_FIELDS'], why: "SOAP's words add to REST's, which are read first" },
  { lists: ['SOAP_TOTAL_FIELDS', 'SOAP_HAS_MORE_FIELDS'], why: 'an answer field plays one role' },
  { lists: ['SOAP_TOTAL_FIELDS', 'SOAP_NEXT_CURSOR_FIELDS'], why: 'an answer field plays one role' },
  { lists: ['SOAP_HAS_MORE_FIELDS', 'SOAP_NEXT_CURSOR_FIELDS'], why: 'an answer field plays one role' },
  { lists: ['SOAP_TOTAL_FIELDS', 'ITEMS_FIELDS'], why: 'an answer field plays one role' },
  { lists: ['SOAP_HAS_MORE_FIELDS', 'ITEMS_FIELDS'], why: 'an answer field plays one role' },
  { lists: ['SOAP_NEXT_CURSOR_FIELDS', 'ITEMS_FIELDS'], why: 'an answer field plays one role' },
  // What a field of an answer holds.
  {
    lists: ['WRAPPER_NAMES', 'ITEMS_FIELDS'],
    shared: ['data'],
    why: "`data` wraps one record in a read's answer and the records in a list's (Asana's, JSON:API's): an object there is a record, an array the records",
  },
  {
    lists: ['ACKNOWLEDGING_FIELDS', 'WRAPPER_NAMES'],
    shared: ['result'],
    why: "a delete's answer acknowledges with a boolean `result`, a read's wraps its record in an object `result`: the field's type tells",
  },
  {
    lists: ['ACKNOWLEDGING_FIELDS', 'RESULT_CHILD_NAMES'],
    shared: ['result'],
    why: "a delete's answer acknowledges with a boolean `result`; a SOAP answer's lone `result` child carries its value: the field's type tells",
  },
  // What a record made from an uploaded file takes of the file.
  { lists: ['UPLOAD_SIZE_FIELDS', 'UPLOAD_NAME_FIELDS'], why: "a field takes one of the file's facts" },
  { lists: ['UPLOAD_SIZE_FIELDS', 'UPLOAD_MEDIA_TYPE_FIELDS'], why: "a field takes one of the file's facts" },
  { lists: ['UPLOAD_NAME_FIELDS', 'UPLOAD_MEDIA_TYPE_FIELDS'], why: "a field takes one of the file's facts" },
  // What a refusal writes into a field of an error.
  ...ERROR_FILLS.flatMap((list, i) =>
    ERROR_FILLS.slice(i + 1).map((other) => ({ lists: [list, other] as [Named, Named], why: 'a field of an error takes one thing from the refusal' })),
  ),
  {
    lists: ['ERROR_KIND_FIELDS', 'ERROR_NESTING_FIELDS'],
    shared: ['error'],
    why: 'a text `error` names the kind of error, an object `error` holds its details: the field\'s type tells',
  },
  {
    lists: ['ERROR_ENTRY_FIELDS', 'ERROR_NESTING_FIELDS'],
    shared: ['errors'],
    why: 'an array `errors` lists what was wrong, an object `errors` holds the details: the field\'s type tells',
  },
  // When a record's time comes.
  {
    lists: ['ENDS fields', 'STATE_END_SUFFIXES'],
    shared: ['endat', 'enddate', 'endsat', 'endson', 'endtime'],
    why: "a field named so alone ends the record (ENDS); after a state's word (`trial_ends_at`) it ends that state: a suffix needs a word before it",
  },
];

const shared = (a: readonly string[], b: readonly string[]): string[] => [...new Set(a.filter((word) => b.includes(word)))].sort();

describe('the vocabulary', () => {
  it('is read from every module', () => {
    expect(MODULES.map(([name]) => name)).toEqual(expect.arrayContaining(['answers', 'errors', 'identifiers', 'paging', 'resources', 'states', 'times', 'verbs']));
    expect(ALL.length).toBeGreaterThan(MODULES.length);
  });

  it('repeats no word within a list', () => {
    const repeated = ALL.flatMap(([at, list]) => {
      const twice = list.filter((word, i) => list.indexOf(word) !== i);
      return twice.length === 0 ? [] : [`${at}: ${[...new Set(twice)].join(', ')}`];
    });
    expect(repeated).toEqual([]);
  });

  it('writes every word in lower case, as names are lowered before they are compared', () => {
    expect(ALL.flatMap(([at, list]) => list.filter((word) => word !== word.toLowerCase()).map((word) => `${at}: ${word}`))).toEqual([]);
  });

  it.each(PAIRS.map((pair) => [pair.lists.join(' and '), pair] as const))('keeps %s apart', (_name, { lists: [a, b], shared: allowed = [], why }) => {
    expect(shared(LISTS[a], LISTS[b]), why).toEqual([...allowed].sort());
  });

  it('gives a time field one end', () => {
    const fields = times.ENDS.flatMap((end) => end.fields);
    expect(fields.filter((field, i) => fields.indexOf(field) !== i)).toEqual([]);
  });

  it('gives a verb one behaviour in every RPC style', () => {
    const tables = { RPC_PATH_VERBS: verbs.RPC_PATH_VERBS, RPC_VERB_PREFIXES: verbs.RPC_VERB_PREFIXES, AWS_CALL_VERBS: verbs.AWS_CALL_VERBS, SOAP_VERBS: verbs.SOAP_VERBS };
    const named = new Map<string, Set<string>>();
    for (const table of Object.values(tables)) for (const [verb, behaviour] of Object.entries(table)) named.set(verb, (named.get(verb) ?? new Set()).add(behaviour));
    expect([...named].filter(([, behaviours]) => behaviours.size > 1).map(([verb, behaviours]) => `${verb}: ${[...behaviours].join(', ')}`)).toEqual([]);
  });

  it('counts from 1 only on offsets', () => {
    const offsets = [...paging.PAGING_PARAMETERS.offset, ...soapLists.SOAP_PAGING_INPUTS.offset];
    expect(soapLists.ONE_BASED_OFFSETS.filter((word) => !offsets.includes(word))).toEqual([]);
  });

  it("spells a fault's phrases as the words of its name are spelled", () => {
    const phrases = errors.FAULT_MEANINGS.flatMap(([, list]) => list);
    expect(phrases.filter((phrase) => !/^[a-z0-9]+(?: [a-z0-9]+)*$/.test(phrase))).toEqual([]);
  });
});
