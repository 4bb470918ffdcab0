import { faker } from '@faker-js/faker/locale/en';
import { isAnnotation } from '../../annotations.js';
import type { JsonSchema } from '../../artifact/artifact.js';
import { singular, words } from '../../infer/naming.js';
import { isObject, type Json, type JsonObject } from '../../json.js';
import type { GenerateContext } from './generate-context.js';
import type { Random } from './random.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';

/**
 * Plausible values for properties whose names or descriptions say what they hold: a `currency`
 * of `USD`, a `country` of `DE`, a `city` of `Akron`, a `phone` of `+12125550147`, a
 * `first_name` of `Adell`, a `description` that reads as words, the `card` a description gives
 * as its example, a `created_at` near the clock. A client (or an agent) reading a simulated
 * answer sees values shaped like the real API's, not `bravo-8ng1`. The word lists are faker's
 * English data; every draw comes from the Simulation's seeded stream, so values stay
 * deterministic (faker's own generator is never used: seeding it per value cost 30 µs).
 */
const data = faker.rawDefinitions;

const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF'];
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP'];
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';

/** Draws one value of a kind; the description chooses among written forms (`in lowercase`, `alpha-3`); a person's fields are drawn for the object's persona. */
type Draw = (random: Random, description: string, persona: Persona) => string;

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
   * of its e-mail address. Its `name` is a person's where its declared `properties` are.
   */
  static of(values: Record<string, unknown>, properties: Record<string, unknown> = values): Persona {
    const persona = new Persona();
    const person = personLike(properties);
    for (const [key, value] of Object.entries(values)) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      const kind = kindOf(key) ?? (key === 'name' && person ? 'fullName' : null);
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
  currency: (random, description) => {
    const code = random.pick(COMMON_CURRENCIES);
    return /lower-?\s?case/i.test(description) ? code.toLowerCase() : code;
  },
  country: (random, description) => {
    const country = random.pick(countryCodes);
    return /alpha-?3|three-letter|3-letter/i.test(description) ? country.alpha3 : country.alpha2;
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
} satisfies Record<string, Draw>;

type Kind = keyof typeof DRAWS;

/** Kinds by a name's words, its last words first (`billing_address_city` is a city). */
const BY_WORDS: Array<[string[], Kind]> = [
  [['currency'], 'currency'], [['currency', 'code'], 'currency'], [['currency', 'iso'], 'currency'], [['iso', 'currency', 'code'], 'currency'],
  [['country'], 'country'], [['country', 'code'], 'country'], [['country', 'iso'], 'country'], [['country', 'name'], 'countryName'],
  [['language'], 'language'], [['language', 'code'], 'language'], [['lang'], 'language'], [['locale'], 'locale'],
  [['timezone'], 'timeZone'], [['time', 'zone'], 'timeZone'], [['tz'], 'timeZone'], [['timezone', 'id'], 'timeZone'],
  [['phone'], 'phone'], [['phone', 'number'], 'phone'], [['mobile'], 'phone'], [['mobile', 'number'], 'phone'], [['telephone'], 'phone'], [['fax'], 'phone'],
  [['first', 'name'], 'firstName'], [['firstname'], 'firstName'], [['given', 'name'], 'firstName'], [['forename'], 'firstName'],
  [['last', 'name'], 'lastName'], [['lastname'], 'lastName'], [['family', 'name'], 'lastName'], [['surname'], 'lastName'],
  [['full', 'name'], 'fullName'], [['fullname'], 'fullName'], [['contact', 'name'], 'fullName'], [['customer', 'name'], 'fullName'], [['display', 'name'], 'fullName'],
  [['username'], 'username'], [['user', 'name'], 'username'], [['login'], 'username'], [['screen', 'name'], 'username'], [['nickname'], 'username'],
  [['email'], 'email'], [['email', 'address'], 'email'],
  [['company'], 'company'], [['company', 'name'], 'company'], [['business', 'name'], 'company'], [['organization', 'name'], 'company'],
  [['city'], 'city'], [['town'], 'city'], [['locality'], 'city'],
  [['postal', 'code'], 'postalCode'], [['postcode'], 'postalCode'], [['zip'], 'postalCode'], [['zip', 'code'], 'postalCode'], [['zipcode'], 'postalCode'],
  [['street'], 'street'], [['line1'], 'street'], [['line', '1'], 'street'], [['address', 'line1'], 'street'], [['address1'], 'street'], [['street', 'address'], 'street'], [['street1'], 'street'],
  [['line2'], 'streetExtra'], [['line', '2'], 'streetExtra'], [['address2'], 'streetExtra'], [['street2'], 'streetExtra'],
  [['url'], 'url'], [['uri'], 'url'], [['href'], 'url'], [['self'], 'url'], [['website'], 'url'], [['homepage'], 'url'],
  [['hostname'], 'host'], [['host'], 'host'], [['domain'], 'host'], [['domain', 'name'], 'host'],
  [['ip'], 'ip'], [['ip', 'address'], 'ip'], [['ipv4'], 'ip'],
  [['last4'], 'lastDigits'], [['last', '4'], 'lastDigits'], [['color'], 'color'], [['colour'], 'color'], [['slug'], 'slug'],
  [['title'], 'title'], [['subject'], 'title'], [['headline'], 'title'], [['summary'], 'title'],
  [['description'], 'sentence'], [['body'], 'sentence'], [['message'], 'sentence'], [['comment'], 'sentence'], [['note'], 'sentence'], [['notes'], 'sentence'],
  [['bio'], 'sentence'], [['memo'], 'sentence'], [['caption'], 'sentence'], [['content'], 'sentence'],
];

/** Lookup by the words joined with a space; the longest ending of a name that is listed wins. */
const KINDS = new Map(BY_WORDS.map(([w, kind]) => [w.join(' '), kind]));
const LONGEST = Math.max(...BY_WORDS.map(([w]) => w.length));
const kindCache = new Map<string, Kind | null>();

function kindOf(name: string): Kind | null {
  const cached = kindCache.get(name);
  if (cached !== undefined) return cached;
  const all = words(name);
  let kind: Kind | null = null;
  for (let take = Math.min(LONGEST, all.length); take >= 1 && kind === null; take -= 1) kind = KINDS.get(all.slice(-take).join(' ')) ?? null;
  // Names are an artifact's property names: few, but bounded all the same.
  if (kindCache.size < 10_000) kindCache.set(name, kind);
  return kind;
}

/** Formats of numbers that hold a moment as seconds (Stripe's `unix-time`) or, where named so, milliseconds. */
const EPOCH_FORMATS = new Set(['unix-time', 'unixtime', 'unix-timestamp', 'timestamp', 'epoch', 'epoch-seconds', 'epoch-millis', 'unix-time-ms']);
/** Last words of a number's name that make it a moment: `created_at`, `expires_at`, `timestamp`. */
const EPOCH_WORDS = new Set(['at', 'timestamp', 'created', 'updated']);

/** Kinds of property that make an object a person's (a user with a `login`, a contact with an `email`), whose `name` is then a person's name. */
const PERSONAL: ReadonlySet<Kind> = new Set(['email', 'username', 'phone', 'firstName', 'lastName']);

function personLike(properties: Record<string, unknown>): boolean {
  for (const key of Object.keys(properties)) {
    const kind = kindOf(key);
    if (kind !== null && PERSONAL.has(kind)) return true;
  }
  return false;
}

/**
 * The schema a value is drawn for, through `$ref`s and one-part `allOf` wrappers; null when it
 * chooses its values itself (a const, an enum, examples).
 */
function plain(registry: SchemaRegistry, schema: JsonSchema): JsonObject | null {
  let current: JsonSchema | null = schema;
  for (let hops = 0; hops < 8 && isObject(current); hops += 1) {
    if (typeof current.$ref === 'string') {
      current = registry.resolve(current);
      continue;
    }
    if (Array.isArray(current.allOf) && Object.keys(current).every((key) => key === 'allOf' || isAnnotation(key))) {
      const parts = (current.allOf as JsonSchema[]).filter((part) => !(isObject(part) && Object.keys(part).every(isAnnotation)));
      if (parts.length !== 1) return null;
      current = parts[0] as JsonSchema;
      continue;
    }
    const constrained = Object.hasOwn(current, 'const') || Array.isArray(current.enum) || Array.isArray(current.examples);
    return constrained ? null : current;
  }
  return null;
}

function typed(schema: JsonObject, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

function descriptionOf(schema: JsonSchema, target: JsonObject): string {
  return [isObject(schema) ? schema.description : undefined, target.description].filter((d) => typeof d === 'string').join(' ');
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
function drawString(draw: Draw, schema: JsonSchema, description: string, ctx: GenerateContext, persona: Persona): string | undefined {
  const value = draw(ctx.random, description, persona);
  return [value, value.toLowerCase(), value.toUpperCase()].find((candidate) => fits(schema, candidate, ctx));
}

/** Numbers whose names bound them: a month, a day of the month, a percentage, a latitude. */
const NUMBER_RANGES: Record<string, [min: number, max: number, decimals: number]> = {
  month: [1, 12, 0], day: [1, 28, 0], hour: [0, 23, 0], minute: [0, 59, 0], percent: [0, 100, 0], percentage: [0, 100, 0],
  latitude: [-90, 90, 6], lat: [-90, 90, 6], longitude: [-180, 180, 6], lng: [-180, 180, 6], lon: [-180, 180, 6],
};
/** Words that make a time a birth date. */
const BIRTH = new Set(['birth', 'birthday', 'dob']);
/** Words that put a time ahead of the clock (a card's `exp_year`, `expires_at`, `due_date`) rather than behind it. */
const AHEAD = new Set(['exp', 'expiry', 'expiration', 'expires', 'expire', 'expiring', 'due', 'until', 'deadline', 'renews', 'renewal', 'next', 'end', 'ends']);

/** A number its name bounds, or a year near the clock's; undefined for other names or where the schema refuses it. */
function drawNumber(name: string, target: JsonObject, schema: JsonSchema, ctx: GenerateContext): number | undefined {
  const named = words(name);
  const last = named.at(-1) ?? '';
  let value: number;
  if (last === 'year') {
    const year = ctx.now.getUTCFullYear();
    value = named.some((word) => AHEAD.has(word)) ? year + ctx.random.int(1, 5) : year - ctx.random.int(0, 5);
  } else {
    // A share is one wherever the word stands (`percent_off`, `discount_percentage`).
    const range = NUMBER_RANGES[last] ?? NUMBER_RANGES[named.find((word) => word === 'percent' || word === 'percentage') ?? ''];
    if (range === undefined) return undefined;
    const [min, max, decimals] = range;
    const integer = typed(target, 'integer') || decimals === 0;
    if (decimals > 0 && !typed(target, 'number')) return undefined;
    value = integer ? ctx.random.int(min, max) : Math.round((min + ctx.random.next() * (max - min)) * 10 ** decimals) / 10 ** decimals;
  }
  return fits(schema, value, ctx) ? value : undefined;
}

/** A moment in the 90 days before the clock, as epoch seconds or (named or described so) milliseconds. */
function drawEpoch(name: string, target: JsonObject, schema: JsonSchema, ctx: GenerateContext): number | undefined {
  const format = typeof target.format === 'string' ? target.format : '';
  const named = words(name);
  const plainNumber = format === '' || format === 'int64' || format === 'int32';
  if (!EPOCH_FORMATS.has(format) && !(plainNumber && EPOCH_WORDS.has(named.at(-1) ?? ''))) return undefined;
  const millis = /milli|ms$/i.test(format) || named.includes('ms') || named.includes('millis') || /millisecond/i.test(descriptionOf(schema, target));
  const moment = momentFor(named, ctx);
  const value = millis ? moment : Math.floor(moment / 1000);
  return fits(schema, value, ctx) ? value : undefined;
}

/**
 * A moment for a time named `named`, in milliseconds: in the 90 days after the clock for a
 * time ahead (`expires_at`, `due_date`, `valid_until`), 18 to 70 years before it for a birth
 * date, else in the 90 days before it.
 */
function momentFor(named: string[], ctx: GenerateContext): number {
  const day = 24 * 3600 * 1000;
  if (named.some((word) => BIRTH.has(word))) return ctx.now.getTime() - ctx.random.int(18 * 365, 70 * 365) * day;
  const ahead = named.some((word) => AHEAD.has(word));
  return ctx.now.getTime() + (ahead ? 1 : -1) * ctx.random.int(0, 90 * 24 * 3600) * 1000;
}

/** A date or date-time string for a time whose name puts it ahead of the clock or at a birth; undefined for other names (the generator's past moment is right). */
function drawMoment(name: string, target: JsonObject, schema: JsonSchema, ctx: GenerateContext): string | undefined {
  const named = words(name);
  if (!named.some((word) => AHEAD.has(word) || BIRTH.has(word))) return undefined;
  const text = new Date(momentFor(named, ctx)).toISOString();
  const value = target.format === 'date' ? text.slice(0, 10) : text;
  return fits(schema, value, ctx) ? value : undefined;
}

/**
 * The example a description gives of its value: quoted after "e.g.", "for example", "such as"
 * (`e.g. "America/New_York"`, ``for example, `signHere` ``), or a single token closed by a
 * bracket, comma or full stop (Stripe's "payment method types (e.g. card)"). Words running on
 * ("for example, you can") give none.
 */
const DESCRIBED = /\b(?:e\.\s?g\.|eg\.|for example|for instance|such as)[,:]?\s+(?:`([^`\n]{1,64})`|"([^"\n]{1,64})"|'([^'\n]{1,64})'|([A-Za-z0-9_+/-]+(?:\.[A-Za-z0-9_+/-]+)*)(?=[),;]|\.(?:\s|$)|$))/i;

const describedCache = new Map<string, string | null>();

export function describedExample(description: string): string | null {
  if (description === '') return null;
  const cached = describedCache.get(description);
  if (cached !== undefined) return cached;
  const found = DESCRIBED.exec(description.slice(0, 2000));
  const example = found === null ? null : (found[1] ?? found[2] ?? found[3] ?? found[4] ?? null);
  // Descriptions are an artifact's: few, but bounded all the same.
  if (describedCache.size < 10_000) describedCache.set(description, example);
  return example;
}

/** How a string is drawn for a property: its description's example, else by the kind its name says; null when neither says anything. */
function drawerFor(name: string, description: string, siblings: Record<string, unknown> | undefined): Draw | null {
  const described = describedExample(description);
  if (described !== null) return () => described;
  const kind = kindOf(name) ?? (name === 'name' && siblings !== undefined && personLike(siblings) ? 'fullName' : null);
  return kind === null ? null : DRAWS[kind];
}

/** The object a property is drawn in: its declared properties (is it a person's?) and the persona its personal fields share. */
export interface Surroundings {
  properties: Record<string, unknown>;
  persona: Persona;
}

/**
 * A plausible value for property `name` of schema `schema`, or undefined when neither its name
 * nor its description says anything, or the schema asks for something else (an enum, a format,
 * an example, a pattern the value does not match): the generator's own value is kept then. A
 * list of strings is drawn by its singular (`preferred_locales`) or the example its description
 * gives, a number named or formatted as a moment is one.
 */
export function hintedValue(name: string, schema: JsonSchema, ctx: GenerateContext, around?: Surroundings): Json | undefined {
  const target = plain(ctx.registry, schema);
  if (target === null) return undefined;
  if (typed(target, 'integer') || typed(target, 'number')) return drawEpoch(name, target, schema, ctx) ?? drawNumber(name, target, schema, ctx);
  if (typed(target, 'string')) {
    if (target.format === 'date-time' || target.format === 'date') return drawMoment(name, target, schema, ctx);
    if (typeof target.format === 'string') return undefined;
    const description = descriptionOf(schema, target);
    const draw = drawerFor(name, description, around?.properties);
    return draw === null ? undefined : drawString(draw, schema, description, ctx, around?.persona ?? new Persona());
  }
  if (!typed(target, 'array') || target.items === undefined) return undefined;
  const itemSchema = target.items as JsonSchema;
  const items = plain(ctx.registry, itemSchema);
  if (items === null || !typed(items, 'string') || typeof items.format === 'string') return undefined;
  const named = words(name);
  const itemName = named.length > 0 ? [...named.slice(0, -1), singular(named.at(-1)!)].join('_') : '';
  const itemDescription = descriptionOf(itemSchema, items);
  const draw = drawerFor(itemName, describedExample(itemDescription) === null ? descriptionOf(schema, target) : itemDescription, undefined);
  if (draw === null) return undefined;
  const min = typeof target.minItems === 'number' ? target.minItems : 1;
  const max = typeof target.maxItems === 'number' ? target.maxItems : min + 1;
  const out: Json[] = [];
  for (let i = ctx.random.int(Math.max(min, 1), Math.max(min, Math.min(max, 2))); i > 0; i -= 1) {
    // Each item of a list of addresses or names is someone else.
    const value = drawString(draw, itemSchema, itemDescription, ctx, new Persona());
    if (value === undefined) return undefined;
    // A description's one example is listed once.
    if (out.includes(value) && out.length >= min) break;
    out.push(value);
  }
  return ctx.registry.validate(schema, out).ok ? out : undefined;
}
