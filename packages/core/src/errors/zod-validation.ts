import type { z } from 'zod';
import { SimplaneError } from './simplane-error.js';

/**
 * Parses `value` with a zod schema and turns the first failure into 422 `validation` whose
 * detail names the field (`name: ...`). Details never include the offending value, so a
 * secret sent in the wrong place is not echoed back.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, root = 'body'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
  const message =
    issue.code === 'unrecognized_keys'
      ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${truncate(k)}'`).join(', ')}`
      : issue.message;
  throw new SimplaneError('validation', `${truncate(path, 200)}: ${message}`);
}

function truncate(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
