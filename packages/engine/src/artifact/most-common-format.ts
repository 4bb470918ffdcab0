import type { ErrorFormat } from './artifact.js';
import { stableStringify } from './serialise.js';

/**
 * The error format that occurs most often among `formats` (the same media type and schema,
 * compared by their canonical text), on a tie the one seen first; null for none. A document's usual
 * error answer for a status is chosen this way at build time, and for a class of statuses at run
 * time.
 */
export function mostCommonFormat(formats: Iterable<ErrorFormat>): ErrorFormat | null {
  const counts = new Map<string, { format: ErrorFormat; count: number }>();
  for (const format of formats) {
    const key = `${format.mediaType} ${stableStringify(format.schema)}`;
    const seen = counts.get(key) ?? { format, count: 0 };
    seen.count += 1;
    counts.set(key, seen);
  }
  let best: { format: ErrorFormat; count: number } | null = null;
  for (const candidate of counts.values()) if (best === null || candidate.count > best.count) best = candidate;
  return best?.format ?? null;
}
