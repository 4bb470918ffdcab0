import type { OperationBehaviour } from '@simplane/core';
import type { NormalisedOperation } from '../normalise/model.js';
import { looksPlural, singular, words } from './naming.js';
import { parseSegments, type Segment } from './path-shape.js';
import type { ResourceShape } from './resource-shapes.js';
import { SOAP_NOUN_NOISE } from '../vocabulary/resources.js';
import { AWS_CALL_VERBS, BATCH_WORD, OTHER_READ_CALL_WORDS, RPC_PATH_VERBS, RPC_VERB_PREFIXES, SOAP_VERBS } from '../vocabulary/verbs.js';

/**
 * Resources of APIs that name the method in the path instead of using HTTP's: Slack's
 * `/conversations.create`, `/conversations.info?channel=...` and `/conversations.list`, Plaid's
 * `POST /transfer/create`, `/transfer/get` and `/transfer/list`. The verb after the last dot
 * (or, for a known verb, the last segment) is the behaviour, and what precedes it the resource.
 * AWS's JSON protocol names the call in a header (`#X-Amz-Target=DynamoDB_20120810.CreateTable`),
 * its query protocol in a parameter (`#Action=CreateUser`): the call's first word is the verb
 * and the rest the resource (`Table`, `User`).
 */

export interface RpcCall {
  /** The resource's path: the operation's path without its verb. */
  noun: string;
  /** The verb as written (`info`, `setTopic`, `archive`). */
  verb: string;
  /** CRUD behaviour the verb names, or `action` for any other verb. */
  behaviour: Exclude<OperationBehaviour, 'replace' | 'static'>;
  /** An AWS call: its resource needs a call reading one record (SQS lists queue URLs only and reads none). */
  aws?: true;
}

/**
 * The resource path and verb of an RPC-style path: `/conversations.info` (any verb after a
 * dot) or `/transfer/get` (a known verb as the last segment). Paths with parameters are REST.
 */
export function rpcCall(path: string): RpcCall | null {
  const segments = parseSegments(path);
  if (segments.length === 0 || segments.some((s) => s.kind !== 'literal')) return null;
  const last = (segments.at(-1) as { text: string }).text;
  const target = /^#(?:X-Amz-Target=(?:.*\.)?|Action=)([A-Za-z][A-Za-z0-9]*)$/i.exec(last);
  if (target !== null) return awsCall(target[1]!);
  const soap = /^#SOAP=([A-Za-z_][\w.-]*)$/.exec(last);
  if (soap !== null) return soapCall(soap[1]!);
  const dot = last.lastIndexOf('.');
  const head = segments.slice(0, -1).map((s) => (s as { text: string }).text);
  if (dot > 0 && dot < last.length - 1) {
    const verb = last.slice(dot + 1);
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(verb)) return null;
    return { noun: `/${[...head, last.slice(0, dot)].join('/')}`, verb, behaviour: behaviourOf(verb) };
  }
  const behaviour = RPC_PATH_VERBS[last.toLowerCase()];
  if (behaviour === undefined || head.length === 0) return null;
  return { noun: `/${head.join('/')}`, verb: last, behaviour };
}

/** Verbs of AWS calls that read without naming one record or all of them (`SearchUsers`, `BatchGetItem`): left to the schema. */
const awsOtherReads: ReadonlySet<string> = new Set([...OTHER_READ_CALL_WORDS, BATCH_WORD]);

/**
 * An AWS call as verb and resource: `CreateUserPool`, `DescribeUserPool`, `ListUserPools`,
 * `UpdateUserPool` and `DeleteUserPool` are the `UserPool` resource's; a `Describe` or `Get` of
 * a plural (`DescribeInstances`) lists. Any other verb (`StopTask`) is an action.
 */
function awsCall(call: string): RpcCall | null {
  // Cognito's `AdminCreateUser`, `AdminGetUser` and `AdminDeleteUser` are calls on users.
  if (/^Admin[A-Z]/.test(call)) return awsCall(call.slice('Admin'.length));
  const verb = words(call)[0] ?? '';
  const rest = call.slice(verb.length);
  const last = words(rest).at(-1);
  if (last === undefined || awsOtherReads.has(verb) || !call.toLowerCase().startsWith(verb)) return null;
  const plural = looksPlural(last);
  const named = { noun: `/${plural ? singular(rest) : rest}`, verb: call.slice(0, verb.length), aws: true } as const;
  const known = Object.hasOwn(AWS_CALL_VERBS, verb) ? AWS_CALL_VERBS[verb] : undefined;
  if (known === 'read' && plural) return { ...named, behaviour: 'list' };
  return { ...named, behaviour: known ?? 'action' };
}

const soapNounNoise: ReadonlySet<string> = new Set(SOAP_NOUN_NOISE);

/**
 * A SOAP operation as verb and entity: the first word is the verb, the rest up to `By...` the
 * entity, singular (`GetCustomerById`, `ListCustomers` and `SearchCustomersByName` are the
 * `Customer` entity's). A read verb of a plural entity, or any verb followed by `All`, lists.
 * Any verb not known is an action on the entity (`CancelBooking`).
 */
function soapCall(name: string): RpcCall | null {
  const all = words(name);
  const verb = all[0] ?? '';
  const by = all.indexOf('by', 1);
  const nounWords = all.slice(1, by < 0 ? undefined : by).filter((word) => !soapNounNoise.has(word));
  const last = nounWords.at(-1);
  if (last === undefined) return null;
  const plural = looksPlural(last) || all.includes('all') || all.at(-1) === 'list';
  const noun = nounWords.map((word, i) => (i === nounWords.length - 1 ? singular(word) : word)).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  const named = { noun: `/${noun}`, verb: name.slice(0, verb.length) } as const;
  const known = SOAP_VERBS[verb];
  if (known === 'read' && plural) return { ...named, behaviour: 'list' };
  return { ...named, behaviour: known ?? 'action' };
}

function behaviourOf(verb: string): RpcCall['behaviour'] {
  const known = RPC_PATH_VERBS[verb.toLowerCase()];
  if (known !== undefined) return known;
  const first = words(verb)[0] ?? '';
  return Object.hasOwn(RPC_VERB_PREFIXES, first) ? RPC_VERB_PREFIXES[first]! : 'action';
}

/**
 * RPC resources: a resource path with two calls or more, one of them a read or a list, that no
 * REST resource already claims. Named by the path's words (`conversations`, `transfer`,
 * `link.token`).
 */
export function findRpcShapes(operations: NormalisedOperation[], pathOf: (op: NormalisedOperation) => string, taken: ReadonlySet<string>): Map<string, ResourceShape> {
  const calls = new Map<string, RpcCall[]>();
  for (const op of operations) {
    const call = rpcCall(pathOf(op));
    if (call !== null) calls.set(call.noun, [...(calls.get(call.noun) ?? []), call]);
  }
  const shapes = new Map<string, ResourceShape>();
  for (const [noun, mine] of calls) {
    const behaviours = new Set(mine.map((c) => c.behaviour));
    const reads = mine.some((c) => c.aws === true) ? behaviours.has('read') : behaviours.has('read') || behaviours.has('list');
    // Two calls, not two operations: the query protocol's GET and POST variants are one call.
    if (taken.has(noun) || !reads || new Set(mine.map((c) => c.verb)).size < 2) continue;
    const segments: Segment[] = parseSegments(noun);
    shapes.set(noun, { name: segments.map((s) => (s as { text: string }).text).join('.'), kind: 'collection', key: `rpc:${noun}`, segments, parent: null, parentParameter: null });
  }
  return shapes;
}
