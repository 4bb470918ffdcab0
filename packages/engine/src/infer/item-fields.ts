import type { ArtifactAction, JsonSchema } from '../artifact/artifact.js';
import type { JsonObject } from '../json.js';
import { singular, squash, stateForms, words } from './naming.js';
import type { SchemaLookup } from './schema-lookup.js';
import { ID_FIELD_NAMES } from '../vocabulary/identifiers.js';
import { CLOSED_STATES, STATE_FIELD_WORDS, SUCCESS_STATES } from '../vocabulary/states.js';
import { COMPLETING_VERBS } from '../vocabulary/verbs.js';

const completingVerbs: ReadonlySet<string> = new Set(COMPLETING_VERBS);

/**
 * The field that identifies an item: the one the item path's parameter names, else id,
 * <name>Id, uuid, ... A path that names its items (`/vaults/{vaultName}`, as Azure's resource
 * paths do) is identified by the item's `name`: its `id` is then something else (Azure's full
 * resource path). A parameter named for the resource and a field (GitHub's
 * `/issues/{issue_number}`) names that field (`number`), not the issue's `id`.
 */
export function idField(item: JsonSchema | null, resourceWord: string, idParameter: string | null, lookup: SchemaLookup): string | null {
  const names = [...lookup.properties(item).keys()];
  const one = singular(resourceWord);
  const byName = idParameter !== null && squash(idParameter).endsWith('name') && names.includes('name') ? ['name'] : [];
  const parameter = idParameter === null ? '' : squash(idParameter);
  const field = parameter.startsWith(squash(one)) ? parameter.slice(squash(one).length) : '';
  const byParameter = [parameter, field].filter((name) => name !== '');
  // A compound resource word names its id by its last word too: `gift-wrappings` by `wrapping_id`.
  const last = singular(words(resourceWord).at(-1) ?? resourceWord);
  const named = ID_FIELD_NAMES.flatMap((name) => [name, `${one}${name}`, ...(name === 'id' ? [`${last}id`] : [])]);
  const candidates = [...byName, ...byParameter, ...named].map(squash);
  for (const candidate of candidates) {
    const found = names.find((n) => squash(n) === candidate);
    if (found !== undefined) return found;
  }
  return null;
}

function stringEnum(schema: JsonObject): string[] {
  const values = schema['enum'];
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}

/** Enumerated state fields, `status` and `state` first. */
export function stateFields(item: JsonSchema | null, lookup: SchemaLookup): [string, string[]][] {
  const fields = [...lookup.properties(item)].map(([name, s]) => [name, stringEnum(lookup.deref(s) ?? s)] as [string, string[]]).filter(([, v]) => v.length > 0);
  const rank = (name: string) => (STATE_FIELD_WORDS.includes(name.toLowerCase()) ? 0 : namesState(name) ? 1 : 2);
  return fields.sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** Whether a field's name ends in a word of state (`status`, `TableStatus`, `order_state`). */
function namesState(name: string): boolean {
  const lower = name.toLowerCase();
  return STATE_FIELD_WORDS.some((word) => lower.endsWith(word));
}

/** Nouns a verb makes, for a state that waits for it: confirm → confirmation, approve → approval, verify → verification, pay → payment. */
function nouns(verb: string): string[] {
  const v = verb.toLowerCase();
  const stem = v.slice(0, -1);
  return [`${v}ation`, `${stem}ation`, `${v}ion`, `${stem}ion`, `${v}al`, `${stem}al`, `${stem}ication`, `${v}ment`];
}

/**
 * The state an action moves a record to, when the item schema makes it clear: the state the
 * verb names (cancel → `canceled`, freeze → `frozen`), else, when a state says the record
 * waits for the action (`requires_confirmation` for confirm, `requires_capture` for capture, as
 * Stripe's PaymentIntents do), the state that says it went through (`succeeded`).
 */
export function actionTarget(name: string, item: JsonSchema | null, lookup: SchemaLookup, method = 'POST'): ArtifactAction {
  const verb = words(name)[0] ?? name;
  const withFlag = (action: ArtifactAction): ArtifactAction => {
    const flag = flagOf(verb, method, item, lookup);
    return flag === null ? action : { ...action, flag };
  };
  // DELETE on an action's path undoes it (GitHub's `DELETE /issues/{n}/lock` unlocks): no state it names.
  if (method === 'DELETE') return withFlag({ name, stateField: null, targetState: null });
  const forms = stateForms(verb);
  const fields = stateFields(item, lookup).filter(([field]) => namesState(field));
  for (const [field, values] of fields) {
    const value = values.find((v) => forms.has(squash(v)));
    if (value !== undefined) return withFlag({ name, stateField: field, targetState: value });
  }
  const waiting = [...forms, ...nouns(verb)].map((form) => `requires${form}`);
  for (const [field, values] of fields) {
    if (!values.some((v) => waiting.includes(squash(v)))) continue;
    const done = SUCCESS_STATES.map((state) => values.find((v) => squash(v) === state)).find((v) => v !== undefined);
    if (done !== undefined) return withFlag({ name, stateField: field, targetState: done });
  }
  // A verb that completes a record's work closes it where its states name no form of the verb (GitHub's merge closes a pull request).
  if (completingVerbs.has(verb.toLowerCase())) {
    for (const [field, values] of fields) {
      const end = CLOSED_STATES.map((state) => values.find((v) => squash(v) === state)).find((v) => v !== undefined);
      if (end !== undefined) return withFlag({ name, stateField: field, targetState: end });
    }
  }
  return withFlag({ name, stateField: null, targetState: null });
}

/**
 * The boolean field an action sets: the one named as the verb done (`merged` for merge,
 * `locked` or `is_locked` for lock, `pinned` for pin), true; for its undoing (`unlock`,
 * `unarchive`, or a DELETE on the action's path), false. Null when the item has no such field.
 */
function flagOf(verb: string, method: string, item: JsonSchema | null, lookup: SchemaLookup): { field: string; value: boolean } | null {
  const lower = verb.toLowerCase();
  const undoes = method === 'DELETE' || (lower.startsWith('un') && lower.length > 4);
  const root = method !== 'DELETE' && undoes ? lower.slice(2) : lower;
  const done = [...stateForms(root)].filter((form) => form !== root && !form.endsWith('ing'));
  const names = new Set(done.flatMap((form) => [form, `is${form}`]));
  for (const [field, schema] of lookup.properties(item)) {
    const resolved = lookup.deref(schema) ?? schema;
    if (resolved['type'] === 'boolean' && names.has(squash(field))) return { field, value: !undoes };
  }
  return null;
}
