import { setOwn } from '../objects/own-properties.js';

/** What stands in for a Credential's secret wherever a build would have kept it. */
export const SCRUBBED = '<redacted>';

/** A token shorter than this, after an authorization scheme, is scrubbed only as part of the whole value. */
const MIN_TOKEN = 8;

/**
 * The forms a secret travels in, longest first: as it is, percent-encoded (in a URL or a form),
 * base64 (in a Basic authorization), and, for a value with a scheme (`Bearer <token>`), the
 * token alone in each of those forms. A real system may echo any of them in an answer.
 */
export function secretForms(secret: string): string[] {
  if (secret === '') return [];
  const token = /^[A-Za-z][\w.+-]*\s+(\S.*)$/.exec(secret)?.[1];
  const values = token !== undefined && token.length >= MIN_TOKEN ? [secret, token] : [secret];
  const forms = values.flatMap((value) => {
    const base64 = Buffer.from(value, 'utf8').toString('base64');
    return [value, encodeURIComponent(value), base64, base64.replace(/=+$/, '')];
  });
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** A text with every form of the secret in it replaced by `<redacted>`. */
export function scrubText(text: string, secret: string): string {
  let out = text;
  for (const form of secretForms(secret)) if (out.includes(form)) out = out.split(form).join(SCRUBBED);
  return out;
}

/**
 * A JSON value with every form of the secret scrubbed from its texts and its keys, at any
 * depth: what a credential-backed build keeps of a real system's answers (records, examples,
 * warnings) never holds the secret, however the system echoed it.
 */
export function scrubJson<T>(value: T, secret: string): T {
  if (secret === '') return value;
  if (typeof value === 'string') return scrubText(value, secret) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubJson(item, secret)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) setOwn(out, scrubText(key, secret), scrubJson(inner, secret));
  return out as T;
}
