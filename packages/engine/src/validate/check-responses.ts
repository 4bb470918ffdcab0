import type { Diagnostics } from '../diagnostics/diagnostics.js';
import type { NormalisedOperation } from '../normalise/model.js';

/** Survivable gaps in responses: the runtime can still answer, but less faithfully. */
export function checkResponses(operations: NormalisedOperation[], diagnostics: Diagnostics): void {
  for (const op of operations) {
    const location = `paths.${op.path}.${op.method.toLowerCase()}.responses`;
    const success = Object.keys(op.responses).filter((s) => /^2/.test(s) || s === 'default');
    if (success.length === 0) {
      diagnostics.warn('response_success_missing', { operation: op.id, location }, 'The operation declares no 2xx or default response; it answers the first response it declares (the lowest of its 3xx, 4xx and 5xx), or, declaring none, as its behaviour implies, unchecked: a create 201 with the record, a read, list or update 200 with what it holds, anything else 200 with no body.');
      continue;
    }
    const first = op.responses[success[0] as string];
    const media = Object.entries(first?.content ?? {});
    if (op.method === 'GET' && media.length > 0 && media.every(([, entry]) => entry.schema === null && entry.examples.length === 0)) {
      diagnostics.warn('response_schema_missing', { operation: op.id, location: `${location}.${success[0]}` }, 'The success response has no schema or example; a generic value is returned.');
    }
  }
}
