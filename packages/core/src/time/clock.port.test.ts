import { describe, expect, it } from 'vitest';
import { formatTime } from './clock.port.js';

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
