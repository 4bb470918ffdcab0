import type { ArtifactOperation, ErrorFormat } from '../artifact/artifact.js';
import { stableStringify } from '../artifact/serialise.js';
import { setOwn } from '../json.js';

/**
 * The error answers the document declares, per status (4xx, 5xx, ranges and default): the most
 * common media type and schema wins, so the runtime can answer a 404 or 422 of its own in the
 * API's format rather than a generic one.
 */
export function errorFormats(operations: ArtifactOperation[]): Record<string, ErrorFormat> {
  const counts = new Map<string, Map<string, { format: ErrorFormat; count: number }>>();
  for (const op of operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      if (!/^[45]/.test(status) && status !== 'default') continue;
      for (const [mediaType, entry] of Object.entries(response.content)) {
        if (entry.schema === null) continue;
        const key = `${mediaType} ${stableStringify(entry.schema)}`;
        const forStatus = counts.get(status) ?? new Map<string, { format: ErrorFormat; count: number }>();
        const seen = forStatus.get(key) ?? { format: { mediaType, schema: entry.schema }, count: 0 };
        seen.count += 1;
        forStatus.set(key, seen);
        counts.set(status, forStatus);
        break;
      }
    }
  }
  const out: Record<string, ErrorFormat> = {};
  for (const [status, forStatus] of counts) {
    let best: { format: ErrorFormat; count: number } | undefined;
    for (const candidate of forStatus.values()) if (!best || candidate.count > best.count) best = candidate;
    if (best) setOwn(out, status, best.format);
  }
  return out;
}
