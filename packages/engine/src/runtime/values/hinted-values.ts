import { faker } from '@faker-js/faker/locale/en';
import { isAnnotation } from '../../annotations.js';
import type { JsonSchema } from '../../artifact/artifact.js';
import { PERSONAL_KINDS, valueHintOf, type ValueHint, type ValueKind } from '../../artifact/value-hint.js';
import { isObject, type Json, type JsonObject } from '../../json.js';
import type { GenerateContext } from './generate-context.js';
import type { Random } from './random.js';
import { declaresType, drawnSchema } from '../schemas/schema-view.js';

/**
 * Plausible values for properties whose value hints (artifact/value-hint.ts, written by the
 * compiler from their names and descriptions) say what they hold: a `currency` of `USD`, a
 * `country` of `DE`, a `city` of `Akron`, a `phone` of `+12125550147`, a `first_name` of
 * `Adell`, a `description` that reads as words, the `card` a description gives as its example,
 * a `created_at` near the clock. A client (or an agent) reading a simulated answer sees values
 * shaped like the real API's, not `bravo-8ng1`. The draws are from faker's English data; every
 * draw comes from the Simulation's seeded stream, so values stay deterministic (faker's own
 * generator is never used: seeding it per value cost 30 µs).
 */
const data = faker.rawDefinitions;

const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF'];
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP'];
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';

/** Draws one value of a kind, in the written form the hint asks (`lower`, `alpha3`); a person's fields are drawn for the object's persona. */
type Draw = (random: Random, form: ValueHint['form'], persona: Persona) => string;
const list = (values: unknown, fallback: string): readonly string[] => (Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string') ? values : [fallback]);
const firstNames = list(data.person?.first_name?.generic, 'Ada');
const lastNames = list(data.person?.last_name?.generic, 'Lovelace');
const cities = list(data.location?.city_name, 'Springfield');
const streets = list(data.location?.street_name, 'Main Street');
const countryNames = list(data.location?.country, 'Germany');
const countryCodes = data.location?.country_code ?? [{ alpha2: 'DE', alpha3: 'DEU' }];
const languages = data.location?.language ?? [{ name: 'English', alpha2: 'en', alpha3: 'eng' }];
const timeZones = list(data.location?.time_zone, 'UTC');
const nouns = list(data.word?.noun, 'harbor');
const adjectives = list(data.word?.adjective, 'quiet');
const verbs = list(data.word?.verb, 'follow');
const legalForms = list(data.company?.legal_entity_type, 'Inc');

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const digits = (random: Random, count: number): string => random.chars(count, DIGITS);

/**
 * The made-up person behind one object's personal fields, so that its `name`, `email` and
 * `login` agree (`Adell Kuhn`, `adell.kuhn@example.com`, `adell.kuhn42`), as they would in the
 * real system. Each name is drawn when first asked for, or taken from what the object already
 * holds: a created contact given `first_name: "Jane"` and `last_name: "Roe"` gets the e-mail
 * `jane.roe@example.com`.
 */
export class Persona {
  #first: string | undefined;
  #last: string | undefined;

  /**
   * The persona of an object that holds `values`: its given names, its full name, or the words
   * of its e-mail address, by the hints of its declared `properties`.
   */
  static of(values: Record<string, unknown>, properties: Record<string, unknown>): Persona {
    const persona = new Persona();
    const person = personLike(properties);
    for (const [key, value] of Object.entries(values)) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      const kind = kindOf(properties[key], person);
      if (kind === 'firstName') persona.#first = value.trim();
      else if (kind === 'lastName') persona.#last = value.trim();
      else if (kind === 'fullName') persona.#whole(/^\s*(\S+)\s+(.+?)\s*$/.exec(value));
      else if (kind === 'email') persona.#whole(/^([a-z]+)[._]([a-z]+)@/i.exec(value), true);
    }
    return persona;
  }

  /** Names from a full name or an address's words, where no field gave them one by one. */
  #whole(found: RegExpExecArray | null, capitalise = false): void {
    if (found === null) return;
    const named = (word: string): string => (capitalise ? capitalised(word.toLowerCase()) : word);
    this.#first ??= named(found[1]!);
    this.#last ??= named(found[2]!);
  }

  first(random: Random): string {
    return (this.#first ??= random.pick(firstNames));
  }

  last(random: Random): string {
    return (this.#last ??= random.pick(lastNames));
  }

  /** `first.last`, lower case, letters only: the local part of an address, the start of a login. */
  handle(random: Random): string {
    const part = (name: string): string => name.toLowerCase().replace(/[^a-z]/g, '');
    const first = part(this.first(random));
    const last = part(this.last(random));
    return first === '' || last === '' ? `${first}${last}` || 'user' : `${first}.${last}`;
  }
}

const DRAWS = {
  currency: (random, form) => {
    const code = random.pick(COMMON_CURRENCIES);
    return form === 'lower' ? code.toLowerCase() : code;
  },
  country: (random, form) => {
    const country = random.pick(countryCodes);
    return form === 'alpha3' ? country.alpha3 : country.alpha2;
  },
  countryName: (random) => random.pick(countryNames),
  language: (random) => random.pick(languages).alpha2,
  locale: (random) => random.pick(LOCALES),
  timeZone: (random) => random.pick(timeZones),
  // 555-0100 to 555-0199 are the numbers North America keeps for fiction.
  phone: (random) => `+1${random.int(201, 989)}55501${digits(random, 2)}`,
  firstName: (random, _, persona) => persona.first(random),
  lastName: (random, _, persona) => persona.last(random),
  fullName: (random, _, persona) => `${persona.first(random)} ${persona.last(random)}`,
  username: (random, _, persona) => `${persona.handle(random)}${digits(random, 2)}`,
  email: (random, _, persona) => `${persona.handle(random)}@example.com`,
  company: (random) => `${random.pick(lastNames)} ${random.pick(legalForms)}`,
  city: (random) => random.pick(cities),
  postalCode: (random) => digits(random, 5),
  street: (random) => `${random.int(1, 9999)} ${random.pick(streets)}`,
  streetExtra: (random) => `${random.pick(['Apt.', 'Suite', 'Unit'])} ${random.int(1, 999)}`,
  url: (random) => `https://example.com/${random.pick(nouns).toLowerCase()}/${random.chars(6, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
  host: (random) => `${random.pick(nouns).toLowerCase().replace(/[^a-z0-9]/g, '')}.example.com`,
  ip: (random) => `192.0.2.${random.int(1, 254)}`,
  color: (random) => `#${random.chars(6, HEX)}`,
  lastDigits: (random) => digits(random, 4),
  slug: (random) => `${random.pick(adjectives)}-${random.pick(nouns)}`.toLowerCase().replace(/[^a-z0-9-]/g, ''),
  title: (random) => capitalised(`${random.pick(adjectives)} ${random.pick(nouns)}`),
  sentence: (random) => {
    const count = random.int(4, 8);
    const parts = [random.pick(adjectives), random.pick(nouns), random.pick(verbs)];
    while (parts.length < count) parts.push(random.pick(random.next() < 0.5 ? adjectives : nouns));
    return `${capitalised(parts.join(' '))}.`;
  },
} satisfies Record<ValueKind, Draw>;

/**
 * The kind a property's hint gives it: a `personal` full name only in an object holding a
 * person's fields (`person`).
 */
function kindOf(schema: unknown, person: boolean): ValueKind | null {
  const hint = valueHintOf(schema as JsonSchema);
  if (hint?.kind === undefined || (hint.personal === true && !person)) return null;
  return hint.kind;
}

/** Whether an object's declared properties hold a person's fields (a user's `login`, a contact's `email`), whose `name` is then a person's name. */
function personLike(properties: Record<string, unknown>): boolean {
  for (const schema of Object.values(properties)) {
    const kind = valueHintOf(schema as JsonSchema)?.kind;
    if (kind !== undefined && PERSONAL_KINDS.has(kind)) return true;
  }
  return false;
}

/**
 * Whether a value of the schema's type is all the schema asks (`{type: string, description}`):
 * most hinted properties, which are then not checked one by one (compiling a check for each
 * property made a large Simulator's first seeding half as slow again).
 */
function typeOnly(schema: JsonSchema): boolean {
  return isObject(schema) && Object.keys(schema).every((key) => key === 'type' || isAnnotation(key));
}

function fits(schema: JsonSchema, value: Json, ctx: GenerateContext): boolean {
  return typeOnly(schema) || ctx.registry.validate(schema, value).ok;
}

/** A string drawn for `schema`, in the case the schema takes (`^[a-z]{3}$`), or undefined. */
function drawString(draw: Draw, schema: JsonSchema, form: ValueHint['form'], ctx: GenerateContext, persona: Persona): string | undefined {
  const value = draw(ctx.random, form, persona);
  return [value, value.toLowerCase(), value.toUpperCase()].find((candidate) => fits(schema, candidate, ctx));
}

/** A year near the clock's, or a number within the bounds its hint gives; undefined for neither or where the schema refuses it. */
function drawNumber(hint: ValueHint, target: JsonObject, schema: JsonSchema, ctx: GenerateContext): number | undefined {
  let value: number;
  if (hint.year !== undefined) {
    const year = ctx.now.getUTCFullYear();
    value = hint.year === 'ahead' ? year + ctx.random.int(1, 5) : year - ctx.random.int(0, 5);
  } else {
    if (hint.range === undefined) return undefined;
    const [min, max, decimals] = hint.range;
    const integer = declaresType(target, 'integer') || decimals === 0;
    if (decimals > 0 && !declaresType(target, 'number')) return undefined;
    value = integer ? ctx.random.int(min, max) : Math.round((min + ctx.random.next() * (max - min)) * 10 ** decimals) / 10 ** decimals;
  }
  return fits(schema, value, ctx) ? value : undefined;
}

/** A moment as epoch seconds or milliseconds, as the hint says. */
function drawEpoch(hint: ValueHint, schema: JsonSchema, ctx: GenerateContext): number | undefined {
  if (hint.epoch === undefined) return undefined;
  const moment = momentFor(hint, ctx);
  const value = hint.epoch === 'millis' ? moment : Math.floor(moment / 1000);
  return fits(schema, value, ctx) ? value : undefined;
}

/**
 * A moment in milliseconds: in the 90 days after the clock for a time ahead (`expires_at`,
 * `due_date`, `valid_until`), 18 to 70 years before it for a birth date, else in the 90 days
 * before it.
 */
function momentFor(hint: ValueHint, ctx: GenerateContext): number {
  const day = 24 * 3600 * 1000;
  if (hint.when === 'birth') return ctx.now.getTime() - ctx.random.int(18 * 365, 70 * 365) * day;
  return ctx.now.getTime() + (hint.when === 'ahead' ? 1 : -1) * ctx.random.int(0, 90 * 24 * 3600) * 1000;
}

/** A date or date-time string for a time ahead of the clock or at a birth; undefined otherwise (the generator's past moment is right). */
function drawMoment(hint: ValueHint, target: JsonObject, schema: JsonSchema, ctx: GenerateContext): string | undefined {
  if (hint.when === undefined) return undefined;
  const text = new Date(momentFor(hint, ctx)).toISOString();
  const value = target.format === 'date' ? text.slice(0, 10) : text;
  return fits(schema, value, ctx) ? value : undefined;
}

/** How a text is drawn by its hint: its description's example, else by its kind; null when the hint says neither. */
function drawerFor(hint: ValueHint, siblings: Record<string, unknown> | undefined): Draw | null {
  if (hint.example !== undefined) {
    const example = hint.example;
    return () => example;
  }
  if (hint.kind === undefined || (hint.personal === true && (siblings === undefined || !personLike(siblings)))) return null;
  return DRAWS[hint.kind];
}

/** The object a property is drawn in: its declared properties (is it a person's?) and the persona its personal fields share. */
export interface Surroundings {
  properties: Record<string, unknown>;
  persona: Persona;
}

/** `false` for a live-system flag whose schema allows it, else undefined. */
export function liveFlag(schema: JsonSchema, ctx: GenerateContext): false | undefined {
  return valueHintOf(schema)?.live === false && ctx.registry.validate(schema, false).ok ? false : undefined;
}

/**
 * A plausible value for a property of schema `schema` by its value hint, or undefined when it
 * has none or the schema asks for something else (an enum, a format, an example, a pattern the
 * value does not match): the generator's own value is kept then. A list of texts is drawn by
 * its items' hint; a number hinted as a moment is one.
 */
export function hintedValue(schema: JsonSchema, ctx: GenerateContext, around?: Surroundings): Json | undefined {
  const hint = valueHintOf(schema);
  if (hint === undefined) return undefined;
  const target = drawnSchema(ctx.registry, schema);
  if (target === null) return undefined;
  if (declaresType(target, 'integer') || declaresType(target, 'number')) return drawEpoch(hint, schema, ctx) ?? drawNumber(hint, target, schema, ctx);
  if (declaresType(target, 'string')) {
    if (target.format === 'date-time' || target.format === 'date') return drawMoment(hint, target, schema, ctx);
    if (typeof target.format === 'string') return undefined;
    const draw = drawerFor(hint, around?.properties);
    return draw === null ? undefined : drawString(draw, schema, hint.form, ctx, around?.persona ?? new Persona());
  }
  if (!declaresType(target, 'array') || target.items === undefined || hint.items === undefined) return undefined;
  const itemSchema = target.items as JsonSchema;
  const items = drawnSchema(ctx.registry, itemSchema);
  if (items === null || !declaresType(items, 'string') || typeof items.format === 'string') return undefined;
  const draw = drawerFor(hint.items, undefined);
  if (draw === null) return undefined;
  const min = typeof target.minItems === 'number' ? target.minItems : 1;
  const max = typeof target.maxItems === 'number' ? target.maxItems : min + 1;
  const out: Json[] = [];
  for (let i = ctx.random.int(Math.max(min, 1), Math.max(min, Math.min(max, 2))); i > 0; i -= 1) {
    // Each item of a list of addresses or names is someone else.
    const value = drawString(draw, itemSchema, hint.items.form, ctx, new Persona());
    if (value === undefined) return undefined;
    // A description's one example is listed once.
    if (out.includes(value) && out.length >= min) break;
    out.push(value);
  }
  return ctx.registry.validate(schema, out).ok ? out : undefined;
}
