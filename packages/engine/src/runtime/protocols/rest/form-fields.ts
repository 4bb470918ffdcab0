import type { FormFieldEncoding, JsonSchema, MediaTypeEntry } from '../../../artifact/artifact.js';
import { setOwn, type Json, type JsonObject } from '../../../json.js';
import { coerce } from '../../checking/coerce.js';
import type { SchemaRegistry } from '../../schemas/schema-registry.js';
import { itemsOf, objectView, schemaTypes } from '../../schemas/schema-view.js';
import { nestedFormFields } from './form-nesting.js';

/** One field of a form body: its name, its text, the text as sent (urlencoded, before decoding) and a part's media type. */
export interface FormField {
  name: string;
  text: string;
  raw?: string;
  mediaType?: string | null;
}

/** A form field the document's `encoding` refuses: what is wrong, and the field. */
export interface FormProblem {
  message: string;
  field: string;
}

/** RFC 3986's reserved characters, as a value may carry them only percent-encoded; `+` is a form's space, `&` and `=` split fields. */
const RESERVED = /[:/?#[\]@!$'()*,;]/;

/**
 * A form's fields as an object, each read as the document's `encoding` says (MediaTypeEntry.encoding):
 * a field that may not be empty or carry reserved characters unencoded is refused, a part of
 * another media type than its field's is refused, a JSON field (its declared type, its part's,
 * or by default a multipart object's) is read as JSON; the rest is coerced by its property's
 * type. A name with brackets that is not a property itself (`metadata[team]`) gives a nested
 * value (form-nesting.ts).
 */
export function formValue(registry: SchemaRegistry, entry: MediaTypeEntry | undefined, multipart: boolean, fields: FormField[]): { value: JsonObject } | { problem: FormProblem } {
  const schema: JsonSchema | null = entry?.schema ?? null;
  const view = objectView(registry, schema);
  const encodings = entry?.encoding ?? {};
  const out: JsonObject = {};
  const nested: [string, string][] = [];
  for (const field of fields) {
    const { name, text } = field;
    if (name.indexOf('[') > 0 && !Object.hasOwn(view.properties, name)) {
      nested.push([name, text]);
      continue;
    }
    const encoding: FormFieldEncoding | undefined = Object.hasOwn(encodings, name) ? encodings[name] : undefined;
    if (text === '' && encoding?.allowEmptyValue === false) return { problem: { message: `the form field ${name} may not be empty`, field: name } };
    if (text === '' && encoding?.allowEmptyValue === true) continue;
    if (encoding?.allowReserved === false && field.raw !== undefined && RESERVED.test(field.raw)) return { problem: { message: `the form field ${name} carries reserved characters unencoded`, field: name } };
    const sub = Object.hasOwn(view.properties, name) ? view.properties[name]! : null;
    if (multipart && encoding?.contentType !== undefined && field.mediaType != null && !mediaMatches(encoding.contentType, field.mediaType)) {
      return { problem: { message: `the part ${name} is ${essenceOf(field.mediaType)}; it must be ${encoding.contentType}`, field: name } };
    }
    const types = schemaTypes(registry, sub);
    if (readsAsJson(encoding, field, multipart, types)) {
      setOwn(out, name, parsedJson(text));
      continue;
    }
    if (types?.includes('array')) {
      const prev = out[name];
      const items = itemsOf(registry, sub);
      // Sent as one value, an array's items are split by its delimiter; repeated, each field is one item.
      const texts = encoding?.delimiter === undefined ? [text] : text === '' ? [] : text.split(encoding.delimiter);
      setOwn(out, name, [...(Array.isArray(prev) ? prev : []), ...texts.map((item) => coerce(registry, items, item))]);
    } else setOwn(out, name, coerce(registry, sub, text));
  }
  if (nested.length > 0) for (const [name, value] of Object.entries(nestedFormFields(registry, view.properties, nested))) setOwn(out, name, value);
  return { value: out };
}

/**
 * Whether a field's text is JSON: its declared media type says so, or its part's does, or (by
 * OpenAPI's default for multipart) its property is an object and no media type is declared.
 * A field whose property is a string keeps its text.
 */
function readsAsJson(encoding: FormFieldEncoding | undefined, field: FormField, multipart: boolean, types: string[] | null): boolean {
  if (types !== null && types.length === 1 && types[0] === 'string') return false;
  if (encoding?.contentType !== undefined) return encoding.contentType.split(',').some((m) => isJsonType(m));
  if (multipart && field.mediaType != null) return isJsonType(field.mediaType);
  return multipart && types !== null && types.includes('object') && !types.includes('string');
}

const isJsonType = (mediaType: string): boolean => {
  const m = essenceOf(mediaType);
  return m === 'application/json' || m.endsWith('+json');
};

/** JSON text as its value; text that is not JSON stays text, for the schema to refuse. */
function parsedJson(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

const essenceOf = (mediaType: string): string => (mediaType.split(';')[0] ?? '').trim().toLowerCase();

/** Whether a part's media type is one of those declared (a comma-separated list, with `type/*` and `*\/*` ranges). */
function mediaMatches(declared: string, sent: string): boolean {
  const got = essenceOf(sent);
  return declared.split(',').some((range) => {
    const want = essenceOf(range);
    return want === got || want === '*/*' || (want.endsWith('/*') && got.startsWith(want.slice(0, -1)));
  });
}
