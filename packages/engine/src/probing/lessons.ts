import { isObject, type Json, type JsonObject } from '../json.js';

/**
 * What a build learned from the real system, apart from the artifact it went into: kept beside
 * the artifact (`BuildSuccess.lessons`) so an incremental build that names no Credential applies
 * its parent's lessons to the artifact its Overlay changed (probing/learn.ts applyLessons).
 * Lists rather than maps, so no name a real system chose becomes an object key.
 */
export interface Lessons {
  /** Per resource, the real records that fitted its schema and the operation that answered them. */
  records: Array<{ resource: string; operation: string; records: JsonObject[] }>;
  /** Per operation of no resource, the real answer that fitted the document. */
  examples: Array<{ operation: string; value: Json }>;
  /** The real system's answer to a read of a record that does not exist, and the read asked. */
  notFound: { operation: string; body: Json } | null;
}

const FORMAT = 'simplane-lessons';
const VERSION = 1;

export function hasLessons(lessons: Lessons): boolean {
  return lessons.records.length > 0 || lessons.examples.length > 0 || lessons.notFound !== null;
}

export function encodeLessons(lessons: Lessons): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ format: FORMAT, version: VERSION, ...lessons }));
}

/** Lessons read back; null for bytes that are not lessons this engine wrote (nothing is guessed from them). */
export function decodeLessons(bytes: Uint8Array): Lessons | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!isObject(value as Json) || !isLessons(value)) return null;
  return { records: value.records, examples: value.examples, notFound: value.notFound };
}

function isLessons(value: unknown): value is Lessons & { format: string; version: number } {
  const v = value as Partial<Lessons> & { format?: unknown; version?: unknown };
  return (
    v.format === FORMAT &&
    v.version === VERSION &&
    Array.isArray(v.records) &&
    v.records.every((r) => typeof r.resource === 'string' && typeof r.operation === 'string' && Array.isArray(r.records) && r.records.every((record) => isObject(record))) &&
    Array.isArray(v.examples) &&
    v.examples.every((e) => typeof e.operation === 'string' && e.value !== undefined) &&
    (v.notFound === null || (isObject(v.notFound as Json) && typeof v.notFound?.operation === 'string'))
  );
}
