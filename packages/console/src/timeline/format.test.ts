import { describe, expect, it } from 'vitest';
import { formatBody, formatTime, fromDateTimeLocal, randomKey, toDateTimeLocal } from './format.js';

describe('times', () => {
  it('writes a virtual time in UTC, milliseconds only when there are some', () => {
    expect(formatTime('2024-01-01T00:00:00.000Z')).toBe('2024-01-01 00:00:00Z');
    expect(formatTime('2024-01-01T01:00:00.250+01:00')).toBe('2024-01-01 00:00:00.250Z');
    expect(formatTime('soon')).toBe('soon');
  });

  it('round-trips a datetime-local value as UTC', () => {
    expect(toDateTimeLocal('2024-02-01T12:30:05.000Z')).toBe('2024-02-01T12:30:05');
    expect(fromDateTimeLocal('2024-02-01T12:30:05')).toBe('2024-02-01T12:30:05.000Z');
    expect(fromDateTimeLocal('2024-02-01T12:30')).toBe('2024-02-01T12:30:00.000Z');
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('2024-13-45T99:00')).toBeNull();
  });
});

describe('formatBody', () => {
  const body = (text: string | null, more: Partial<Parameters<typeof formatBody>[0]> = {}) => formatBody({ body: text, body_encoding: 'utf8', body_truncated: false, body_bytes: text?.length ?? 0, ...more });

  it('pretty-prints JSON', () => expect(body('{"id":1,"tags":["a"]}').text).toBe('{\n  "id": 1,\n  "tags": [\n    "a"\n  ]\n}'));
  it('keeps other text as it came', () => expect(body('<xml/>')).toEqual({ text: '<xml/>', note: null }));
  it('says a body was cut', () => expect(body('{"id":', { body_truncated: true, body_bytes: 70_000 })).toEqual({ text: '{"id":', note: 'cut at 64 KiB of 70000 bytes' }));
  it('names a binary body', () => expect(body('AAEC', { body_encoding: 'base64', body_bytes: 3 }).note).toBe('binary, 3 bytes, base64'));
  it('has nothing to show for no body', () => expect(body(null).text).toBe(''));
});

describe('randomKey', () => {
  it('differs each time', () => expect(randomKey()).not.toBe(randomKey()));
});
