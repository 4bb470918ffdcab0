import { createHmac, timingSafeEqual } from 'node:crypto';
import { SimplaneError } from '../errors/simplane-error.js';

/** Where a page ends, in the collection's sort order: newest first by (created_at, id). */
export interface CursorPosition {
  createdAt: string;
  id: string;
}

const MAX_CURSOR_LENGTH = 1024;
const TAG_BYTES = 16;

/**
 * Opaque, tamper-evident cursors. The payload is signed together with a scope (collection,
 * workspace and filters), so a cursor edited by hand or replayed against another collection
 * or workspace answers 400 `bad_request` instead of leaking or skipping records.
 */
export class CursorCodec {
  constructor(private readonly key: Uint8Array) {
    if (key.byteLength < 16) throw new Error('cursor key must be at least 16 bytes');
  }

  encode(scope: string, position: CursorPosition): string {
    const payload = Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
    return `${payload}.${this.sign(scope, payload)}`;
  }

  decode(scope: string, cursor: string): CursorPosition {
    const invalid = () => new SimplaneError('bad_request', 'cursor: not a cursor from this collection');
    if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) throw invalid();
    const [payload, tag, extra] = cursor.split('.');
    if (payload === undefined || tag === undefined || extra !== undefined) throw invalid();
    const expected = Buffer.from(this.sign(scope, payload));
    const given = Buffer.from(tag);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((v) => typeof v === 'string')) {
      throw invalid();
    }
    return { createdAt: parsed[0] as string, id: parsed[1] as string };
  }

  private sign(scope: string, payload: string): string {
    return createHmac('sha256', this.key).update(scope).update('\n').update(payload).digest().subarray(0, TAG_BYTES).toString('base64url');
  }
}

/** Compares records in page order: newest first, ties broken by ID descending. */
export function comparePageOrder(a: CursorPosition, b: CursorPosition): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.id !== b.id) return a.id < b.id ? 1 : -1;
  return 0;
}

/** True when `item` comes strictly after `cursor` in page order. */
export function isAfter(item: CursorPosition, cursor: CursorPosition): boolean {
  return comparePageOrder(item, cursor) > 0;
}
