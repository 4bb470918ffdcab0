import type { AnswerArray, ArtifactAction, ArtifactLink, ArtifactOperation, ArtifactResource, ArtifactTally } from '../artifact/artifact.js';
import { PATCH_MODES, PUT_MODES, type WritePlan } from '../artifact/behaviour.js';
import { squash } from '../infer/naming.js';
import { requestSchema, type SchemaLookup, successSchema } from '../infer/schema-lookup.js';
import type { Json, JsonObject } from '../json.js';
import { has, type OverrideChecks, type RecordFacts, shown } from './override-checks.js';
import { overrideList } from './override-list.js';

const OPERATION_KEYS = ['write', 'list', 'action', 'acknowledges', 'links', 'linkedBy', 'tally', 'credentialParameters', 'answerArrays'] as const;

const STATED = 'is what the document states; change the document with the Overlay instead';
/** Decisions of an operation that an override cannot change, and why. */
const REFUSED: Record<string, string> = Object.fromEntries([
  ...['id', 'operationId', 'method', 'path', 'summary', 'description', 'tags', 'deprecated', 'parameters', 'requestBody', 'responses', 'security'].map((key) => [key, `gives \`${key}\`, which ${STATED}`]),
  // Whether a call can change state is proven from the document; a corrected decision must not weaken the proof.
  ['readOnly', 'gives `readOnly`, which is proven from the method and the document and cannot be overridden'],
  ['behaviour', 'gives `behaviour`, which cannot be overridden yet: another behaviour would restructure the resources'],
  ['resource', 'gives `resource`, which cannot be overridden yet: another resource would restructure the resources'],
  ['protocol', 'gives `protocol`, which follows from how the document writes the call'],
  ['linkedParent', 'gives `linkedParent`, which follows from the path'],
  ['errors', "gives `errors`: correct an error field's role with `x-simplane-error` on the field's own schema (docs/behaviour.md)"],
]);

const WRITES = new Set(['create', 'replace', 'update']);

/** What checking an operation's override needs beside the override. */
export interface OperationContext {
  checks: OverrideChecks;
  /** The resource it acts on, where it acts on one, and its records' facts. */
  resource: ArtifactResource | null;
  facts: RecordFacts;
  /** Every operation of the artifact, for the actions of its resource. */
  operations: readonly ArtifactOperation[];
  lookup: SchemaLookup;
}

/** The operation with its `x-simplane-behaviour` applied to its decisions. */
export function overrideOperation(op: ArtifactOperation, value: Json, context: OperationContext): ArtifactOperation {
  const { checks, lookup } = context;
  const given = checks.object(value, [], OPERATION_KEYS, REFUSED);
  if (given === undefined) return op;
  const out: ArtifactOperation = { ...op };
  if (has(given, 'write')) out.write = overrideWrite(op, given['write'] as Json, context) ?? op.write;
  if (has(given, 'list')) {
    if (op.list === null) checks.invalid(['list'], `gives \`list\`, but ${op.id} is not a list (its behaviour is ${op.behaviour})`);
    else out.list = overrideList(op, op.list, given['list'] as Json, context);
  }
  if (has(given, 'action')) out.action = overrideAction(op, given['action'] as Json, context) ?? op.action;
  if (has(given, 'acknowledges')) {
    const answer = lookup.properties(successSchema(op));
    const fields = op.behaviour !== 'delete'
      ? checks.invalid(['acknowledges'], `gives \`acknowledges\`, but ${op.id} is not a delete (its behaviour is ${op.behaviour})`)
      : checks.texts(given['acknowledges'], ['acknowledges'], (field) => (holdsBoolean(answer.get(field)) ? null : `names \`${field}\` in \`acknowledges\`, which is not a boolean field of the operation's answer`));
    if (fields !== undefined) setOrDrop(out, 'acknowledges', fields);
  }
  if (has(given, 'links')) {
    const path = new Set(op.parameters.filter((p) => p.in === 'path').map((p) => p.name));
    const links = checks.texts(given['links'], ['links'], (name) => (path.has(name) ? null : `names \`${name}\` in \`links\`, which is not a path parameter of ${op.id}`));
    if (links !== undefined) setOrDrop(out, 'links', links);
  }
  if (has(given, 'credentialParameters')) {
    const named = new Set(op.parameters.filter((p) => p.in === 'header' || p.in === 'query').map((p) => p.name));
    const names = checks.texts(given['credentialParameters'], ['credentialParameters'], (name) => (named.has(name) ? null : `names \`${name}\` in \`credentialParameters\`, which is not a header or query parameter of ${op.id}`));
    if (names !== undefined) setOrDrop(out, 'credentialParameters', names);
  }
  if (has(given, 'tally')) {
    const tally = overrideTally(op, given['tally'] as Json, checks);
    if (tally === null) delete out.tally;
    else if (tally !== undefined) out.tally = tally;
  }
  if (has(given, 'answerArrays')) {
    const arrays = overrideAnswerArrays(op, given['answerArrays'] as Json, context);
    if (arrays !== undefined) setOrDrop(out, 'answerArrays', arrays);
  }
  if (has(given, 'linkedBy')) {
    const linkedBy = overrideLinkedBy(out, given['linkedBy'] as Json, context);
    if (linkedBy !== undefined) out.linkedBy = linkedBy;
  }
  return out;
}

/** What a static read counts, `{resource, field, values}`, or null for an answer from its schema. */
function overrideTally(op: ArtifactOperation, value: Json, checks: OverrideChecks): ArtifactTally | null | undefined {
  if (value === null) return null;
  if (op.behaviour !== 'static' || op.method !== 'GET') return checks.invalid(['tally'], `gives \`tally\`, but ${op.id} is not a static read (its behaviour is ${op.behaviour})`);
  const given = checks.object(value, ['tally'], ['resource', 'field', 'values']);
  if (given === undefined) return undefined;
  const resource = checks.text(given['resource'], ['tally', 'resource']);
  const field = checks.text(given['field'], ['tally', 'field']);
  const values = has(given, 'values') ? checks.texts(given['values'], ['tally', 'values']) : [];
  return resource === undefined || field === undefined || values === undefined ? undefined : { resource, field, values };
}

/**
 * A list's linked fields as an override gives them: for each of its link parameters at most
 * one, a field of its records, holding one id or (`many`) a list, of objects where `key` names
 * their id field. An entry it cannot use is reported and dropped, the others kept.
 */
function overrideLinkedBy(op: ArtifactOperation, value: Json, { checks, facts }: OperationContext): ArtifactLink[] | undefined {
  const links = op.links ?? [];
  if (op.behaviour !== 'list' || links.length === 0) return checks.invalid(['linkedBy'], `gives \`linkedBy\`, but ${op.id} is not a list on a nested route with links`);
  if (!Array.isArray(value)) return checks.invalid(['linkedBy'], `gives \`linkedBy\` as ${shown(value)}, not a list`);
  const out: ArtifactLink[] = [];
  value.forEach((item, index) => {
    const path = ['linkedBy', index];
    const entry = checks.object(item, path, ['parameter', 'field', 'many', 'key']);
    if (entry === undefined) return;
    const parameter = checks.text(entry['parameter'], [...path, 'parameter']);
    if (parameter === undefined) return;
    if (!links.includes(parameter)) return void checks.invalid([...path, 'parameter'], `names \`${parameter}\` in \`linkedBy\`, which is not one of ${op.id}'s links (${links.join(', ')})`);
    if (out.some((link) => link.parameter === parameter)) return void checks.invalid([...path, 'parameter'], `names \`${parameter}\` in \`linkedBy\` twice`);
    const field = checks.field(entry['field'], [...path, 'field'], facts);
    const many = has(entry, 'many') ? checks.bool(entry['many'], [...path, 'many']) : false;
    const key = has(entry, 'key') ? checks.text(entry['key'], [...path, 'key']) : null;
    if (field === undefined || many === undefined || key === undefined) return;
    out.push(key === null ? { parameter, field, many } : { parameter, field, many, key });
  });
  return out;
}

function holdsBoolean(schema: JsonObject | undefined): boolean {
  const type = schema?.['type'];
  return type === 'boolean' || (Array.isArray(type) && type.includes('boolean'));
}

/** An optional list kept where it has entries and taken away where it has none. */
function setOrDrop<K extends 'acknowledges' | 'links' | 'credentialParameters' | 'answerArrays'>(op: ArtifactOperation, key: K, list: NonNullable<ArtifactOperation[K]>): void {
  if (list.length > 0) op[key] = list;
  else delete op[key];
}

/** The lists a computed answer fills, `[{path, min}]`: each path leads through the success answer's fields to an array; `[]` is the answer itself. */
function overrideAnswerArrays(op: ArtifactOperation, value: Json, { checks, lookup }: OperationContext): AnswerArray[] | undefined {
  if (op.behaviour !== 'static' && op.behaviour !== 'action') return checks.invalid(['answerArrays'], `gives \`answerArrays\`, but ${op.id} answers records, not a computed answer (its behaviour is ${op.behaviour})`);
  if (!Array.isArray(value)) return checks.invalid(['answerArrays'], `gives \`answerArrays\` as ${shown(value)}, not a list of \`{path, min}\``);
  const out: AnswerArray[] = [];
  value.forEach((entry, index) => {
    const at = ['answerArrays', index];
    const given = checks.object(entry, at, ['path', 'min']);
    if (given === undefined) return;
    const path = checks.texts(given['path'], [...at, 'path']);
    const min = given['min'];
    if (path === undefined) return;
    if (typeof min !== 'number' || !Number.isInteger(min) || min < 1 || min > 100) return void checks.invalid([...at, 'min'], `gives \`min\` as ${shown(min)}, not a whole number from 1 to 100`);
    let schema: JsonObject | null = lookup.deref(successSchema(op));
    for (const field of path) schema = lookup.properties(schema).get(field) ?? null;
    const type = lookup.deref(schema)?.['type'];
    if (type !== 'array' && !(Array.isArray(type) && type.includes('array'))) return void checks.invalid([...at, 'path'], `names \`${path.join('.')}\`, which is not a list in ${op.id}'s answer`);
    out.push({ path, min });
  });
  return out;
}

const DEFAULT_WRITE: WritePlan = { put: 'replace', patch: 'merge', createsMissing: false, actsByDefault: [] };

function overrideWrite(op: ArtifactOperation, value: Json, { checks, resource, facts, operations, lookup }: OperationContext): WritePlan | undefined {
  if (resource === null || !WRITES.has(op.behaviour) || op.write === null) return checks.invalid(['write'], `gives \`write\`, but ${op.id} writes no record of a resource (its behaviour is ${op.behaviour})`);
  const given = checks.object(value, ['write'], ['put', 'patch', 'createsMissing', 'actsByDefault', 'upload', 'reference', 'patchNulls', 'withheld']);
  if (given === undefined) return undefined;
  const out: WritePlan = { ...(op.write ?? DEFAULT_WRITE) };
  if (has(given, 'put')) out.put = checks.oneOf(given['put'], PUT_MODES, ['write', 'put']) ?? out.put;
  if (has(given, 'patch')) out.patch = checks.oneOf(given['patch'], PATCH_MODES, ['write', 'patch']) ?? out.patch;
  if (has(given, 'createsMissing')) out.createsMissing = checks.bool(given['createsMissing'], ['write', 'createsMissing']) ?? out.createsMissing;
  if (has(given, 'actsByDefault')) {
    // An action is named as the resource's actions are, or as the create's body flag that asks for it (`capture`).
    const actions = operations.filter((o) => resource.actions.includes(o.id) && o.action !== null).map((o) => squash((o.action as ArtifactAction).name));
    const known = new Set([...actions, ...[...lookup.properties(requestSchema(op)).keys()].map(squash)]);
    const names = checks.texts(given['actsByDefault'], ['write', 'actsByDefault'], (name) => (known.has(squash(name)) ? null : `names \`${name}\` in \`write.actsByDefault\`, which is neither an action of ${resource.name} nor a field of the body`));
    if (names !== undefined) out.actsByDefault = names.map(squash);
  }
  if (has(given, 'patchNulls')) {
    const removes = checks.bool(given['patchNulls'], ['write', 'patchNulls']);
    if (removes === false) delete out.patchNulls;
    else if (removes === true) out.patchNulls = true;
  }
  if (has(given, 'reference')) {
    // The field of a create's answer that names the new record; null answers the record itself.
    const answer = lookup.properties(successSchema(op));
    const field = given['reference'] === null ? null : op.behaviour !== 'create'
      ? checks.invalid(['write', 'reference'], `gives \`write.reference\`, but ${op.id} is not a create (its behaviour is ${op.behaviour})`)
      : checks.text(given['reference'], ['write', 'reference']);
    if (field === null) delete out.reference;
    else if (field !== undefined && !answer.has(field)) checks.invalid(['write', 'reference'], `names \`${field}\`, which is not a field of the create's answer`);
    else if (field !== undefined) out.reference = field;
  }
  if (has(given, 'withheld')) {
    // Names and endings as the runtime compares them: squashed.
    const withheld = checks.object(given['withheld'], ['write', 'withheld'], ['names', 'endings']);
    const names = withheld === undefined || !has(withheld, 'names') ? out.withheld?.names ?? [] : checks.texts(withheld['names'], ['write', 'withheld', 'names']);
    const endings = withheld === undefined || !has(withheld, 'endings') ? out.withheld?.endings ?? [] : checks.texts(withheld['endings'], ['write', 'withheld', 'endings']);
    if (withheld !== undefined && names !== undefined && endings !== undefined) out.withheld = { names: names.map(squash), endings: endings.map(squash) };
  }
  if (has(given, 'upload')) {
    const upload = given['upload'] === null ? null : overrideUpload(op, given['upload'] as Json, checks, facts, lookup);
    if (upload === null) delete out.upload;
    else if (upload !== undefined) out.upload = upload;
  }
  return out;
}

/** A create's upload plan as an override gives it: a part of its body, and item fields for the file's size, name and media type. */
function overrideUpload(op: ArtifactOperation, value: Json, checks: OverrideChecks, facts: RecordFacts, lookup: SchemaLookup): WritePlan['upload'] {
  if (op.behaviour !== 'create') return checks.invalid(['write', 'upload'], `gives \`write.upload\`, but ${op.id} is not a create (its behaviour is ${op.behaviour})`);
  const given = checks.object(value, ['write', 'upload'], ['part', 'size', 'name', 'mediaType']);
  if (given === undefined) return undefined;
  const parts = new Set(Object.values(op.requestBody?.content ?? {}).flatMap((media) => [...lookup.properties(media.schema).keys()]));
  const part = checks.text(given['part'], ['write', 'upload', 'part']);
  if (part === undefined) return undefined;
  if (!parts.has(part)) return checks.invalid(['write', 'upload', 'part'], `names \`${part}\` in \`write.upload.part\`, which is not a part of ${op.id}'s body`);
  const out: NonNullable<WritePlan['upload']> = { part };
  for (const key of ['size', 'name', 'mediaType'] as const) {
    if (!has(given, key)) continue;
    const field = checks.field(given[key], ['write', 'upload', key], facts);
    if (field === undefined) return undefined;
    out[key] = field;
  }
  return out;
}

function overrideAction(op: ArtifactOperation, value: Json, { checks, facts }: OperationContext): ArtifactAction | undefined {
  if (op.action === null) return checks.invalid(['action'], `gives \`action\`, but ${op.id} is not an action (its behaviour is ${op.behaviour})`);
  const given = checks.object(value, ['action'], ['name', 'stateField', 'targetState', 'flag']);
  if (given === undefined) return undefined;
  const out: ArtifactAction = { ...op.action };
  if (has(given, 'name')) out.name = checks.text(given['name'], ['action', 'name']) ?? out.name;
  if (has(given, 'stateField')) {
    const field = given['stateField'] === null ? null : checks.field(given['stateField'], ['action', 'stateField'], facts);
    if (field !== undefined) out.stateField = field;
  }
  if (has(given, 'targetState')) {
    const target = given['targetState'];
    if (target !== null && typeof target !== 'string') checks.invalid(['action', 'targetState'], `gives \`action.targetState\` as ${shown(target)}, not a state or null`);
    else out.targetState = target;
  }
  // The state the action sets must be one its field can hold, wherever either was given.
  if (out.targetState !== null && (out.stateField === null || !facts.fits(out.stateField, out.targetState))) {
    return checks.invalid(['action'], out.stateField === null ? 'gives a target state without a state field to hold it' : `moves \`${out.stateField}\` to ${shown(out.targetState)}, which its schema does not allow`);
  }
  if (has(given, 'flag')) {
    const flag = given['flag'] === null ? null : checks.object(given['flag'], ['action', 'flag'], ['field', 'value']);
    if (flag === null) delete out.flag;
    else if (flag !== undefined) {
      const field = checks.field(flag['field'], ['action', 'flag', 'field'], facts);
      const set = checks.bool(flag['value'], ['action', 'flag', 'value']);
      if (field !== undefined && set !== undefined && facts.fits(field, set)) out.flag = { field, value: set };
      else if (field !== undefined && set !== undefined) checks.invalid(['action', 'flag'], `sets \`${field}\` to ${String(set)}, which its schema does not allow`);
    }
  }
  return out;
}
