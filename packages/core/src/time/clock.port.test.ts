import { describe, expect, it } from 'vitest';
import { formatTime, parseTime } from './clock.port.js';

describe('formatTime', () => {
  it('answers each instant with its own RFC 3339 text, however calls alternate', () => {
    const a = new Date('2024-01-01T00:00:00.000Z');
    const b = new Date('2031-12-31T23:59:59.999Z');
    expect([formatTime(a), formatTime(a), formatTime(b), formatTime(a), formatTime(new Date(b.getTime()))]).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-01-01T00:00:00.000Z',
      '2031-12-31T23:59:59.999Z',
      '2024-01-01T00:00:00.000Z',
      '2031-12-31T23:59:59.999Z',
    ]);
  });

  it('refuses an invalid date as toISOString does', () => {
    expect(() => formatTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('parseTime', () => {
  it('answers a new Date for each call, right for each text however calls alternate', () => {
    const first = parseTime('2024-01-01T00:00:00.000Z');
    first.setTime(0);
    expect(parseTime('2024-01-01T00:00:00.000Z').toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(parseTime('2030-06-01T12:00:00.500Z').getTime()).toBe(Date.UTC(2030, 5, 1, 12, 0, 0, 500));
    expect(parseTime('2024-01-01T00:00:00.000Z').getTime()).toBe(Date.UTC(2024, 0, 1));
    expect(Number.isNaN(parseTime('not a time').getTime())).toBe(true);
  });
});
