import type { JsonObject } from '../../json.js';

/**
 * XSD's built-in simple types as JSON Schema. Strings stay strings (anyURI without a `format`:
 * ajv-formats' `uri` refuses relative references, which anyURI allows); integer types are
 * `integer` with their range where a JavaScript number holds it exactly (long and unsignedLong
 * keep only their sign); decimal, float and double are `number`; boolean is `boolean` (the
 * protocol reads `1`/`0`); dates and durations carry the JSON Schema `format`; base64Binary its
 * `contentEncoding`, hexBinary a pattern; anyType and anySimpleType allow anything.
 */
const STRING = ['string', 'normalizedString', 'token', 'NMTOKEN', 'Name', 'NCName', 'ID', 'IDREF', 'ENTITY', 'anyURI', 'QName', 'NOTATION', 'language', 'gYear', 'gYearMonth', 'gMonth', 'gMonthDay', 'gDay'];
/** Lists of name tokens, read as strings (the list type of their items is not worth a schema of its own). */
const TOKENS = ['NMTOKENS', 'IDREFS', 'ENTITIES'];

const range = (minimum: number | null, maximum: number | null): JsonObject => {
  const out: JsonObject = { type: 'integer' };
  if (minimum !== null) out.minimum = minimum;
  if (maximum !== null) out.maximum = maximum;
  return out;
};

const TABLE: Record<string, JsonObject> = {
  integer: range(null, null),
  long: range(null, null),
  int: range(-2147483648, 2147483647),
  short: range(-32768, 32767),
  byte: range(-128, 127),
  unsignedLong: range(0, null),
  unsignedInt: range(0, 4294967295),
  unsignedShort: range(0, 65535),
  unsignedByte: range(0, 255),
  positiveInteger: range(1, null),
  nonNegativeInteger: range(0, null),
  negativeInteger: range(null, -1),
  nonPositiveInteger: range(null, 0),
  decimal: { type: 'number' },
  float: { type: 'number' },
  double: { type: 'number' },
  boolean: { type: 'boolean' },
  dateTime: { type: 'string', format: 'date-time' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', format: 'time' },
  duration: { type: 'string', format: 'duration' },
  base64Binary: { type: 'string', contentEncoding: 'base64' },
  hexBinary: { type: 'string', pattern: '^(?:[0-9a-fA-F]{2})*$' },
  anyType: {},
  anySimpleType: {},
};
for (const name of [...STRING, ...TOKENS]) TABLE[name] = { type: 'string' };

/** A built-in type's schema (a fresh copy: callers add to it), or undefined for a name XSD does not define. */
export function builtinSchema(local: string): JsonObject | undefined {
  const schema = Object.hasOwn(TABLE, local) ? TABLE[local] : undefined;
  return schema === undefined ? undefined : { ...schema };
}

/** SOAP 1.1 encoding's namespace: its simple types are the XSD ones by the same names. */
export const SOAP_ENCODING_NS = 'http://schemas.xmlsoap.org/soap/encoding/';
/** SOAP 1.2 encoding's namespace (its arrays carry `enc:itemType` and `enc:arraySize`). */
export const SOAP12_ENCODING_NS = 'http://www.w3.org/2003/05/soap-encoding';

/** Whether a namespace is one of SOAP encoding's (1.1 or 1.2). */
export const isSoapEncoding = (ns: string): boolean => ns === SOAP_ENCODING_NS || ns === SOAP12_ENCODING_NS;
