/**
 * Names of the fields of an answer about one record: the field that wraps the record, the child a
 * SOAP answer carries its value in, and the flags that say a delete went through. Names are
 * compared lower case (and squashed where the reader says so).
 */

/** Names an answer gives the field that wraps its record, besides the resource's own word (`{team: ...}`): `{data: ...}`, `{result: ...}`. */
export const WRAPPER_NAMES: readonly string[] = ['data', 'result', 'item', 'record', 'resource', 'entity'];

/**
 * Names of the lone child a SOAP answer carries its value in, besides .NET's `<Operation>Result`:
 * JAX-WS's `return`, and plain `result`.
 */
export const RESULT_CHILD_NAMES: readonly string[] = ['return', 'result'];

/** Boolean fields of a delete's answer that say it went through (`{"deleted": true}`, a SOAP `<success>`). */
export const ACKNOWLEDGING_FIELDS: readonly string[] = ['deleted', 'removed', 'success', 'successful', 'succeeded', 'ok', 'done', 'acknowledged', 'result'];

/**
 * Fields of a computed answer (a search, a prediction, a translation, a batch) holding the list
 * of its results: a Simulation answers at least one there, as the real system does for a
 * request that finds anything.
 */
export const RESULT_LIST_FIELDS: readonly string[] = [
  'results', 'result', 'data', 'items', 'choices', 'predictions', 'matches', 'hits', 'translations', 'embeddings', 'candidates', 'suggestions',
  'records', 'entries', 'rows', 'outputs', 'output', 'detections', 'completions', 'documents', 'values', 'responses',
];
