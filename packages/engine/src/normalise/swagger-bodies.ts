import type { ArtifactRequestBody, FormFieldEncoding, MediaTypeEntry } from '../artifact/artifact.js';
import { arrayField, entries, type Json, type JsonObject, setOwn, stringField } from '../json.js';
import type { NormaliseContext } from './context.js';
import type { RawOperation } from './operations.js';
import { declaredParameters } from './parameters.js';

function mediaTypes(raw: RawOperation, context: NormaliseContext, key: 'consumes' | 'produces'): string[] {
  const list = arrayField(raw.operation, key) ?? arrayField(context.root, key) ?? [];
  const strings = list.filter((m): m is string => typeof m === 'string');
  return strings.length > 0 ? strings : ['application/json'];
}

/** OpenAPI 2.0's collectionFormat: the text between an array's items; `multi` repeats the field instead. */
const COLLECTION_DELIMITERS: Record<string, string> = { csv: ',', ssv: ' ', tsv: '\t', pipes: '|' };

/**
 * OpenAPI 2.0 request bodies: a `body` parameter under each consumed media type, or the
 * `formData` parameters as one object schema (multipart when a file is among them).
 */
export function swaggerRequestBody(raw: RawOperation, context: NormaliseContext): ArtifactRequestBody | null {
  const parameters = [...declaredParameters(raw, context).values()];
  const body = parameters.find(({ parameter }) => parameter['in'] === 'body');
  if (body) {
    const schema = context.schemas.convert(body.parameter['schema'] ?? {}, `${body.location}.schema`);
    const content: Record<string, MediaTypeEntry> = {};
    for (const mediaType of mediaTypes(raw, context, 'consumes')) setOwn(content, mediaType, { schema, examples: [] });
    return { required: body.parameter['required'] === true, content };
  }
  const form = parameters.filter(({ parameter }) => parameter['in'] === 'formData');
  if (form.length === 0) return null;
  const properties: JsonObject = {};
  const required: string[] = [];
  const encoding: Record<string, FormFieldEncoding> = {};
  for (const { parameter, location } of form) {
    const name = stringField(parameter, 'name') as string;
    const { name: _n, in: _i, required: isRequired, description, collectionFormat, allowEmptyValue, ...schema } = parameter;
    setOwn(properties, name, context.schemas.convert(description === undefined ? schema : { ...schema, description }, location));
    if (isRequired === true) required.push(name);
    const field: FormFieldEncoding = {};
    if (typeof allowEmptyValue === 'boolean') field.allowEmptyValue = allowEmptyValue;
    // An array's items travel as one value joined by its collectionFormat (csv unless it says otherwise), or as repeated fields (`multi`).
    const format = typeof collectionFormat === 'string' ? collectionFormat : 'csv';
    const delimiter = schema['type'] === 'array' && Object.hasOwn(COLLECTION_DELIMITERS, format) ? COLLECTION_DELIMITERS[format] : undefined;
    if (delimiter !== undefined) field.delimiter = delimiter;
    if (Object.keys(field).length > 0) setOwn(encoding, name, field);
  }
  const consumes = mediaTypes(raw, context, 'consumes');
  const hasFile = form.some(({ parameter }) => parameter['type'] === 'file');
  const mediaType = hasFile || consumes.includes('multipart/form-data') ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
  const schema: JsonObject = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  return { required: required.length > 0, content: { [mediaType]: { schema, examples: [], ...(Object.keys(encoding).length > 0 ? { encoding } : {}) } } };
}

/** OpenAPI 2.0 responses: one `schema` under each produced media type, examples keyed by type. */
export function swaggerResponse(response: JsonObject, raw: RawOperation, location: string, context: NormaliseContext): Record<string, MediaTypeEntry> {
  const examples = new Map(entries(response['examples']) as [string, Json][]);
  const content: Record<string, MediaTypeEntry> = {};
  if (response['schema'] === undefined && examples.size === 0) return content;
  const schema = response['schema'] === undefined ? null : context.schemas.convert(response['schema'], `${location}.schema`);
  for (const mediaType of mediaTypes(raw, context, 'produces')) {
    const example = examples.get(mediaType);
    setOwn(content, mediaType, { schema, examples: example === undefined ? [] : [{ name: 'example', value: example }] });
  }
  return content;
}
