import type { FormFieldEncoding, MediaTypeEntry, NamedExample } from '../artifact/artifact.js';
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
    const encoding = formEncoding(mediaType, raw['encoding']);
    setOwn(out, mediaType, { schema: schema === undefined ? null : context.schemas.convert(schema, `${at}.schema`), examples: examplesOf(raw, at, context, operation), ...(encoding === null ? {} : { encoding }) });
  }
  return out;
}

/** A form body's `encoding` (3.x), by property: what of it the runtime checks. Null for other bodies or none. */
function formEncoding(mediaType: string, raw: Json | undefined): Record<string, FormFieldEncoding> | null {
  const essence = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (essence !== 'application/x-www-form-urlencoded' && essence !== 'multipart/form-data') return null;
  const out: Record<string, FormFieldEncoding> = {};
  for (const [name, declared] of entries(raw)) {
    if (!isObject(declared)) continue;
    const field: FormFieldEncoding = {};
    if (typeof declared['contentType'] === 'string' && declared['contentType'].trim() !== '') field.contentType = declared['contentType'].trim();
    // OpenAPI ignores allowReserved for multipart bodies, whose parts are not percent-encoded.
    if (typeof declared['allowReserved'] === 'boolean' && essence === 'application/x-www-form-urlencoded') field.allowReserved = declared['allowReserved'];
    const delimiter = styleDelimiter(declared['style'], declared['explode']);
    if (delimiter !== null && essence === 'application/x-www-form-urlencoded') field.delimiter = delimiter;
    if (Object.keys(field).length > 0) setOwn(out, name, field);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** An array's item separator in an unexploded style (`form` explodes unless told not to; the delimited styles do not unless told to). */
function styleDelimiter(style: Json | undefined, explode: Json | undefined): string | null {
  if ((style === undefined || style === 'form') && explode === false) return ',';
  if (style === 'spaceDelimited' && explode !== true) return ' ';
  if (style === 'pipeDelimited' && explode !== true) return '|';
  return null;
}
