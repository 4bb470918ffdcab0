import { isObject } from '../json.js';
import type { JsonSchema } from './json-schema.js';

/**
 * The key of what a refusal writes into a field of an error schema: kept on the property's
 * schema (beside its `$ref` where it refers), as SOAP's `x-xml` is. The compiler writes it from
 * the field's name (behaviour/plan-errors.ts) on every schema a REST refusal may be answered
 * with; the runtime reads the mark, never the name, so an artifact's mark edited is followed.
 */
export const ERROR_ROLE = 'x-simplane-error';

/**
 * One field of an error answer. Each fill applies where the field's schema takes it (a text for
 * `message`, an array for `entries`); otherwise the generator's value stands.
 */
export interface ErrorRole {
  /**
   * What the refusal writes: `message` its sentence, `title` its status's phrase (`Not Found`),
   * `code` its status where the field is a number and its code (`not_found`) where not, `kind`
   * its code (a problem URI for `format: uri`, a value of `kinds` for an enum), `field` the
   * request field it is about, `entries` one entry about that field (each item's fields as
   * their own roles say).
   */
  fill?: 'message' | 'title' | 'code' | 'kind' | 'field' | 'entries';
  /** An object holding the error's details (`{"error": {"message": ...}}`): filled as an error of its own. */
  nested?: true;
  /**
   * For a `kind` whose schema is an enum: the value naming each refusal the runtime makes, by
   * `refusalKey`. A refusal with no entry leaves the value to the generator.
   */
  kinds?: Record<string, string>;
}

/** The key of a refusal in `ErrorRole.kinds`: `404 not_found`. */
export function refusalKey(status: number, code: string): string {
  return `${String(status)} ${code}`;
}

/** The role kept on a property's schema, or undefined. */
export function errorRoleOf(schema: JsonSchema | null | undefined): ErrorRole | undefined {
  if (!isObject(schema)) return undefined;
  const role = schema[ERROR_ROLE];
  return isObject(role) ? (role as ErrorRole) : undefined;
}

/** Whether a response key is one a refusal may be answered by: an error status, its range, `default`. */
export function answersRefusals(key: string): boolean {
  return /^(?:[45](?:\d\d|XX)|default)$/.test(key);
}
