import { applyPatch, type Operation } from 'rfc6902';
import { isObject, type Json, type JsonObject } from '../../json.js';
import type { Refusal } from '../answers/refusal-reason.js';

/**
 * A record with an RFC 6902 JSON Patch applied (WritePlan.patch `json-patch`): every operation
 * or none. A patch that is not a list, names `__proto__` (a record keeps its fields as its own),
 * or fails (a `test` that does not hold, a path that names nothing) is refused and the record
 * is left as it was.
 */
export function patchedRecord(record: JsonObject, body: Json | undefined): { record: JsonObject } | { refusal: Refusal } {
  if (!Array.isArray(body)) return { refusal: { status: 400, code: 'invalid_body', message: 'a JSON Patch is a list of operations', field: null } };
  const pointers = body.flatMap((operation) => (isObject(operation) ? [operation['path'], operation['from']] : []));
  if (pointers.some((pointer) => typeof pointer === 'string' && pointer.split('/').includes('__proto__'))) {
    return { refusal: { status: 422, code: 'validation_failed', message: 'a JSON Patch path may not name __proto__', field: null } };
  }
  const patched = structuredClone(record);
  const results = applyPatch(patched, body as unknown as Operation[]);
  const failed = results.findIndex((result) => result !== null);
  if (failed >= 0) return { refusal: { status: 409, code: 'patch_failed', message: `operation ${failed} of the JSON Patch cannot be applied: ${results[failed]!.message}`, field: null } };
  return isObject(patched as Json) ? { record: patched } : { refusal: { status: 409, code: 'patch_failed', message: 'the JSON Patch leaves no record', field: null } };
}

/** Whether a body reads as an RFC 6902 JSON Patch: a list of `{op, path}`; an `op` the RFC does not name fails when applied. */
export function listsPatchOperations(value: Json): boolean {
  return Array.isArray(value) && value.every((operation) => isObject(operation) && typeof operation['op'] === 'string' && typeof operation['path'] === 'string');
}

/**
 * Which patch document a request's media type names: RFC 6902's (`application/json-patch+json`)
 * or RFC 7396's (`application/merge-patch+json`), else null. Read where WritePlan.patch leaves
 * the choice to the request (`media-type`, `content-type`), by the request body and its check alike.
 */
export function sentPatch(mediaType: string | null | undefined): 'json-patch' | 'merge-patch' | null {
  const sent = mediaType?.toLowerCase() ?? '';
  return sent.includes('json-patch') ? 'json-patch' : sent.includes('merge-patch') ? 'merge-patch' : null;
}
