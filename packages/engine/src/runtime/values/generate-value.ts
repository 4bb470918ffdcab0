import { isAnnotation } from '../../annotations.js';
import type { JsonSchema } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { compilePattern, patternEnforced } from '../../safe-pattern.js';
import type { GenerateContext } from './generate-context.js';
import { hintedValue, liveFlag, Persona, type Surroundings } from './hinted-values.js';
import { patternStringWithin } from './pattern-string.js';
import type { Random } from './random.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';

/** `$ref` hops below which optional properties and array items are still generated. */
const DEPTH_CAP = 4;
/**
 * Levels of nesting (properties, items, map values) below which optional parts are still
 * generated. `$ref` hops alone do not bound a value: a recursive schema whose references sit in
 * `allOf` wrappers (`{allOf: [{$ref}, {description}]}`, as converted AWS documents write every
 * property) is resolved without a hop being counted.
 */
const NEST_CAP = 12;
/** Levels past which only a placeholder is generated: a schema that requires itself has no finite value. */
const NEST_MAX = 48;
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const WORDS = ['alpha', 'bravo', 'cedar', 'delta', 'ember', 'fable', 'grove', 'harbor', 'iris', 'juniper', 'kite', 'lumen'];
/** Short texts tried, in order, against a pattern no draw satisfied: values, never compared with a name. */
const PATTERN_PROBES = ['a', 'A1', '0', 'abc', 'value', 'ABC'];

export type { GenerateContext } from './generate-context.js';

/**
 * A deterministic value for a JSON Schema 2020-12 schema. The result is checked against the
 * schema; when a first attempt fails (an unusual combination of keywords), a minimal attempt
 * (required properties only, no optional ones) is tried before answering the best effort.
 */
export function generateValue(schema: JsonSchema | null | undefined, context: GenerateContext): Json {
  if (schema === null || schema === undefined) return null;
  const first = generate(schema, context, 0, false);
  if (context.registry.validate(schema, first).ok) return first;
  const minimal = generate(schema, context, 0, true);
  return context.registry.validate(schema, minimal).ok ? minimal : first;
}

function generate(schema: JsonSchema, ctx: GenerateContext, depth: number, minimal: boolean, nest = 0): Json {
  if (schema === true || schema === false || depth + nest > NEST_MAX) return 'value';
  if (nest > NEST_CAP) minimal = true;
  if (typeof schema.$ref === 'string') {
    const resolved = ctx.registry.resolve(schema);
    return resolved === null ? null : generate(resolved, ctx, depth + 1, minimal || depth + 1 > DEPTH_CAP, nest);
  }
  if (Object.hasOwn(schema, 'const')) return schema.const as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const nonNull = schema.enum.filter((v) => v !== null);
    return ctx.random.pick(nonNull.length > 0 ? nonNull : schema.enum);
  }
  const example = usableExample(schema, ctx);
  if (example !== undefined) return example;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return pickBranch(schema, branches as JsonSchema[], ctx, depth, minimal, nest);
  }
  const sole = soleAllOfPart(schema);
  if (sole !== null) return generate(sole, ctx, depth, minimal, nest);
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0 && !isObject(schema.properties)) {
    const types = schemaTypes(ctx.registry, schema);
    if (types?.includes('object') || types === null) return generateObject(schema, ctx, depth, minimal, nest);
    // A scalar all of whose parts must hold (a problem `type` that is any string in one part and
    // an enum in another): the first part's value that meets them all.
    for (const part of schema.allOf as JsonSchema[]) {
      const value = generate(part, ctx, depth, minimal, nest);
      if (ctx.registry.validate(schema, value).ok) return value;
    }
    return generate(schema.allOf[0] as JsonSchema, ctx, depth, minimal, nest);
  }
  const types = schemaTypes(ctx.registry, schema) ?? ['string'];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object':
      return generateObject(schema, ctx, depth, minimal, nest);
    case 'array':
      return generateArray(schema, ctx, depth, minimal, nest);
    case 'integer':
    case 'number':
      return generateNumber(schema, type, ctx);
    case 'boolean':
      return ctx.random.next() < 0.5;
    case 'null':
      return null;
    default:
      return generateString(schema, ctx);
  }
}

const annotationOnly = (schema: JsonSchema): boolean => isObject(schema) && Object.keys(schema).every(isAnnotation);

/**
 * The one part of an `allOf` wrapper that constrains anything (`{allOf: [{$ref: Map},
 * {description}]}`, as converted AWS documents write every property), or null. The part is
 * generated as itself, so what it says of maps and property counts (`minProperties`,
 * `additionalProperties`) is not lost in the wrapper.
 */
function soleAllOfPart(schema: JsonObject): JsonSchema | null {
  if (!Array.isArray(schema.allOf)) return null;
  for (const key of Object.keys(schema)) if (key !== 'allOf' && !isAnnotation(key)) return null;
  const parts = (schema.allOf as JsonSchema[]).filter((part) => !annotationOnly(part));
  return parts.length === 1 ? (parts[0] as JsonSchema) : null;
}

/**
 * One of the schema's examples that validates: the only one, or a seeded pick among several, so
 * records generated from a schema that lists several examples do not all repeat the first.
 */
function usableExample(schema: JsonObject, ctx: GenerateContext): Json | undefined {
  const examples = schema.examples;
  if (!Array.isArray(examples) || examples.length === 0) return undefined;
  const valid = (examples as Json[]).filter((e) => ctx.registry.validate(schema, e).ok);
  return valid.length <= 1 ? valid[0] : ctx.random.pick(valid);
}

function pickBranch(schema: JsonObject, branches: JsonSchema[], ctx: GenerateContext, depth: number, minimal: boolean, nest: number): Json {
  const { oneOf: _o, anyOf: _a, ...rest } = schema;
  for (const branch of branches) {
    const merged: JsonSchema = Object.keys(rest).length > 0 ? { allOf: [rest, branch] } : branch;
    const value = tagged(schema, branch, generate(merged, ctx, depth, minimal, nest));
    if (ctx.registry.validate(schema, value).ok) return value;
  }
  return generate(branches[0] as JsonSchema, ctx, depth, minimal, nest);
}

/** Sets an OpenAPI discriminator's property to the mapping key naming the chosen branch. */
function tagged(schema: JsonObject, branch: JsonSchema, value: Json): Json {
  const discriminator = schema.discriminator;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string' || !isObject(value) || !isObject(branch)) return value;
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  const tag = Object.entries(mapping).find(([, ref]) => ref === branch.$ref)?.[0] ?? (typeof branch.$ref === 'string' ? branch.$ref.split('/').pop() : undefined);
  if (tag === undefined) return value;
  const out = copyOwn(value);
  setOwn(out, discriminator.propertyName, tag);
  return out;
}

/**
 * A value for a property of an object: as `generateValue`, but as its value hint says (a live
 * flag is false, a city is a city: hinted-values.ts), in agreement with what the object already
 * holds (`values`, its declared `properties`): an e-mail made for a contact named Jane Roe is
 * Jane Roe's.
 */
export function generateProperty(schema: JsonSchema, context: GenerateContext, values?: Record<string, unknown>, properties?: Record<string, unknown>): Json {
  const around = values === undefined ? undefined : { properties: properties ?? {}, persona: Persona.of(values, properties ?? {}) };
  return liveFlag(schema, context) ?? hintedValue(schema, context, around) ?? generateValue(schema, context);
}

function generateObject(schema: JsonObject, ctx: GenerateContext, depth: number, minimal: boolean, nest: number): Json {
  const view = objectView(ctx.registry, schema);
  const out: JsonObject = {};
  const around: Surroundings = { properties: view.properties, persona: new Persona() };
  for (const [name, sub] of Object.entries(view.properties)) {
    const required = view.required.includes(name);
    if (!required && (minimal || depth >= DEPTH_CAP || ctx.random.next() < 0.25)) continue;
    if (!required && isObject(sub) && sub.writeOnly === true) continue;
    setOwn(out, name, liveFlag(sub, ctx) ?? hintedValue(sub, ctx, around) ?? generate(sub, ctx, depth, minimal, nest + 1));
  }
  for (const name of view.required) if (!Object.hasOwn(out, name)) setOwn(out, name, 'value');
  if (Object.keys(view.properties).length === 0 && !minimal && depth < DEPTH_CAP) addMapEntries(schema, out, ctx, depth, nest);
  if (typeof schema.minProperties === 'number') topUp(schema, view.properties, out, ctx, depth, nest);
  return out;
}

/**
 * Meets `minProperties` (an `info: {type: object, minProperties: 1}` is otherwise `{}`): first
 * with declared properties left out, then with word-keyed extra ones unless they are forbidden.
 */
function topUp(schema: JsonObject, properties: Record<string, JsonSchema>, out: JsonObject, ctx: GenerateContext, depth: number, nest: number): void {
  const wanted = Math.min(schema.minProperties as number, 64);
  let count = Object.keys(out).length;
  for (const [name, sub] of Object.entries(properties)) {
    if (count >= wanted) return;
    if (Object.hasOwn(out, name)) continue;
    setOwn(out, name, generate(sub, ctx, depth, true, nest + 1));
    count += 1;
  }
  const values = schema.additionalProperties;
  if (values === false) return;
  for (let i = 0; count < wanted; i += 1) {
    const key = wordKey(i);
    if (Object.hasOwn(out, key)) continue;
    setOwn(out, key, isObject(values) ? generate(values as JsonSchema, ctx, depth + 1, true, nest + 1) : 'value');
    count += 1;
  }
}

/**
 * A map (no named properties, `additionalProperties` a schema: counts by status, labels by
 * name) gets one to three entries, or as many as `minProperties` asks, keyed by distinct words:
 * an always-empty map tells a client nothing about its values. A schema whose keys must match
 * `propertyNames` falls back to the minimal attempt.
 */
function addMapEntries(schema: JsonObject, out: JsonObject, ctx: GenerateContext, depth: number, nest: number): void {
  const values = schema.additionalProperties;
  if (!isObject(values)) return;
  const min = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const max = Math.min(typeof schema.maxProperties === 'number' ? schema.maxProperties : min + 3, min + 3);
  const count = ctx.random.int(Math.min(Math.max(min, 1), max), max);
  const first = ctx.random.int(0, WORDS.length - 1);
  for (let i = 0; i < count; i += 1) setOwn(out, wordKey(i, first), generate(values as JsonSchema, ctx, depth + 1, false, nest + 1));
}

/** The `i`th distinct word key from the word at `first`: `cedar`, `delta`, ... then `cedar1`. */
function wordKey(i: number, first = 0): string {
  const word = WORDS[(first + i) % WORDS.length]!;
  return i < WORDS.length ? word : `${word}${Math.floor(i / WORDS.length)}`;
}

function generateArray(schema: JsonObject, ctx: GenerateContext, depth: number, minimal: boolean, nest: number): Json {
  const items = (schema.items ?? true) as JsonSchema;
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : min + 2;
  const count = minimal || depth >= DEPTH_CAP ? min : ctx.random.int(Math.min(Math.max(min, 1), max), Math.min(max, Math.max(min, 1) + 1));
  const out: Json[] = [];
  for (let i = 0; i < count; i += 1) out.push(generate(items, ctx, depth, minimal, nest + 1));
  if (schema.uniqueItems === true) return [...new Map(out.map((v) => [JSON.stringify(v), v])).values()].length === out.length ? out : out.slice(0, min);
  return out;
}

function generateNumber(schema: JsonObject, type: string, ctx: GenerateContext): number {
  let min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const step = type === 'integer' ? 1 : 0.01;
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, schema.exclusiveMinimum + step);
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, schema.exclusiveMaximum - step);
  if (min === -Infinity) min = max === Infinity ? 1 : Math.min(1, max - 100);
  if (max === Infinity) max = min + 1000;
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : null;
  if (multipleOf !== null) {
    const lo = Math.ceil(min / multipleOf);
    const hi = Math.floor(max / multipleOf);
    return (hi >= lo ? ctx.random.int(lo, Math.min(hi, lo + 1000)) : lo) * multipleOf;
  }
  if (type === 'integer') return ctx.random.int(Math.ceil(min), Math.floor(max));
  return Math.round((min + ctx.random.next() * (max - min)) * 100) / 100;
}

function generateString(schema: JsonObject, ctx: GenerateContext): string {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 24);
  const formatted = formatValue(typeof schema.format === 'string' ? schema.format : '', ctx);
  if (typeof schema.pattern === 'string' && patternEnforced(schema.pattern)) {
    const pattern = compilePattern(schema.pattern);
    // The pattern's own length wins over the default cap (`[0-9a-z]{32}`); a declared maxLength does not.
    const fits = (value: string) => value.length >= minLength && (typeof schema.maxLength !== 'number' || value.length <= schema.maxLength);
    // A format's own value comes first where the pattern takes it (an email that the pattern
    // allows); a pattern draw must then pass the format too (`.+@.+` draws "I@D6M\nOMgY").
    if (formatted !== null && fits(formatted) && pattern.test(formatted)) return formatted;
    // Too short for minLength (`arn:.*` with minLength 20) or too long for maxLength (`.*<uuid>.*`
    // with maxLength 36), a draw is made again with longer or fewer repetitions.
    const fromPattern = patternStringWithin(schema.pattern, ctx.random, minLength, typeof schema.maxLength === 'number' ? schema.maxLength : Infinity);
    if (fromPattern !== null && (formatted === null || ctx.registry.validate(schema, fromPattern).ok)) return fromPattern;
    for (const candidate of PATTERN_PROBES) if (fits(candidate) && pattern.test(candidate)) return candidate;
  }
  if (formatted !== null) return formatted;
  let text = `${ctx.random.pick(WORDS)}-${ctx.random.chars(4, ALNUM)}`;
  if (text.length < minLength) text += ctx.random.chars(minLength - text.length, ALNUM);
  return text.slice(0, maxLength);
}

function formatValue(format: string, ctx: GenerateContext): string | null {
  const r = ctx.random;
  const past = new Date(ctx.now.getTime() - r.int(0, 90 * 24 * 3600) * 1000);
  switch (format) {
    case 'date-time':
    case 'iso-date-time':
      return past.toISOString();
    case 'date':
      return past.toISOString().slice(0, 10);
    case 'time':
    case 'iso-time':
      return past.toISOString().slice(11, 19) + 'Z';
    case 'duration':
      return r.next() < 0.5 ? `P${r.int(1, 30)}D` : `PT${r.int(1, 59)}M`;
    case 'uuid':
      return uuidFrom(r);
    case 'email':
    case 'idn-email':
      return `${r.pick(WORDS)}.${r.chars(4, ALNUM)}@example.com`;
    case 'uri-template':
      return `https://example.com/${r.pick(WORDS)}/{id}`;
    case 'json-pointer':
      return `/${r.pick(WORDS)}/${r.int(0, 9)}`;
    case 'relative-json-pointer':
      return `${r.int(0, 3)}/${r.pick(WORDS)}`;
    case 'regex':
      return `^${r.pick(WORDS)}-[a-z0-9]+$`;
    case 'uri':
    case 'url':
    case 'iri':
      return `https://example.com/${r.pick(WORDS)}/${r.chars(6, ALNUM)}`;
    case 'uri-reference':
      return `/${r.pick(WORDS)}/${r.chars(6, ALNUM)}`;
    case 'hostname':
    case 'idn-hostname':
      return `${r.pick(WORDS)}.example.com`;
    case 'ipv4':
      return `192.0.2.${r.int(1, 254)}`;
    case 'ipv6':
      return `2001:db8::${r.int(1, 9999)}`;
    case 'int64':
    case 'int32':
      return String(r.int(1, 1_000_000));
    case 'byte':
      return Buffer.from(r.chars(6, ALNUM)).toString('base64');
    default:
      return null;
  }
}

/** A version-4-shaped UUID from the stream. */
export function uuidFrom(r: Random): string {
  const hex = r.chars(32, HEX);
  const variant = '89ab'[r.int(0, 3)] as string;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
