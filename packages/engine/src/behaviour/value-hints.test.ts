import { describe, expect, it } from 'vitest';
import type { Artifact, JsonSchema } from '../artifact/artifact.js';
import { generateProperty, generateValue } from '../runtime/values/generate-value.js';
import { randomFor } from '../runtime/values/random.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { describedExample, markSchemaValueHints } from './plan-values.js';

const NOW = new Date('2024-06-01T00:00:00.000Z');
const registry = new SchemaRegistry({ schemas: { Currency: { type: 'string', description: 'Three-letter ISO currency code, in lowercase.' } } } as unknown as Artifact);
const SEEDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** The object generated for `properties` (all required) under each seed. */
function drawn(properties: Record<string, JsonSchema>): Array<Record<string, unknown>> {
  const schema = hinted({ type: 'object', required: Object.keys(properties), properties });
  return SEEDS.map((seed) => {
    const value = generateValue(schema, { registry, random: randomFor(seed), now: NOW }) as Record<string, unknown>;
    expect(registry.validate(schema, value).ok).toBe(true);
    return value;
  });
}

const text: JsonSchema = { type: 'string' };

/** A copy of `schema` with the value hints the compiler writes into its properties. */
function hinted<T extends JsonSchema>(schema: T): T {
  const copy = structuredClone(schema);
  markSchemaValueHints(copy, registry);
  return copy;
}

describe('values drawn by the hints the compiler gives properties by their names', () => {
  it('are shaped as their names say: codes, places, people, contacts, prose', () => {
    for (const v of drawn({
      currency: text, country: text, city: text, postal_code: text, line1: text, line2: text, phone: text, first_name: text, lastName: text,
      email: text, time_zone: text, locale: text, website: text, self: text, hostname: text, ip_address: text, last4: text, description: text, title: text,
    })) {
      expect(v.currency).toMatch(/^[A-Z]{3}$/);
      expect(v.country).toMatch(/^[A-Z]{2}$/);
      expect(v.city).toMatch(/^[A-Z][A-Za-z .'-]+$/);
      expect(v.postal_code).toMatch(/^\d{5}$/);
      expect(v.line1).toMatch(/^\d{1,4} [A-Z0-9]/);
      expect(v.line2).toMatch(/^(Apt\.|Suite|Unit) \d+$/);
      expect(v.phone).toMatch(/^\+1\d{3}55501\d{2}$/);
      expect(v.first_name).toMatch(/^[A-Z][a-z]/);
      expect(v.lastName).toMatch(/^[A-Z]/);
      expect(v.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(v.time_zone).toMatch(/^[A-Z][A-Za-z_]+(\/[A-Za-z_-]+)*$/);
      expect(v.locale).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
      expect(v.website).toMatch(/^https:\/\/example\.com\//);
      expect(v.self).toMatch(/^https:\/\/example\.com\//);
      expect(v.hostname).toMatch(/^[a-z0-9]+\.example\.com$/);
      expect(v.ip_address).toMatch(/^192\.0\.2\.\d+$/);
      expect(v.last4).toMatch(/^\d{4}$/);
      expect(v.description).toMatch(/^[A-Z][^.]*( [^ .]+){3,}\.$/);
      expect(v.title).toMatch(/^[A-Z]\S* \S+$/);
    }
    // A person's name where the object is a person's: a user with a login, a contact with an e-mail.
    for (const v of drawn({ login: text, name: text })) expect(v.name).toMatch(/^[A-Z][^ ]* [A-Z]/);
    for (const v of drawn({ name: text, size: text })) expect(v.name).not.toMatch(/^[A-Z][^ ]* [A-Z]/);
    // Drawn from the seed: not one value for every record.
    expect(new Set(drawn({ city: text }).map((v) => v.city)).size).toBeGreaterThan(3);
  });

  it('follow the case and form the schema or its description asks for, and give way to its own constraints', () => {
    const [v] = drawn({
      currency: { $ref: '#/schemas/Currency' },
      country: { type: 'string', description: 'ISO 3166-1 alpha-3 country code' },
      currency_code: { type: 'string', pattern: '^[a-z]{3}$' },
      city: { type: 'string', enum: ['Paris'] },
      email: { type: 'string', format: 'email' },
      phone: { type: 'string', pattern: '^0\\d{9}$' },
      title: { type: 'string', maxLength: 2 },
      // No name a hint knows: drawn as before.
      nickname_hint: { type: 'string', examples: ['kept'] },
    });
    expect(v!.currency).toMatch(/^[a-z]{3}$/);
    expect(v!.country).toMatch(/^[A-Z]{3}$/);
    expect(v!.currency_code).toMatch(/^[a-z]{3}$/);
    expect(v!.city).toBe('Paris');
    expect(v!.email).toMatch(/@example\.com$/);
    expect(v!.phone).toMatch(/^0\d{9}$/);
    expect(String(v!.title).length).toBeLessThanOrEqual(2);
    expect(v!.nickname_hint).toBe('kept');
  });

  it('draw lists of strings by their singular', () => {
    for (const v of drawn({ preferred_locales: { type: 'array', items: text }, countries: { type: 'array', items: text, minItems: 3 } })) {
      expect(v.preferred_locales).toEqual(expect.arrayContaining([expect.stringMatching(/^[a-z]{2}-[A-Z]{2}$/)]));
      for (const code of v.countries as string[]) expect(code).toMatch(/^[A-Z]{2}$/);
      expect((v.countries as string[]).length).toBeGreaterThanOrEqual(3);
    }
  });

  it("give one object's name, e-mail and login to one person, and a list of addresses to several", () => {
    const handle = (first: unknown, last: unknown) => `${String(first)}.${String(last)}`.toLowerCase().replace(/[^a-z.]/g, '');
    for (const v of drawn({ first_name: text, last_name: text, full_name: text, email: text, login: text, name: text })) {
      const [first, last] = [v.first_name, v.last_name];
      expect(v.full_name).toBe(`${String(first)} ${String(last)}`);
      expect(v.name).toBe(v.full_name);
      expect(v.email).toBe(`${handle(first, last)}@example.com`);
      expect(v.login).toMatch(new RegExp(`^${handle(first, last).replace('.', '\\.')}\\d{2}$`));
    }
    // Objects apart are people apart: a nested author is not the record's owner.
    const people = drawn({ owner: { type: 'object', required: ['email'], properties: { email: text } }, author: { type: 'object', required: ['email'], properties: { email: text } } });
    expect(people.filter((v) => JSON.stringify(v.owner) !== JSON.stringify(v.author)).length).toBeGreaterThan(SEEDS.length / 2);
    const lists = drawn({ emails: { type: 'array', items: text, minItems: 2, maxItems: 2 } }).map((v) => v.emails as string[]);
    expect(lists.filter(([a, b]) => a !== b).length).toBeGreaterThan(SEEDS.length / 2);
  });

  it('agree with the names an object already holds: given ones, a full name, or the words of an e-mail address', () => {
    const ctx = { registry, random: randomFor('person'), now: NOW };
    const contact = hinted({ type: 'object', properties: { first_name: text, last_name: text, name: text, email: text, username: text, display_name: text, full_name: text } }).properties as Record<string, JsonSchema>;
    const drawFor = (name: string, values: Record<string, unknown>) => generateProperty(contact[name]!, ctx, values, contact);
    expect(drawFor('email', { first_name: 'Jane', last_name: "O'Roe" })).toBe('jane.oroe@example.com');
    expect(drawFor('email', { name: 'Jane Roe' })).toBe('jane.roe@example.com');
    expect(drawFor('username', { display_name: 'Jane Roe' })).toMatch(/^jane\.roe\d{2}$/);
    expect(drawFor('first_name', { email: 'jane.roe@example.org' })).toBe('Jane');
    expect(drawFor('full_name', { email: 'jane_roe@example.org' })).toBe('Jane Roe');
    // The name of an object that is not a person's (a product's) says nothing of anyone's e-mail.
    const product = hinted({ type: 'object', properties: { name: text, size: text } }).properties as Record<string, JsonSchema>;
    expect(generateProperty(contact.email!, ctx, { name: 'Blue Widget' }, product)).not.toBe('blue.widget@example.com');
  });

  it('put dates and times named as ahead of the clock after it, and birth dates decades before it', () => {
    for (const v of drawn({
      due_date: { type: 'string', format: 'date' },
      valid_until: { type: 'string', format: 'date-time' },
      date_of_birth: { type: 'string', format: 'date' },
      created_at: { type: 'string', format: 'date-time' },
    })) {
      expect(String(v.due_date) >= '2024-06-01').toBe(true);
      expect(String(v.due_date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(v.valid_until) >= NOW.toISOString()).toBe(true);
      expect(Number(String(v.date_of_birth).slice(0, 4))).toBeLessThanOrEqual(2006);
      expect(Number(String(v.date_of_birth).slice(0, 4))).toBeGreaterThanOrEqual(1954);
      expect(String(v.created_at) <= NOW.toISOString()).toBe(true);
    }
  });

  it('make moments of numbers named or formatted as times, in the 90 days before the clock, and bound months, years and coordinates', () => {
    const nowSeconds = NOW.getTime() / 1000;
    for (const v of drawn({
      created: { type: 'integer', format: 'unix-time' },
      expires_at: { type: 'integer' },
      updated_at_ms: { type: 'integer', format: 'unix-time', description: 'milliseconds since the epoch' },
      exp_month: { type: 'integer' },
      exp_year: { type: 'integer' },
      birth_year: { type: 'integer' },
      latitude: { type: 'number' },
      percent_off: { type: 'number' },
      // A bounded number keeps its bounds: no moment fits.
      start: { type: 'integer', format: 'unix-time', maximum: 10 },
    })) {
      expect(v.created).toBeGreaterThanOrEqual(nowSeconds - 90 * 24 * 3600);
      expect(v.created).toBeLessThanOrEqual(nowSeconds);
      // A time ahead of the clock by its name: within 90 days after it.
      expect(v.expires_at).toBeGreaterThanOrEqual(nowSeconds);
      expect(v.expires_at).toBeLessThanOrEqual(nowSeconds + 90 * 24 * 3600);
      expect(v.updated_at_ms).toBeGreaterThanOrEqual(NOW.getTime() - 90 * 24 * 3600 * 1000);
      expect(v.updated_at_ms).toBeLessThanOrEqual(NOW.getTime());
      expect(v.exp_month).toBeGreaterThanOrEqual(1);
      expect(v.exp_month).toBeLessThanOrEqual(12);
      expect(v.exp_year).toBeGreaterThan(2024);
      expect(v.exp_year).toBeLessThanOrEqual(2029);
      expect(v.birth_year).toBeLessThanOrEqual(2024);
      expect(Math.abs(v.latitude as number)).toBeLessThanOrEqual(90);
      expect(v.percent_off).toBeGreaterThanOrEqual(0);
      expect(v.percent_off).toBeLessThanOrEqual(100);
      expect(v.start).toBeLessThanOrEqual(10);
    }
  });
});

describe('the example a description gives', () => {
  it.each([
    ['IANA Time Zone Database time zone, e.g. "America/New_York".', 'America/New_York'],
    ['Indicates the type of tab (for example, `signHere` or `initialHere`).', 'signHere'],
    ["The tier of the SKU, such as 'Free', 'Basic', 'Standard', or 'Premium'", 'Free'],
    ['The list of payment method types (e.g. card) that this PaymentIntent is allowed to use.', 'card'],
    ['The unique identification number of the payment. For example, P-00000028.', 'P-00000028'],
    ['The hosted domain e.g. example.com if the user is Google apps user.', null],
    ['Query from date with format YYYY-MM-DD (e.g. 2020-01-01)', '2020-01-01'],
    ['An extended description. For example, you can include information about who should join.', null],
    ['The name of the destination bucket (e.g., gs://mybucket).', null],
    ['The offer name. For example, Windows 10 Enterprise.', null],
    ['A plain description.', null],
  ])('%s gives %s', (description, expected) => {
    expect(describedExample(description)).toBe(expected);
  });

  it('is the value of a property whose schema says nothing else, and of the items of a list', () => {
    for (const v of drawn({
      tab_type: { type: 'string', description: 'The type of tab (for example, `signHere`).' },
      payment_method_types: { type: 'array', items: text, description: 'The list of payment method types (e.g. card) that this PaymentIntent is allowed to use.' },
      status_text: { type: 'string', maxLength: 3, description: 'e.g. "completed"' },
    })) {
      expect(v.tab_type).toBe('signHere');
      expect(v.payment_method_types).toEqual(['card']);
      expect(v.status_text).not.toBe('completed');
    }
  });
});
