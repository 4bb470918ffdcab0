import { describe, expect, it } from 'vitest';
import { addDuration, parseDuration, timeOf } from './duration.js';

const add = (from: string, duration: string) => new Date(addDuration(Date.parse(from), parseDuration(duration)!)).toISOString();

describe('ISO 8601 durations and record times', () => {
  it('reads durations of every part, and nothing else', () => {
    expect(parseDuration('P30D')).toEqual({ years: 0, months: 0, ms: 30 * 86_400_000 });
    expect(parseDuration('PT1H30M')).toEqual({ years: 0, months: 0, ms: 5_400_000 });
    expect(parseDuration('P1Y2M3W4DT5H6M7.5S')).toEqual({ years: 1, months: 2, ms: ((25 * 24 + 5) * 60 + 6) * 60_000 + 7500 });
    for (const bad of ['P', 'PT', 'P1DT', '30D', 'P-1D', 'P1.5D', 'p1d', 'P1H']) expect(parseDuration(bad)).toBeNull();
  });

  it('moves the calendar for years and months (to the month\'s last day where it is shorter), fixed lengths for the rest', () => {
    expect(add('2024-01-31T10:00:00.000Z', 'P1M')).toBe('2024-02-29T10:00:00.000Z');
    expect(add('2024-02-29T00:00:00.000Z', 'P1Y')).toBe('2025-02-28T00:00:00.000Z');
    expect(add('2024-11-15T00:00:00.000Z', 'P2M1D')).toBe('2025-01-16T00:00:00.000Z');
    expect(add('2024-03-30T12:00:00.000Z', 'PT36H')).toBe('2024-04-01T00:00:00.000Z');
  });

  it('reads a record time from a date-time, a date, epoch seconds or milliseconds', () => {
    expect(timeOf('2024-01-02T03:04:05+01:00')).toBe(Date.parse('2024-01-02T02:04:05Z'));
    expect(timeOf('2024-01-02')).toBe(Date.parse('2024-01-02T00:00:00Z'));
    // XSD's forms, as a SOAP Simulation keeps them: no zone is UTC whatever the host's, a dated zone its day.
    expect(timeOf('2024-01-02T03:04:05')).toBe(Date.parse('2024-01-02T03:04:05Z'));
    expect(timeOf('2024-01-02T03:04:05.250')).toBe(Date.parse('2024-01-02T03:04:05.250Z'));
    expect(timeOf('2024-01-02+02:00')).toBe(Date.parse('2024-01-02T00:00:00Z'));
    expect(timeOf('2024-01-02Z')).toBe(Date.parse('2024-01-02T00:00:00Z'));
    expect(timeOf(1_704_067_200)).toBe(1_704_067_200_000);
    expect(timeOf(1_704_067_200_000)).toBe(1_704_067_200_000);
    for (const none of [null, '', 'soon', true, Number.NaN, undefined]) expect(timeOf(none)).toBeNull();
  });
});
