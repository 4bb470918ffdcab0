import { PLURALS_WITHOUT_S } from '../vocabulary/resources.js';
import { ACTION_VERBS, BATCH_WORD, IRREGULAR_STATE_FORMS, OTHER_READ_CALL_WORDS, QUERY_WORDS, RECORD_READ_CALL_WORDS } from '../vocabulary/verbs.js';

const actionVerbs: ReadonlySet<string> = new Set(ACTION_VERBS);
const queryWords: ReadonlySet<string> = new Set(QUERY_WORDS);
/** Verbs that name a call reading and never writing (`DescribeInstances`, `ListQueues`, `GetUser`, `SearchUsers`). */
const readCallWords: ReadonlySet<string> = new Set([...RECORD_READ_CALL_WORDS, ...OTHER_READ_CALL_WORDS]);

/** Names split before, remembered: a large document asks for the words of the same few thousand names again and again. Bounded, as names come from documents. */
const splitNames = new Map<string, readonly string[]>();

/** Splits `mark-as-paid`, `mark_as_paid` and `markAsPaid` into lower-case words. */
export function words(segment: string): string[] {
  let split = splitNames.get(segment);
  if (split === undefined) {
    split = segment
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w.toLowerCase());
    if (splitNames.size >= 50_000) splitNames.clear();
    splitNames.set(segment, split);
  }
  // A copy: callers may change what they are given.
  return split.slice();
}

export function isQueryLike(segment: string): boolean {
  const first = words(segment)[0];
  return first !== undefined && queryWords.has(first);
}

export function isVerbLike(segment: string): boolean {
  const first = words(segment)[0];
  return first !== undefined && (actionVerbs.has(first) || queryWords.has(first));
}

/**
 * The call a discriminated path segment names: `#Action=DescribeInstances` (AWS's query
 * protocol) or `#X-Amz-Target=DynamoDB_20120810.GetItem` (its JSON protocol) name
 * `DescribeInstances` and `GetItem`. Null for any other segment.
 */
export function discriminatedCall(segment: string): string | null {
  const match = /^#[^=]+=(.+)$/.exec(segment);
  return match === null ? null : (match[1]!.split('.').pop() ?? null);
}

/** Whether a call's name says it only reads: its first word, or the word after `Batch`. */
export function readsOnly(call: string): boolean {
  const [first = '', second = ''] = words(call);
  return readCallWords.has(first) || (first === BATCH_WORD && readCallWords.has(second));
}

/** A plural noun names a collection (`orders`, `line-items`); `status` and `address` do not. */
export function looksPlural(segment: string): boolean {
  const last = words(segment).at(-1) ?? '';
  return /[^su]s$/.test(last) || /(ies|ses|xes|ches|shes)$/.test(last) || PLURALS_WITHOUT_S.includes(last);
}

export function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|ches|shes)$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);
  if (word.toLowerCase() === 'people') return 'person';
  return word;
}

/** Forms a state takes after a verb: cancel → canceled/cancelled, ship → shipped, activate → active. */
export function stateForms(verb: string): Set<string> {
  const v = verb.toLowerCase();
  const forms = new Set([v, `${v}ed`, `${v}d`, `${v}${v.at(-1)}ed`]);
  if (v.endsWith('y')) forms.add(`${v.slice(0, -1)}ied`);
  if (v.endsWith('e')) forms.add(`${v.slice(0, -1)}ing`);
  forms.add(`${v}ing`);
  for (const form of IRREGULAR_STATE_FORMS[v] ?? []) forms.add(form);
  return forms;
}

/** Lower-case without separators, for comparing `next_cursor` with `nextCursor`. */
export function squash(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}
