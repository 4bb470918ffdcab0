import type { Artifact, JsonSchema } from '../artifact/artifact.js';
import { PERSONAL_KINDS, VALUE_HINT, VALUE_KINDS, type ValueHint, type ValueKind } from '../artifact/value-hint.js';
import { SCHEMA_MAPS } from '../artifact/json-schema.js';
import { singular, squash, words } from '../infer/naming.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { formatLocation } from '../diagnostics/location.js';
import { isObject, type JsonObject } from '../json.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { declaresType, drawnSchema } from '../runtime/schemas/schema-view.js';
import * as V from '../vocabulary/values.js';
import type { Era } from './plan-writes.js';

/**
 * Each property's value hint (artifact/value-hint.ts), written on its schema: what its name and
 * description say it holds (a currency, a city, a moment ahead of the clock, a month), so the
 * generator draws values shaped like the real API's without reading a name. A hint the document
 * writes itself is kept where it is well formed; a version 3 artifact is given the hints its
 * engine drew by, whatever it holds.
 */
export function markValueHints(artifact: Artifact, registry: SchemaRegistry, era: Era, diagnostics?: Diagnostics): void {
  const marker = new HintMarker(registry, era, diagnostics);
  for (const root of schemaRoots(artifact)) marker.walk(root);
}

/** Marks the properties of one schema and those it holds (for tests and single schemas). */
export function markSchemaValueHints(schema: JsonSchema, registry: SchemaRegistry, era: Era = 4): void {
  new HintMarker(registry, era).walk(schema);
}

/** Every schema the artifact keeps: its named schemas, its operations' parameters, bodies and answers, its resources' and errors'. */
function* schemaRoots(artifact: Artifact): Generator<JsonSchema | null | undefined> {
  yield* Object.values(artifact.schemas);
  for (const op of artifact.operations) {
    for (const parameter of op.parameters) yield parameter.schema;
    for (const media of Object.values(op.requestBody?.content ?? {})) yield media.schema;
    for (const response of Object.values(op.responses)) {
      for (const media of Object.values(response.content)) yield media.schema;
      for (const header of Object.values(response.headers)) yield header.schema;
    }
  }
  for (const resource of artifact.resources) yield resource.itemSchema;
  for (const format of Object.values(artifact.errorFormats)) yield format.schema;
}

/** Keywords whose value is a schema, and those whose items are schemas (those whose values are schemas by name: SCHEMA_MAPS). */
const ONE: ReadonlySet<string> = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);
const MANY: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

const KIND_NAMES = new Map(V.VALUE_KIND_WORDS.map(([w, kind]) => [w.join(' '), kind]));
const LONGEST = Math.max(...V.VALUE_KIND_WORDS.map(([w]) => w.length));
const KNOWN_KINDS: ReadonlySet<string> = new Set(VALUE_KINDS);
const RANGES = new Map(Object.entries(V.NUMBER_RANGES));

class HintMarker {
  readonly #seen = new Set<object>();
  /** Property schemas marked so far, by the hint they carry: one reached under two names is copied rather than marked twice. */
  readonly #marked = new Map<object, ValueHint | null>();
  readonly #kinds = new Map<string, ValueKind | null>();
  readonly #words = new Map<string, string[]>();
  /** The hints the document wrote itself, read before any is marked. */
  readonly #written = new Map<object, ValueHint | undefined>();

  constructor(
    readonly registry: SchemaRegistry,
    readonly era: Era,
    readonly diagnostics?: Diagnostics,
  ) {}

  walk(schema: unknown): void {
    if (!isObject(schema) || this.#seen.has(schema)) return;
    this.#seen.add(schema);
    // Keys read once each: most schemas hold two or three, and asking for every keyword that
    // could hold a schema cost more than the marking.
    for (const key in schema) {
      const value = schema[key];
      if (key === 'properties' && isObject(value)) this.#markProperties(value);
      else if (ONE.has(key)) {
        if (Array.isArray(value)) for (const sub of value) this.walk(sub);
        else this.walk(value);
      }
      else if (SCHEMA_MAPS.has(key) && isObject(value)) for (const sub of Object.values(value)) this.walk(sub);
      else if (MANY.has(key) && Array.isArray(value)) for (const sub of value) this.walk(sub);
    }
  }

  #markProperties(properties: JsonObject): void {
    for (const [name, sub] of Object.entries(properties)) {
      if (!isObject(sub)) continue;
      const hint = this.#own(name, sub) ?? this.hintFor(name, sub);
      const before = this.#marked.get(sub);
      if (before === undefined) {
        setHint(sub, hint);
        this.#marked.set(sub, hint);
      } else if (!sameHint(before, hint)) {
        const copy: JsonObject = { ...sub };
        setHint(copy, hint);
        properties[name] = copy;
        this.#marked.set(copy, hint);
      }
      this.walk(sub);
    }
  }

  /** The document's own hint on a property schema, where well formed; none for a version 3 artifact, whose engine read none. */
  #own(name: string, schema: JsonObject): ValueHint | undefined {
    if (this.era !== 4) return undefined;
    if (this.#written.has(schema)) return this.#written.get(schema);
    // A schema marked already holds the compiler's hint, not the document's.
    if (this.#marked.has(schema) || !Object.hasOwn(schema, VALUE_HINT)) return undefined;
    const written = schema[VALUE_HINT];
    const hint = wellFormed(written);
    if (hint === undefined) {
      const at = { location: formatLocation(['properties', name, VALUE_HINT]) };
      this.diagnostics?.warn('behaviour_override_invalid', at, `The value hint ${JSON.stringify(written).slice(0, 200)} names a part or a value the generator does not know; the compiler's hint stands.`);
    }
    this.#written.set(schema, hint);
    return hint;
  }

  /** What a name says its value is, by its last words (`billing_address_city` is a city). */
  kindOf(name: string): ValueKind | null {
    let kind = this.#kinds.get(name);
    if (kind !== undefined) return kind;
    const all = this.wordsOf(name);
    kind = null;
    for (let take = Math.min(LONGEST, all.length); take >= 1 && kind === null; take -= 1) kind = KIND_NAMES.get(all.slice(-take).join(' ')) ?? null;
    this.#kinds.set(name, kind);
    return kind;
  }

  /** The words of a name, remembered: a large document repeats its property names thousands of times. */
  wordsOf(name: string): string[] {
    let found = this.#words.get(name);
    if (found === undefined) {
      found = words(name);
      this.#words.set(name, found);
    }
    return found;
  }

  /** The hint of property `name`; null when nothing is said. */
  hintFor(name: string, schema: JsonObject): ValueHint | null {
    const hint: ValueHint = {};
    if (V.LIVE_FLAGS.includes(squash(name))) hint.live = false;
    const kind = this.kindOf(name);
    if (kind !== null) hint.kind = kind;
    else if (name === V.PERSON_NAME_FIELD) Object.assign(hint, { kind: 'fullName', personal: true });
    const target = drawnSchema(this.registry, schema);
    if (target !== null) Object.assign(hint, this.#drawn(name, schema, target, hint.kind));
    // A kind the schema does not let be drawn (a `url` of `format: uri`) is kept only where it
    // tells who the object's person is.
    if (hint.kind !== undefined && !drawsText(target) && !PERSONA_KINDS.has(hint.kind)) {
      delete hint.kind;
      delete hint.personal;
    }
    return Object.keys(hint).length === 0 ? null : hint;
  }

  /** What the name and description say of a value the schema leaves open: its moment, bounds, form or example. */
  #drawn(name: string, schema: JsonObject, target: JsonObject, kind: ValueKind | undefined): ValueHint {
    const named = this.wordsOf(name);
    if (declaresType(target, 'integer') || declaresType(target, 'number')) return { ...epochOf(named, schema, target), ...boundsOf(named, target) };
    if (declaresType(target, 'string')) {
      if (target.format === 'date-time' || target.format === 'date') return momentOf(named);
      if (typeof target.format === 'string') return {};
      return textOf(kind, descriptionOf(schema, target));
    }
    if (!declaresType(target, 'array') || target.items === undefined) return {};
    const itemSchema = target.items as JsonSchema;
    const items = drawnSchema(this.registry, itemSchema);
    if (items === null || !declaresType(items, 'string') || typeof items.format === 'string') return {};
    const itemName = named.length > 0 ? [...named.slice(0, -1), singular(named.at(-1)!)].join('_') : '';
    const itemDescription = descriptionOf(itemSchema, items);
    const described = describedExample(describedExample(itemDescription) === null ? descriptionOf(schema, target) : itemDescription);
    if (described !== null) return { items: { example: described } };
    const itemKind = this.kindOf(itemName);
    return itemKind === null ? {} : { items: { kind: itemKind, ...textOf(itemKind, itemDescription) } };
  }
}

/** Kinds a created object's given values are read by for its person (hinted-values.ts Persona). */
const PERSONA_KINDS: ReadonlySet<ValueKind> = new Set([...PERSONAL_KINDS, 'fullName']);

/** Whether the generator draws a text by its kind for this schema: a string without a format, not also a number. */
function drawsText(target: JsonObject | null): boolean {
  return target !== null && !declaresType(target, 'integer') && !declaresType(target, 'number') && declaresType(target, 'string') && typeof target.format !== 'string';
}

/** Writes a property schema's hint, or takes away one it holds where there is none. */
function setHint(schema: JsonObject, hint: ValueHint | null): void {
  if (hint !== null) schema[VALUE_HINT] = hint as unknown as JsonObject;
  else if (Object.hasOwn(schema, VALUE_HINT)) delete schema[VALUE_HINT];
}

function sameHint(a: ValueHint | null, b: ValueHint | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** A document's own hint where every part of it is one the generator knows; undefined otherwise. */
function wellFormed(value: unknown): ValueHint | undefined {
  if (!isObject(value)) return undefined;
  const ok = Object.entries(value).every(([key, part]) => {
    switch (key) {
      case 'kind':
        return typeof part === 'string' && KNOWN_KINDS.has(part);
      case 'personal':
        return part === true;
      case 'form':
        return part === 'lower' || part === 'alpha3';
      case 'example':
        return typeof part === 'string';
      case 'epoch':
        return part === 'seconds' || part === 'millis';
      case 'when':
      case 'year':
        return part === 'ahead' || part === (key === 'when' ? 'birth' : 'behind');
      case 'range':
        return Array.isArray(part) && part.length === 3 && part.every((n) => typeof n === 'number' && Number.isFinite(n)) && (part[0] as number) <= (part[1] as number);
      case 'live':
        return part === false;
      case 'items':
        return wellFormed(part) !== undefined;
      default:
        return false;
    }
  });
  return ok ? (value as ValueHint) : undefined;
}

/** A number named or formatted as a moment (`created_at`, `unix-time`), in seconds or (named or described so) milliseconds. */
function epochOf(named: string[], schema: JsonObject, target: JsonObject): ValueHint {
  const format = typeof target.format === 'string' ? target.format : '';
  if (!V.EPOCH_FORMATS.includes(format) && !(V.PLAIN_NUMBER_FORMATS.includes(format) && V.EPOCH_LAST_WORDS.includes(named.at(-1) ?? ''))) return {};
  const millis = V.MILLIS_FORMAT.test(format) || named.some((word) => V.MILLIS_WORDS.includes(word)) || V.MILLIS_DESCRIPTION.test(descriptionOf(schema, target));
  return { epoch: millis ? 'millis' : 'seconds', ...momentOf(named) };
}

/** Where a moment lies by its name's words: at a birth, ahead of the clock, or (nothing said) behind it. */
function momentOf(named: string[]): ValueHint {
  if (named.some((word) => V.BIRTH_WORDS.includes(word))) return { when: 'birth' };
  return named.some((word) => V.AHEAD_WORDS.includes(word)) ? { when: 'ahead' } : {};
}

/** A year near the clock's, or the bounds a name gives a number (a month, a percentage, a latitude). */
function boundsOf(named: string[], target: JsonObject): ValueHint {
  const last = named.at(-1) ?? '';
  if (last === V.YEAR_WORD) return { year: named.some((word) => V.AHEAD_WORDS.includes(word)) ? 'ahead' : 'behind' };
  const share = named.find((word) => V.SHARE_WORDS.includes(word));
  const range = RANGES.get(last) ?? (share === undefined ? undefined : RANGES.get(share));
  if (range === undefined || (range[2] > 0 && !declaresType(target, 'number'))) return {};
  return { range: [...range] };
}

/** A text's example as its description gives it, else the form its description asks of its kind. */
function textOf(kind: ValueKind | undefined, description: string): ValueHint {
  const described = describedExample(description);
  if (described !== null) return { example: described };
  if (kind === 'currency' && V.LOWER_CASE_DESCRIPTION.test(description)) return { form: 'lower' };
  if (kind === 'country' && V.ALPHA3_DESCRIPTION.test(description)) return { form: 'alpha3' };
  return {};
}

/** The example a description gives of its value (vocabulary/values.ts DESCRIBED_EXAMPLE), or null. */
export function describedExample(description: string): string | null {
  if (description === '') return null;
  const found = V.DESCRIBED_EXAMPLE.exec(description.slice(0, 2000));
  return found === null ? null : (found[1] ?? found[2] ?? found[3] ?? found[4] ?? null);
}

function descriptionOf(schema: JsonSchema, target: JsonObject): string {
  return [isObject(schema) ? schema.description : undefined, target.description].filter((d) => typeof d === 'string').join(' ');
}
