import { describe, expect, it } from 'vitest';
import { scrubJson, scrubText, secretForms } from './scrub-secret.js';

const SECRET = 'sk_live_51Hx/+=Zq';

describe('a secret scrubbed from what a build keeps', () => {
  it('is found as it is, percent-encoded and in base64', () => {
    expect(secretForms(SECRET)).toEqual(expect.arrayContaining([SECRET, encodeURIComponent(SECRET), Buffer.from(SECRET).toString('base64')]));
    expect(secretForms('')).toEqual([]);
  });

  it("finds a scheme's token alone, where it is long enough to be the secret", () => {
    const token = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
    expect(scrubText(`you sent ${token} and ${Buffer.from(token).toString('base64')}`, `Bearer ${token}`)).toBe('you sent <redacted> and <redacted>');
    // A short token is the secret only with its scheme: "Bearer abc" does not redact every "abc".
    expect(scrubText('abc and Bearer abc', 'Bearer abc')).toBe('abc and <redacted>');
  });

  it('leaves no form of it in a text, and the rest of the text as it was', () => {
    const basic = Buffer.from(SECRET).toString('base64');
    const text = `key=${encodeURIComponent(SECRET)}; again ${SECRET}${SECRET}; basic ${basic}; end`;
    const scrubbed = scrubText(text, SECRET);
    for (const form of secretForms(SECRET)) expect(scrubbed).not.toContain(form);
    expect(scrubbed).toBe('key=<redacted>; again <redacted><redacted>; basic <redacted>; end');
  });

  it('reaches every text and key of a JSON value, and changes nothing else', () => {
    const answer = { id: 'cus_1', echo: `Bearer ${SECRET}`, nested: [{ [SECRET]: 1, note: 'plain', count: 3, ok: true, none: null }], __proto__field: SECRET };
    const scrubbed = scrubJson(answer, SECRET);
    expect(JSON.stringify(scrubbed)).not.toContain(SECRET);
    expect(scrubbed).toEqual({ id: 'cus_1', echo: 'Bearer <redacted>', nested: [{ '<redacted>': 1, note: 'plain', count: 3, ok: true, none: null }], __proto__field: '<redacted>' });
    // The value given is not changed.
    expect(answer.echo).toBe(`Bearer ${SECRET}`);
  });
});
