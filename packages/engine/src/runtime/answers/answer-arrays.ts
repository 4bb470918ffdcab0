import type { AnswerArray, JsonSchema } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json } from '../../json.js';
import { generateValue, type GenerateContext } from '../values/generate-value.js';
import { itemsOf, objectView } from '../schemas/schema-view.js';

/**
 * A computed answer whose result lists hold items (ArtifactOperation.answerArrays): each list the
 * plan names that is missing or short gets items generated from its item schema. An answer the
 * filled lists would make invalid is answered as it was.
 */
export function withAnswerArrays(body: Json, schema: JsonSchema | null, arrays: readonly AnswerArray[] | undefined, ctx: GenerateContext): Json {
  if (arrays === undefined || arrays.length === 0 || schema === null) return body;
  let out = body;
  for (const { path, min } of arrays) out = filled(out, schema, path, min, ctx);
  return out === body || ctx.registry.validate(schema, out).ok ? out : body;
}

/** `value` with the array at `path` (its schema found the same way) holding at least `min` items. */
function filled(value: Json, schema: JsonSchema, path: readonly string[], min: number, ctx: GenerateContext): Json {
  if (path.length === 0) {
    const items = Array.isArray(value) ? value : [];
    if (items.length >= min) return value;
    const itemSchema = itemsOf(ctx.registry, schema);
    const out = [...items];
    while (out.length < min) out.push(generateValue(itemSchema, ctx));
    return out;
  }
  if (!isObject(value)) return value;
  const [field, ...rest] = path as [string, ...string[]];
  const fieldSchema = objectView(ctx.registry, schema).properties[field];
  if (fieldSchema === undefined) return value;
  // A list the answer leaves out is added, and so is an object holding one (`{"data": {"translations": [...]}}`).
  const inner = Object.hasOwn(value, field) ? value[field]! : rest.length === 0 ? [] : generateValue(fieldSchema, ctx);
  const next = filled(inner, fieldSchema, rest, min, ctx);
  if (next === inner && Object.hasOwn(value, field)) return value;
  const copy = copyOwn(value);
  setOwn(copy, field, next);
  return copy;
}
