import { isAnnotation } from '../annotations.js';
import type { JsonSchema } from '../artifact/artifact.js';
import { ANNOTATION_FORMATS, SCHEMA_MAPS } from '../artifact/json-schema.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { entries, isObject, type Json, type JsonObject, objectField, setOwn } from '../json.js';
import type { OpenApiFamily } from '../parse/detect-kind.js';
import { pointerSegment, refPath, resolvePointer } from './pointer.js';
import { applyLegacyKeywords } from './legacy-keywords.js';
import { dropMistypedKeywords } from './schema-keywords.js';
import { patternSupport } from '../safe-pattern.js';

const SINGLE = new Set(['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema', 'additionalProperties']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Presentation-only or resolution-changing keys left out of the artifact. */
const DROPPED = new Set(['xml', 'externalDocs', '$schema', '$id', '$comment', 'nullable', 'x-nullable']);
/** Extensions the compiler reads from the finished schemas; ajv and answers ignore them. */
const KEPT_EXTENSIONS = new Set(['x-simplane-lifecycle', 'x-simplane-behaviour', 'x-simplane-value', 'x-simplane-error']);
const KNOWN_FORMATS = new Set([
  ...ANNOTATION_FORMATS,
  'int8', 'int16', 'uint8', 'uint16', 'uint32', 'uint64', 'decimal', 'char',
  'date', 'date-time', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6',
  'uri', 'url', 'uri-reference', 'iri', 'iri-reference', 'uri-template', 'uuid', 'json-pointer', 'relative-json-pointer', 'regex',
]);

/**
 * Converts OpenAPI schemas (2.0, 3.0, 3.1) to JSON Schema 2020-12 for the artifact. Component
 * schemas keep their names under `schemas` and every `$ref` is rewritten to `#/schemas/<Name>`,
 * so recursive schemas stay finite. A `$ref` to a schema elsewhere in the document (inside a
 * path, a parameter...) is hoisted once under a generated name. Recursion here follows the
 * document's own nesting only, which parsing has bounded.
 */
export class SchemaConverter {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly hoisted = new Map<string, string>();
  private readonly pending: { name: string; path: string[] }[] = [];
  private readonly warnedFormats = new Set<string>();
  private readonly warnedPatterns = new Set<string>();
  private readonly componentBase: string[];

  constructor(
    private readonly root: JsonObject,
    private readonly family: OpenApiFamily,
    private readonly diagnostics: Diagnostics,
  ) {
    this.componentBase = family === '2.0' ? ['definitions'] : ['components', 'schemas'];
  }

  /** Converts every component schema, then whatever they pulled in from elsewhere. */
  convertComponents(): void {
    const source = this.family === '2.0' ? objectField(this.root, 'definitions') : objectField(objectField(this.root, 'components'), 'schemas');
    const location = this.componentBase.join('.');
    for (const [name, schema] of entries(source)) setOwn(this.schemas, name, this.convert(schema, `${location}.${name}`));
    this.drain();
  }

  /** Converts schemas hoisted since the last call; each may hoist more, so loop until done. */
  drain(): void {
    for (let next = this.pending.shift(); next; next = this.pending.shift()) {
      setOwn(this.schemas, next.name, this.convert(resolvePointer(this.root, `#/${next.path.map(pointerSegment).join('/')}`), next.path.join('.')));
    }
  }

  convert(schema: Json | undefined, location: string): JsonSchema {
    if (typeof schema === 'boolean') return schema;
    if (!isObject(schema)) return {};
    const ref = schema['$ref'];
    // 2.0 and 3.0 ignore everything beside a $ref; 3.1 applies both.
    if (typeof ref === 'string' && this.family !== '3.1') return { $ref: this.rewriteRef(ref) };
    const union = itemsUnion(schema);
    if (union !== null) {
      this.diagnostics.warn('schema_items_union', { location }, `The schema gives no type and ${union.listed ? 'lists several schemas under items' : 'gives its items as alternatives'}; it is read as one of them (anyOf), as a value of this shape, not a list of them.`);
      const { items: _items, ...rest } = schema;
      return this.convert({ ...rest, anyOf: union.branches }, location);
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      // Extensions are dropped, but for those that declare what time does to records (lifecycle/)
      // and correct what the compiler decides about them (behaviour/overrides.ts).
      if ((key.startsWith('x-') && !KEPT_EXTENSIONS.has(key)) || DROPPED.has(key)) continue;
      const at = `${location}.${key}`;
      if (key === '$ref' && typeof value === 'string') out[key] = this.rewriteRef(value);
      else if (SINGLE.has(key)) out[key] = isObject(value) || typeof value === 'boolean' ? this.convert(value, at) : value;
      else if (SCHEMA_MAPS.has(key)) {
        if (key === 'patternProperties' && isObject(value)) for (const name of Object.keys(value)) this.checkPattern(name, `${at}.${name}`);
        out[key === 'definitions' ? '$defs' : key] = this.convertMap(value, at);
      }
      else if (LISTS.has(key)) out[key] = Array.isArray(value) ? value.map((s, i) => this.convert(s, `${at}[${i}]`)) : value;
      else if (key === 'items') this.convertItems(value, schema, out, at);
      else if (key === 'additionalItems') continue;
      else if (key === 'dependencies') this.convertDependencies(value, out, at);
      else if (key === 'discriminator') out[key] = this.convertDiscriminator(value);
      else {
        if (key === 'format' && typeof value === 'string') this.checkFormat(value, at);
        if (key === 'pattern' && typeof value === 'string') this.checkPattern(value, at);
        setOwn(out, key, value);
      }
    }
    applyLegacyKeywords(schema, out, this.family);
    dropMistypedKeywords(out);
    this.checkSatisfiable(out, location);
    return out;
  }

  /**
   * Warns of two shapes published documents use that no value can fit, so that answers failing
   * them are explained: an object that requires a property `additionalProperties: false` does
   * not let it have, and a `oneOf` two of whose branches are the same schema (tabs of one
   * documentation page), which no value matches exactly once.
   */
  private checkSatisfiable(schema: JsonObject, location: string): void {
    const properties = isObject(schema.properties) ? schema.properties : {};
    if (schema.additionalProperties === false && !isObject(schema.patternProperties) && Array.isArray(schema.required)) {
      const forbidden = schema.required.filter((name) => typeof name === 'string' && !Object.hasOwn(properties, name));
      if (forbidden.length > 0) this.diagnostics.warn('schema_unsatisfiable', { location }, `The schema requires ${forbidden.map((n) => JSON.stringify(n)).join(', ')} but allows no such property (additionalProperties: false, not under properties); no value fits it.`);
    }
    if (Array.isArray(schema.oneOf)) {
      const seen = new Map<string, number>();
      schema.oneOf.forEach((branch, i) => {
        const text = JSON.stringify(withoutAnnotations(branch));
        const first = seen.get(text);
        if (first === undefined) seen.set(text, i);
        else this.diagnostics.warn('schema_unsatisfiable', { location: `${location}.oneOf[${i}]` }, `Branches ${first} and ${i} of the oneOf are the same schema, so no value matches exactly one of them.`);
      });
    }
  }

  private convertMap(value: Json, location: string): Json {
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [name, schema] of Object.entries(value)) setOwn(out, name, this.convert(schema, `${location}.${name}`));
    return out;
  }

  /** Draft-04 tuples (`items: [...]` + `additionalItems`) become `prefixItems` + `items`. */
  private convertItems(value: Json, schema: JsonObject, out: JsonObject, location: string): void {
    if (!Array.isArray(value)) {
      out['items'] = this.convert(value, location);
      return;
    }
    out['prefixItems'] = value.map((s, i) => this.convert(s, `${location}[${i}]`));
    const additional = schema['additionalItems'];
    if (additional !== undefined) out['items'] = this.convert(additional, `${location}.additionalItems`);
  }

  private convertDependencies(value: Json, out: JsonObject, location: string): void {
    for (const [name, dependency] of entries(value)) {
      const key = Array.isArray(dependency) ? 'dependentRequired' : 'dependentSchemas';
      const target = (out[key] ??= {}) as JsonObject;
      setOwn(target, name, Array.isArray(dependency) ? dependency : this.convert(dependency, `${location}.${name}`));
    }
  }

  private convertDiscriminator(value: Json): Json {
    if (typeof value === 'string') return { propertyName: value };
    if (!isObject(value)) return value;
    const mapping = objectField(value, 'mapping');
    if (!mapping) return value;
    const rewritten: JsonObject = {};
    for (const [k, v] of Object.entries(mapping)) setOwn(rewritten, k, typeof v === 'string' && v.startsWith('#') ? this.rewriteRef(v) : v);
    return { ...value, mapping: rewritten };
  }

  private rewriteRef(ref: string): string {
    const path = refPath(ref);
    if (path === null) return ref;
    const base = this.componentBase;
    if (path.length > base.length && base.every((key, i) => path[i] === key)) {
      return `#/schemas/${path.slice(base.length).map(pointerSegment).join('/')}`;
    }
    const pointer = path.join('\u0000');
    let name = this.hoisted.get(pointer);
    if (name === undefined) {
      name = this.hoistName(path);
      this.hoisted.set(pointer, name);
      this.pending.push({ name, path });
    }
    return `#/schemas/${pointerSegment(name)}`;
  }

  private hoistName(path: string[]): string {
    const base = `_ref.${path.map((p) => p.replace(/[^A-Za-z0-9_-]+/g, '_')).join('.')}`;
    let name = base;
    for (let n = 2; Object.hasOwn(this.schemas, name) || [...this.hoisted.values()].includes(name); n++) name = `${base}.${n}`;
    return name;
  }

  /** Patterns RE2 cannot run are not enforced (safe-pattern.ts), and the build says so. */
  private checkPattern(pattern: string, location: string): void {
    if (this.warnedPatterns.has(pattern) || patternSupport(pattern) !== 'not_enforced') return;
    this.warnedPatterns.add(pattern);
    this.diagnostics.warn('pattern_not_enforced', { location }, `The pattern ${JSON.stringify(pattern.slice(0, 200))} needs what Simplane does not evaluate (lookaround, a backreference, an octal escape or an unknown \\p{} class); values are not checked against it.`);
  }

  private checkFormat(format: string, location: string): void {
    if (KNOWN_FORMATS.has(format) || this.warnedFormats.has(format)) return;
    this.warnedFormats.add(format);
    this.diagnostics.warn('format_unknown', { location }, `The format ${JSON.stringify(format)} is not a known format; values follow the type alone.`);
  }
}

/** Keys that say a schema is more than a typeless list of alternatives. */
const SHAPE_KEYS = ['type', 'properties', 'additionalProperties', '$ref', 'allOf', 'anyOf', 'oneOf', 'enum', 'const', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'];

/**
 * The alternatives of a schema that gives no type and writes several schemas under `items`:
 * Slack's specification writes each of its objects so (`objs_conversation` is `items: [a, b]` in
 * its Swagger 2.0, `items: {anyOf: [a, b]}` once converted) and means one object of either
 * shape, as its examples show; read as a list, a channel was a list of channels and
 * `users.list` a list of lists. Null for any other schema: one item schema without a type
 * still means a list of them (a common omission of `type: array`).
 */
function itemsUnion(schema: JsonObject): { branches: Json[]; listed: boolean } | null {
  if (SHAPE_KEYS.some((key) => schema[key] !== undefined)) return null;
  const items = schema.items;
  if (Array.isArray(items)) return items.length >= 2 ? { branches: items, listed: true } : null;
  if (!isObject(items)) return null;
  const keys = Object.keys(items).filter((key) => !isAnnotation(key));
  if (keys.length !== 1 || (keys[0] !== 'anyOf' && keys[0] !== 'oneOf')) return null;
  const branches = items[keys[0]];
  return Array.isArray(branches) && branches.length >= 2 ? { branches, listed: false } : null;
}

function withoutAnnotations(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) if (!isAnnotation(key)) setOwn(out, key, value);
  return out;
}
