import type { Json, JsonObject } from '../../json.js';
import { attribute, type XmlElement } from '../../xml/xml-tree.js';
import { translatePattern } from './patterns.js';
import { xsChildren } from './xsd-index.js';

/**
 * A restriction's facets applied to its base's schema (a copy: the base's own is shared).
 * enumeration is `enum` (numbers and booleans as JSON ones); length facets are string lengths,
 * or item counts on a list; bounds apply to numbers only (a date's bounds are not expressible,
 * and left out rather than guessed); patterns are translated (patterns.ts), several in one
 * step are alternatives and each step's must all hold (`allOf`); totalDigits bounds a number
 * by its digits, and fractionDigits 0 makes a decimal an integer. Nothing is added that would
 * refuse a value the XSD accepts: a facet that cannot be said exactly is left out.
 */
export function applyFacets(base: JsonObject, restriction: XmlElement, refuse: (node: XmlElement, message: string) => void): JsonObject {
  const schema: JsonObject = { ...base };
  const kind = kindOf(schema);
  const enums: string[] = [];
  const patterns: XmlElement[] = [];
  let totalDigits: number | null = null;
  let fractionDigits: number | null = null;
  for (const facet of xsChildren(restriction)) {
    const value = attribute(facet, 'value') ?? '';
    const number = Number(value.trim());
    const count = Number.isInteger(number) && number >= 0 && value.trim() !== '' ? number : null;
    switch (facet.local) {
      case 'enumeration':
        enums.push(value);
        break;
      case 'pattern':
        patterns.push(facet);
        break;
      case 'length':
      case 'minLength':
      case 'maxLength':
        if (count !== null) lengthFacet(schema, kind, facet.local, count);
        break;
      case 'minInclusive':
      case 'maxInclusive':
      case 'minExclusive':
      case 'maxExclusive':
        if (isNumeric(kind) && value.trim() !== '' && Number.isFinite(number)) bound(schema, facet.local, number);
        break;
      case 'totalDigits':
        totalDigits = count;
        break;
      case 'fractionDigits':
        fractionDigits = count;
        break;
      case 'assertion':
        refuse(facet, 'xs:assertion (XSD 1.1) is not checked; the type is read without it.');
        break;
      default:
        break;
    }
  }
  if (kind === 'number' && fractionDigits === 0) schema.type = 'integer';
  if (totalDigits !== null && totalDigits > 0 && isNumeric(kind)) digitBounds(schema, totalDigits, fractionDigits ?? 0);
  if (enums.length > 0) {
    const values = enumValues(schema, kind, enums);
    if (values !== null) schema.enum = values;
  }
  if (patterns.length > 0 && (kind === 'string' || kind === 'any')) {
    const source = patterns.length === 1 ? (attribute(patterns[0]!, 'value') ?? '') : patterns.map((p) => `(${attribute(p, 'value') ?? ''})`).join('|');
    const translated = translatePattern(source);
    if (!translated.ok) refuse(patterns[0]!, `The pattern ${JSON.stringify(source.slice(0, 200))} is not checked: ${translated.problem}.`);
    else if (typeof schema.pattern === 'string') schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), { pattern: translated.pattern }];
    else schema.pattern = translated.pattern;
  }
  return schema;
}

/**
 * A schema narrowed to its declaration's `fixed` value (the one value allowed), or annotated
 * with its `default` (what a reader assumes when the element or attribute is absent or empty),
 * typed as the schema says. A value that cannot be said (a list's, a reference's) is left out.
 */
export function withValueConstraint(schema: JsonObject, declarations: (XmlElement | undefined)[]): JsonObject {
  if (schema.$ref !== undefined) return schema;
  for (const declaration of declarations) {
    if (declaration === undefined) continue;
    for (const key of ['fixed', 'default'] as const) {
      const text = attribute(declaration, key);
      if (text === undefined) continue;
      const values = enumValues(schema, kindOf(schema), [text]);
      if (values === null) return schema;
      return key === 'fixed' ? { ...schema, enum: values } : { ...schema, default: values[0]! };
    }
  }
  return schema;
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'union' | 'any';

function kindOf(schema: JsonObject): Kind {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean' || type === 'array') return type;
  return Array.isArray(schema.anyOf) ? 'union' : 'any';
}

const isNumeric = (kind: Kind): boolean => kind === 'integer' || kind === 'number';

function lengthFacet(schema: JsonObject, kind: Kind, facet: string, count: number): void {
  // hexBinary's lengths count octets, two characters each; base64Binary's cannot be counted in characters.
  if (schema.contentEncoding === 'base64') return;
  const scale = typeof schema.pattern === 'string' && schema.pattern === '^(?:[0-9a-fA-F]{2})*$' ? 2 : 1;
  const [min, max] = kind === 'array' ? ['minItems', 'maxItems'] : kind === 'string' || kind === 'any' ? ['minLength', 'maxLength'] : [null, null];
  if (min === null || max === null) return;
  if (facet !== 'maxLength') schema[min] = count * scale;
  if (facet !== 'minLength') schema[max] = count * scale;
}

const BOUND_KEYS: Record<string, [string, 'min' | 'max']> = {
  minInclusive: ['minimum', 'min'],
  maxInclusive: ['maximum', 'max'],
  minExclusive: ['exclusiveMinimum', 'min'],
  maxExclusive: ['exclusiveMaximum', 'max'],
};

function bound(schema: JsonObject, facet: string, value: number): void {
  const [key, side] = BOUND_KEYS[facet]!;
  const known = schema[key];
  if (typeof known !== 'number') schema[key] = value;
  else schema[key] = side === 'min' ? Math.max(known, value) : Math.min(known, value);
}

/** |x| < 10^(total - fraction): the most a number of that many digits can be, where a JavaScript number holds it exactly. */
function digitBounds(schema: JsonObject, total: number, fraction: number): void {
  const whole = Math.max(total - fraction, 0);
  const limit = 10 ** whole;
  if (!Number.isSafeInteger(limit)) return;
  if (schema.type === 'integer') {
    bound(schema, 'maxInclusive', limit - 1);
    bound(schema, 'minInclusive', -(limit - 1));
  } else {
    bound(schema, 'maxExclusive', limit);
    bound(schema, 'minExclusive', -limit);
  }
}

function enumValues(schema: JsonObject, kind: Kind, values: string[]): Json[] | null {
  const out: Json[] = [];
  const numericMember = kind === 'union' && (schema.anyOf as Json[]).some((m) => typeof m === 'object' && m !== null && !Array.isArray(m) && (m.type === 'integer' || m.type === 'number'));
  for (const value of values) {
    const trimmed = value.trim();
    if (isNumeric(kind)) {
      const n = Number(trimmed);
      if (trimmed !== '' && Number.isFinite(n)) out.push(n);
    } else if (kind === 'boolean') out.push(trimmed === 'true' || trimmed === '1');
    else if (kind === 'array') return null;
    else if (numericMember && /^[+-]?\d+(\.\d+)?$/.test(trimmed)) out.push(Number(trimmed));
    else out.push(value);
  }
  const unique = [...new Map(out.map((v) => [JSON.stringify(v), v])).values()];
  return unique.length > 0 ? unique : null;
}
