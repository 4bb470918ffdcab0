import type { AnswerArray, ArtifactOperation, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import { squash } from '../infer/naming.js';
import { isObject } from '../json.js';
import { chooseMedia } from '../runtime/answers/conform.js';
import { declaredSuccess } from '../runtime/answers/respond.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';
import { RESULT_LIST_FIELDS } from '../vocabulary/answers.js';

const RESULTS: ReadonlySet<string> = new Set(RESULT_LIST_FIELDS);
/** Behaviours whose answers may be computed from the schema. */
const COMPUTED: ReadonlySet<string> = new Set(['static', 'action']);

/**
 * The arrays a computed answer (a static read, an action, a create whose records nothing reads
 * back) fills (ArtifactOperation.answerArrays): an answer that is itself
 * a list; a field named as the answer's results (`results`, `choices`, `predictions`,
 * `translations`), at its top or inside one object field (`{"data": {"items": [...]}}`); any
 * array asking for `minItems`. Each holds at least one item, or its `minItems`.
 */
export function planAnswerArrays(registry: SchemaRegistry, op: ArtifactOperation, resource: ArtifactResource | undefined): AnswerArray[] {
  // A create whose records nothing reads back (no id, no item path: OpenAI's `POST /embeddings`) computes its answer too.
  const unread = op.behaviour === 'create' && resource !== undefined && resource.idField === null && resource.itemPath === null;
  if (!COMPUTED.has(op.behaviour) && !unread) return [];
  const schema = chooseMedia(declaredSuccess(op, 200).response)?.[1].schema ?? null;
  if (schema === null) return [];
  const rootArray = arrayMin(registry, schema, true);
  if (rootArray !== null) return [{ path: [], min: rootArray }];
  const out: AnswerArray[] = [];
  const visit = (at: JsonSchema, path: string[]) => {
    for (const [field, sub] of Object.entries(objectView(registry, at).properties)) {
      const min = arrayMin(registry, sub, RESULTS.has(squash(field)));
      if (min !== null) out.push({ path: [...path, field], min });
      else if (path.length === 0 && schemaTypes(registry, sub)?.includes('object') === true) visit(sub, [field]);
    }
  };
  visit(schema, []);
  return out;
}

/** The least number of items an array schema holds in a computed answer; null where it is no array or need hold none. */
function arrayMin(registry: SchemaRegistry, schema: JsonSchema, results: boolean): number | null {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved) || schemaTypes(registry, schema)?.includes('array') !== true) return null;
  const min = typeof resolved.minItems === 'number' ? resolved.minItems : 0;
  const max = typeof resolved.maxItems === 'number' ? resolved.maxItems : Infinity;
  if (max < 1 || (!results && min < 1)) return null;
  return Math.min(Math.max(min, 1), max, 100);
}
