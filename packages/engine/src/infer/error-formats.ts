import type { ArtifactOperation, ErrorFormat } from '../artifact/artifact.js';
import { mostCommonFormat } from '../artifact/most-common-format.js';
import { setOwn } from '../json.js';
import { withErrorExamples } from './error-examples.js';
import type { SchemaLookup } from './schema-lookup.js';

/**
 * The error answers the document declares, per status (4xx, 5xx, ranges and default): the most
 * common media type and schema wins, so the runtime can answer a 404 or 422 of its own in the
 * API's format rather than a generic one; each with the document's example of it, where it gives one.
 */
export function errorFormats(operations: ArtifactOperation[], lookup: SchemaLookup): Record<string, ErrorFormat> {
  const declared = new Map<string, ErrorFormat[]>();
  for (const op of operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      if (!/^[45]/.test(status) && status !== 'default') continue;
      const first = Object.entries(response.content).find(([, entry]) => entry.schema !== null);
      if (first === undefined) continue;
      const forStatus = declared.get(status) ?? [];
      forStatus.push({ mediaType: first[0], schema: first[1].schema });
      declared.set(status, forStatus);
    }
  }
  const out: Record<string, ErrorFormat> = {};
  for (const [status, formats] of declared) setOwn(out, status, mostCommonFormat(formats)!);
  return withErrorExamples(out, operations, lookup);
}
