import type { MediaTypeEntry, NamedExample } from '../artifact/artifact.js';
import { entries, field, isObject, type Json, type JsonObject, setOwn } from '../json.js';
import type { NormaliseContext } from './context.js';
import { resolveObject } from './resolve-ref.js';

/** Examples of a 3.x media type, header or parameter: `example`, then each of `examples`. */
export function examplesOf(holder: JsonObject, location: string, context: NormaliseContext, operation: string): NamedExample[] {
  const out: NamedExample[] = [];
  if (Object.hasOwn(holder, 'example')) out.push({ name: 'example', value: holder['example'] as Json });
  for (const [name, raw] of entries(holder['examples'])) {
    const example = resolveObject(raw, `${location}.examples.${name}`, { ...context, operation });
    if (!example) continue;
    if (Object.hasOwn(example, 'value')) out.push({ name, value: example['value'] as Json });
    else if (typeof example['externalValue'] === 'string') {
      context.diagnostics.warn('example_external_ignored', { operation, location: `${location}.examples.${name}` }, `The example ${name} lives at ${example['externalValue']}, which is not fetched.`);
    }
  }
  return out;
}

/** A 3.x `content` map: media type → converted schema and examples. */
export function normaliseContent(content: Json | undefined, location: string, context: NormaliseContext, operation: string): Record<string, MediaTypeEntry> {
  const out: Record<string, MediaTypeEntry> = {};
  for (const [mediaType, raw] of entries(content)) {
    if (!isObject(raw)) continue;
    const at = `${location}.content.${mediaType}`;
    const schema = field(raw, 'schema');
    setOwn(out, mediaType, { schema: schema === undefined ? null : context.schemas.convert(schema, `${at}.schema`), examples: examplesOf(raw, at, context, operation) });
  }
  return out;
}
