import type { ArtifactOperation } from '../artifact/artifact.js';
import { FORMAT_EXTENSIONS, METHOD_NAME_VERBS } from '../vocabulary/rpc.js';
import { ACTION_VERBS, QUERY_WORDS, RECORD_READ_CALL_WORDS, RPC_PATH_VERBS, RPC_VERB_PREFIXES } from '../vocabulary/verbs.js';
import { words } from './naming.js';

/**
 * APIs whose paths are the names of their methods (Slack's `/conversations.list`, Rocket.Chat's
 * `/api/v1/channels.info`, Telegram's `/getUpdates`, Plaid's `/transactions/sync`) are called
 * by their official clients with a POST for every method, its parameters in a form or JSON body,
 * even where the document declares the method as a GET with query parameters (Slack's SDK sends
 * `conversations.list` as a form POST). The compiler marks such GET methods
 * (ArtifactOperation.rpcPost), and the runtime answers the POST as the GET.
 */

const formats: ReadonlySet<string> = new Set(FORMAT_EXTENSIONS);
const verbs: ReadonlySet<string> = new Set([
  ...Object.keys(RPC_PATH_VERBS),
  ...Object.keys(RPC_VERB_PREFIXES),
  ...RECORD_READ_CALL_WORDS,
  ...ACTION_VERBS,
  ...QUERY_WORDS,
  ...METHOD_NAME_VERBS,
]);

/** A segment with nothing in it but a name: no parameter, fragment or pattern. */
const LITERAL = /^[A-Za-z0-9_.~-]+$/;
/** `conversations.list`, `admin.users.invite`: names joined by dots, the last one the verb. */
const DOTTED = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*\.([A-Za-z][A-Za-z0-9_]*)$/;

/** The media types a POST in place of a GET may carry its parameters in, whatever the document declares. */
const POSTED_MEDIA: readonly string[] = ['application/json', 'application/x-www-form-urlencoded'];
/** Taken as well where the API's own methods take it (Telegram's, for files). */
const MULTIPART = 'multipart/form-data';

/**
 * Whether a path is a method's name: every segment a plain name, the last one `noun.verb`
 * (`/conversations.list`, not a format like `/home_timeline.json`) or a name whose first word is
 * a verb (`/getUpdates`, `/transactions/sync`, `/files/list_folder`).
 */
export function namesMethod(path: string): boolean {
  const segments = path.replace(/^\/+/, '').split('/');
  if (!segments.every((segment) => LITERAL.test(segment))) return false;
  const last = segments.at(-1) as string;
  const dotted = DOTTED.exec(last);
  if (dotted !== null) return !formats.has((dotted[1] as string).toLowerCase());
  if (last.includes('.')) return false;
  const first = words(last)[0];
  return first !== undefined && verbs.has(first);
}

/**
 * Whether the API is one of methods named in paths: at least two of its paths, and two thirds of
 * them, name methods. A REST API's few such paths (the 2.0 pet store's `/pet/findByStatus` and
 * `/user/login` beside `/pet/{petId}`) fall short.
 */
export function namesMethodsInPaths(operations: readonly Pick<ArtifactOperation, 'path'>[]): boolean {
  const paths = new Set(operations.map((op) => op.path));
  let methods = 0;
  for (const path of paths) if (namesMethod(path)) methods += 1;
  return methods >= 2 && methods * 3 >= paths.size * 2;
}

type Described = Pick<ArtifactOperation, 'method' | 'path' | 'parameters' | 'requestBody'>;

/**
 * The operations with the GET methods of an API of methods named in paths marked as answering a
 * POST as well (`rpcPost`): each a GET at a method's path that takes no body and no path
 * parameter, where the document declares no POST of its own. The POST may carry the parameters
 * as JSON or a form, or as multipart where the API's own methods take that. Operations of any
 * other API are answered as they are.
 */
export function withRpcPosts<T extends Described>(operations: T[]): (T & Pick<ArtifactOperation, 'rpcPost'>)[] {
  if (!namesMethodsInPaths(operations)) return operations;
  const posted = new Set(operations.filter((op) => op.method === 'POST').map((op) => op.path));
  const multipart = operations.some((op) => op.method === 'POST' && namesMethod(op.path) && Object.keys(op.requestBody?.content ?? {}).some((media) => media.toLowerCase() === MULTIPART));
  const media = [...POSTED_MEDIA, ...(multipart ? [MULTIPART] : [])].sort();
  return operations.map((op) => {
    const read = op.method === 'GET' && op.requestBody === null && !posted.has(op.path) && namesMethod(op.path) && op.parameters.every((p) => p.in !== 'path');
    return read ? { ...op, rpcPost: { media: [...media] } } : op;
  });
}
