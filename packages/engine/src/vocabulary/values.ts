import type { ValueKind } from '../artifact/value-hint.js';

/**
 * Words of property names and descriptions that say what a value holds. The compiler reads
 * them into each property's value hint (behaviour/plan-values.ts); the generator draws by the
 * hint.
 */

/** Kinds by a name's words, its last words first (`billing_address_city` is a city). */
export const VALUE_KIND_WORDS: ReadonlyArray<readonly [readonly string[], ValueKind]> = [
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

/** The one field name that is a person's full name where its object holds a person's fields. */
export const PERSON_NAME_FIELD = 'name';

/** Formats of numbers that hold a moment as seconds (Stripe's `unix-time`) or, where named so, milliseconds. */
export const EPOCH_FORMATS: readonly string[] = ['unix-time', 'unixtime', 'unix-timestamp', 'timestamp', 'epoch', 'epoch-seconds', 'epoch-millis', 'unix-time-ms'];
/** Number formats that say nothing beyond the number's size, so that its name may make it a moment. */
export const PLAIN_NUMBER_FORMATS: readonly string[] = ['', 'int64', 'int32'];
/** Last words of a number's name that make it a moment: `created_at`, `expires_at`, `timestamp`. */
export const EPOCH_LAST_WORDS: readonly string[] = ['at', 'timestamp', 'created', 'updated'];
/** Words of a number's name that put its moment in milliseconds. */
export const MILLIS_WORDS: readonly string[] = ['ms', 'millis'];
/** A number format (`epoch-millis`, `unix-time-ms`) or description (`milliseconds since`) that puts a moment in milliseconds. */
export const MILLIS_FORMAT = /milli|ms$/i;
export const MILLIS_DESCRIPTION = /millisecond/i;

/** Numbers whose names bound them: a month, a day of the month, a percentage, a latitude. */
export const NUMBER_RANGES: Readonly<Record<string, readonly [min: number, max: number, decimals: number]>> = {
  month: [1, 12, 0], day: [1, 28, 0], hour: [0, 23, 0], minute: [0, 59, 0], percent: [0, 100, 0], percentage: [0, 100, 0],
  latitude: [-90, 90, 6], lat: [-90, 90, 6], longitude: [-180, 180, 6], lng: [-180, 180, 6], lon: [-180, 180, 6],
};
/** Words that make a share one wherever they stand (`percent_off`, `discount_percentage`). */
export const SHARE_WORDS: readonly string[] = ['percent', 'percentage'];
/** The last word of a number that is a year. */
export const YEAR_WORD = 'year';
/** Words that make a time a birth date. */
export const BIRTH_WORDS: readonly string[] = ['birth', 'birthday', 'dob'];
/** Words that put a time ahead of the clock (a card's `exp_year`, `expires_at`, `due_date`) rather than behind it. */
export const AHEAD_WORDS: readonly string[] = ['exp', 'expiry', 'expiration', 'expires', 'expire', 'expiring', 'due', 'until', 'deadline', 'renews', 'renewal', 'next', 'end', 'ends'];

/** Flags (squashed) saying a record belongs to the live system (Stripe's `livemode`). */
export const LIVE_FLAGS: readonly string[] = ['livemode', 'islive'];

/** A description asking for a currency code in lower case. */
export const LOWER_CASE_DESCRIPTION = /lower-?\s?case/i;
/** A description asking for a three-letter country code. */
export const ALPHA3_DESCRIPTION = /alpha-?3|three-letter|3-letter/i;

/**
 * The example a description gives of its value: quoted after "e.g.", "for example", "such as"
 * (`e.g. "America/New_York"`, ``for example, `signHere` ``), or a single token closed by a
 * bracket, comma or full stop (Stripe's "payment method types (e.g. card)"). Words running on
 * ("for example, you can") give none.
 */
export const DESCRIBED_EXAMPLE = /\b(?:e\.\s?g\.|eg\.|for example|for instance|such as)[,:]?\s+(?:`([^`\n]{1,64})`|"([^"\n]{1,64})"|'([^'\n]{1,64})'|([A-Za-z0-9_+/-]+(?:\.[A-Za-z0-9_+/-]+)*)(?=[),;]|\.(?:\s|$)|$))/i;
