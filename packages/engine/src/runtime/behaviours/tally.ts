import type { ArtifactOperation, ArtifactResource } from '../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import type { Exchange } from './exchange.js';
import type { RuntimeModel } from '../model.js';
import { answer, chooseSuccess } from '../answers/respond.js';

/** A count of a collection's records by the value of one of their enumerated fields. */
export interface Tally {
  resource: ArtifactResource;
  field: string;
  values: string[];
}

/** The tally a read-only operation answers (ArtifactOperation.tally), or null. */
export function tallyFor(model: RuntimeModel, operation: ArtifactOperation): Tally | null {
  const tally = operation.tally;
  const resource = tally === undefined ? undefined : model.resources.get(tally.resource);
  return tally === undefined || resource === undefined ? null : { resource, field: tally.field, values: tally.values };
}

/**
 * Answers the tally from state: every enumerated value with its count (0 when no record holds
 * it), in the document's order, then any other value records hold.
 */
export function answerTally(ex: Exchange, tally: Tally) {
  const counts: JsonObject = {};
  for (const value of tally.values) setOwn(counts, value, 0);
  for (const [, record] of ex.state.entries(tally.resource.name)) {
    const value = isObject(record) ? record[tally.field] : undefined;
    if (typeof value !== 'string') continue;
    setOwn(counts, value, ((Object.hasOwn(counts, value) ? counts[value] : 0) as number) + 1);
  }
  return answer(chooseSuccess(ex.operation, 200), counts as Json, ex.gen);
}
