import { join, resolve, sep } from 'node:path';

/** Object files end so; encoded segments hold no `.`, so no folder can end the same way. */
const OBJECT_SUFFIX = '.blob';

/** Bytes a segment keeps as they are; every other byte is written `%XX`. */
const PLAIN = /^[A-Za-z0-9_-]$/;

/**
 * Where a key's object lives under `root`. The key is split at `/` and each segment is
 * percent-encoded on its own: every UTF-8 byte outside `[A-Za-z0-9_-]` becomes `%XX` (so `.`,
 * `\`, `:` and NUL do too) and an empty segment is a lone `%`, which encoding never makes
 * otherwise. No segment can then be `.` or `..`, hold a separator or a drive letter, or start
 * with the `.` of a temporary file, and distinct keys get distinct paths. The object file adds
 * `.blob`, so `k` and `k/x` live side by side as `k.blob` and the folder `k`.
 */
export function blobPath(root: string, key: string): string {
  const base = resolve(root);
  const segments = key.split('/').map(encodeSegment);
  segments[segments.length - 1] += OBJECT_SUFFIX;
  const path = join(base, ...segments);
  // The encoding already rules out climbing; this keeps the promise if it is ever changed.
  if (!path.startsWith(base + sep)) throw new Error('A blob key mapped outside the store root.');
  return path;
}

/** One key segment as a file or folder name. */
export function encodeSegment(segment: string): string {
  if (segment === '') return '%';
  let name = '';
  for (const byte of Buffer.from(segment, 'utf8')) {
    const char = String.fromCharCode(byte);
    name += PLAIN.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return name;
}

/** True for a temporary file name: encoded segments never start with `.`. */
export function isTemporaryName(name: string): boolean {
  return name.startsWith('.');
}
