import { isObject, type Json, type JsonObject } from '../json.js';

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

const isNumber = (v: Json) => typeof v === 'number' && Number.isFinite(v);
const isCount = (v: Json) => Number.isInteger(v) && (v as number) >= 0;
const isString = (v: Json) => typeof v === 'string';
const isBoolean = (v: Json) => typeof v === 'boolean';
const isSchema = (v: Json) => isObject(v) || typeof v === 'boolean';
const isSchemaList = (v: Json) => Array.isArray(v) && v.length > 0 && v.every(isSchema);
const isSchemaMap = (v: Json) => isObject(v) && Object.values(v).every(isSchema);
const isType = (v: Json) => (typeof v === 'string' && JSON_TYPES.has(v)) || (Array.isArray(v) && v.length > 0 && v.every((t) => typeof t === 'string' && JSON_TYPES.has(t)));

/** What JSON Schema 2020-12 lets each constraining keyword hold (the meta-schema, in short). */
const KEYWORD_VALUES: Record<string, (value: Json) => boolean> = {
  type: isType,
  enum: Array.isArray,
  required: (v) => Array.isArray(v) && v.every(isString),
  multipleOf: (v) => isNumber(v) && (v as number) > 0,
  minimum: isNumber,
  maximum: isNumber,
  exclusiveMinimum: isNumber,
  exclusiveMaximum: isNumber,
  minLength: isCount,
  maxLength: isCount,
  minItems: isCount,
  maxItems: isCount,
  minProperties: isCount,
  maxProperties: isCount,
  minContains: isCount,
  maxContains: isCount,
  uniqueItems: isBoolean,
  pattern: isString,
  format: isString,
  title: isString,
  description: isString,
  deprecated: isBoolean,
  readOnly: isBoolean,
  writeOnly: isBoolean,
  examples: Array.isArray,
  items: isSchema,
  additionalProperties: isSchema,
  not: isSchema,
  if: isSchema,
  then: isSchema,
  else: isSchema,
  contains: isSchema,
  propertyNames: isSchema,
  unevaluatedItems: isSchema,
  unevaluatedProperties: isSchema,
  properties: isSchemaMap,
  patternProperties: isSchemaMap,
  $defs: isSchemaMap,
  dependentSchemas: isSchemaMap,
  allOf: isSchemaList,
  anyOf: isSchemaList,
  oneOf: isSchemaList,
  prefixItems: isSchemaList,
  dependentRequired: (v) => isObject(v) && Object.values(v).every((list) => Array.isArray(list) && list.every(isString)),
};

/**
 * Drops the keywords of a converted schema whose value JSON Schema does not allow
 * (`required: true` on a property, `type: integr`, `maxLength: "3"`), which the document's
 * structural check reported as warnings: one such keyword would leave the whole schema
 * uncompilable, so nothing of it checked. The rest of the schema still holds. `required` loses
 * repeats, which JSON Schema does not allow either.
 */
export function dropMistypedKeywords(schema: JsonObject): void {
  for (const [key, value] of Object.entries(schema)) {
    if (Object.hasOwn(KEYWORD_VALUES, key) && !(KEYWORD_VALUES[key] as (value: Json) => boolean)(value)) delete schema[key];
  }
  const required = schema['required'];
  if (Array.isArray(required) && new Set(required).size !== required.length) schema['required'] = [...new Set(required)];
}
