import { isObject } from '../json.js';
import type { JsonSchema } from './json-schema.js';

/**
 * The key of a property's value hint: kept on the property's schema (beside its `$ref` where it
 * refers), as SOAP's `x-xml` is. The compiler writes it from the property's name and
 * description (behaviour/plan-values.ts); a document may write it itself to correct that.
 */
export const VALUE_HINT = 'x-simplane-value';

/** What a text holds, as the generator draws it: a currency code, a city, a person's first name. */
export const VALUE_KINDS = [
  'currency', 'country', 'countryName', 'language', 'locale', 'timeZone', 'phone', 'firstName', 'lastName', 'fullName', 'username', 'email', 'company',
  'city', 'postalCode', 'street', 'streetExtra', 'url', 'host', 'ip', 'color', 'lastDigits', 'slug', 'title', 'sentence',
] as const;

export type ValueKind = (typeof VALUE_KINDS)[number];

/** Kinds whose holder is a person (a user with a `login`, a contact with an `email`): in their object, a `personal` full name is drawn. */
export const PERSONAL_KINDS: ReadonlySet<ValueKind> = new Set(['email', 'username', 'phone', 'firstName', 'lastName']);

/**
 * How the generator draws one property's value. Each part applies where the property's schema
 * takes it (a `kind` is drawn for a plain text, an `epoch` for a number) and its value fits;
 * otherwise the generator's own value stands.
 */
export interface ValueHint {
  /** What the property holds; also what a created object's given values say of its person (`first_name: "Jane"`). */
  kind?: ValueKind;
  /** With `kind: 'fullName'`: only in an object holding a person's fields (a `name` beside a `login`). */
  personal?: true;
  /** The written form the description asks for: currency codes in lower case, three-letter country codes. */
  form?: 'lower' | 'alpha3';
  /** The example the description gives of the value (`e.g. "America/New_York"`), used as it is. */
  example?: string;
  /** A number holding a moment, in seconds or milliseconds since 1970. */
  epoch?: 'seconds' | 'millis';
  /** Where a moment (an epoch number, a date) lies: ahead of the clock (an expiry, a due date) or at a birth; behind the clock when absent. */
  when?: 'ahead' | 'birth';
  /** A number that is a year near the clock's, ahead of it or behind it. */
  year?: 'ahead' | 'behind';
  /** A number's bounds and decimals: a month, a percentage, a latitude. */
  range?: [min: number, max: number, decimals: number];
  /** A flag saying the record belongs to the live system (Stripe's `livemode`): a Simulation's never does. */
  live?: false;
  /** For a list of texts: how each item is drawn. */
  items?: ValueHint;
}

/** The hint kept on a property's schema, or undefined. */
export function valueHintOf(schema: JsonSchema | undefined): ValueHint | undefined {
  if (!isObject(schema)) return undefined;
  const hint = schema[VALUE_HINT];
  return isObject(hint) ? (hint as ValueHint) : undefined;
}
