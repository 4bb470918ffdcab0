import { createHash } from 'node:crypto';
import type { IdKind } from '@simplane/core';
import { ID_PREFIX } from '@simplane/core';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID-shaped ID derived from names, so an organization or workspace declared in the config
 * file keeps its ID across restarts and processes without storing anything.
 */
export function stableId(kind: IdKind, ...names: string[]): string {
  const digest = createHash('sha256').update(names.join('\u0000')).digest();
  let out = CROCKFORD[digest[0]! % 8]!; // a ULID's first character is at most 7
  for (let i = 1; i < 26; i += 1) out += CROCKFORD[digest[i]! % 32]!;
  return `${ID_PREFIX[kind]}_${out}`;
}
