import { describe, expect, it } from 'vitest';
import { keepMessage, messageView, redactQuery, STEP_BODY_LIMIT } from './step-recording.js';

/** A message as a step shows it. */
const recordMessage = (...args: Parameters<typeof keepMessage>) => messageView(keepMessage(...args));

describe('keepMessage and messageView', () => {
  it('redacts secret headers whatever their case', () => {
    const kept = recordMessage({ Authorization: 'Bearer x', cookie: 'a=b', 'x-api-key': 'k', 'set-cookie': ['s=1'], accept: 'application/json', gone: undefined }, null);
    expect(kept.headers).toEqual({ Authorization: '<redacted>', cookie: '<redacted>', 'x-api-key': '<redacted>', 'set-cookie': '<redacted>', accept: 'application/json' });
    expect(kept).toMatchObject({ body: null, body_truncated: false, body_bytes: 0 });
  });

  it('keeps a header named __proto__ as a header, not as the prototype', () => {
    const headers = JSON.parse('{"__proto__": ["a", "b"], "accept": "text/plain"}') as Record<string, string[] | string>;
    const kept = recordMessage(headers, null);
    expect(Object.getPrototypeOf(kept.headers)).toBe(Object.prototype);
    expect(Object.keys(kept.headers)).toEqual(['__proto__', 'accept']);
    expect(JSON.parse(JSON.stringify(kept.headers))).toEqual(headers);
  });

  it('cuts bodies at 64 KiB without breaking a character, and keeps binary as base64', () => {
    const text = recordMessage({}, Buffer.from('é'.repeat(STEP_BODY_LIMIT)));
    expect(text.body_truncated).toBe(true);
    expect(text.body_encoding).toBe('utf8');
    expect(Buffer.byteLength(text.body!)).toBeLessThanOrEqual(STEP_BODY_LIMIT);
    const binary = recordMessage({}, Uint8Array.from([0xff, 0xfe, 0x00]));
    expect(binary).toMatchObject({ body: '//4A', body_encoding: 'base64', body_truncated: false, body_bytes: 3 });
    expect(recordMessage({}, new Uint8Array(0))).toMatchObject({ body: '', body_encoding: 'utf8', body_bytes: 0 });
  });

  it('keeps the bytes as sent, cut at 64 KiB, without copying them', () => {
    const body = Buffer.alloc(STEP_BODY_LIMIT + 10, 0x61);
    const kept = keepMessage({}, body, { status: 201 });
    expect(kept).toMatchObject({ status: 201, body_bytes: STEP_BODY_LIMIT + 10 });
    expect(kept.body!.byteLength).toBe(STEP_BODY_LIMIT);
    expect(kept.body!.buffer).toBe(body.buffer);
    expect(keepMessage({}, body.subarray(0, 3)).body).toEqual(Buffer.from('aaa'));
  });

  it("redacts the document's own API key headers and query parameters", () => {
    const secrets = { headers: ['x-partner-key'], query: ['api_key', 'sig nature'] };
    const kept = recordMessage({ 'X-Partner-Key': 'p', 'x-other': 'o' }, null, { query: 'a=1&api_key=s3cret&b=2&sig+nature=x&api_key' }, secrets);
    expect(kept.headers).toEqual({ 'X-Partner-Key': '<redacted>', 'x-other': 'o' });
    expect(kept.query).toBe('a=1&api_key=<redacted>&b=2&sig+nature=<redacted>&api_key=<redacted>');
    expect(recordMessage({ 'x-partner-key': 'p' }, null).headers).toEqual({ 'x-partner-key': 'p' });
  });

  it('leaves other parameters byte for byte, including malformed escapes', () => {
    expect(redactQuery('%E0%A4%A=1&x=%20y&api%5Fkey=k', ['api_key'])).toBe('%E0%A4%A=1&x=%20y&api%5Fkey=<redacted>');
    expect(redactQuery('', ['api_key'])).toBe('');
  });
});
