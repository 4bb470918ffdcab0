import type { Step } from '@simplane/client';
import { describe, expect, it } from 'vitest';
import { takeNext } from './paged.js';
import { appendSteps, indexOfStep, stepIndex } from './step-log.js';

const step = (n: number): Step => ({
  step: n,
  kind: 'api',
  label: `POST /pets`,
  operation: 'addPet',
  status: 201,
  time_before: '2024-01-01T00:00:00.000Z',
  time_after: '2024-01-01T00:00:00.000Z',
  advance_id: null,
  via: 'http',
  created_at: '2026-11-29T00:00:00.000Z',
});

describe('appendSteps', () => {
  it('adds the steps after the last known one', () => {
    expect(appendSteps([step(1), step(2)], [step(2), step(3)]).map((s) => s.step)).toEqual([1, 2, 3]);
  });

  it('keeps the same list when nothing is new, so nothing re-renders', () => {
    const known = [step(1)];
    expect(appendSteps(known, [step(1)])).toBe(known);
  });

  it('starts an empty list, from any first step (a fork continues its parent’s numbering)', () => {
    expect(appendSteps([], [step(5), step(6)]).map((s) => s.step)).toEqual([5, 6]);
  });
});

describe('stepIndex', () => {
  it('maps rows to steps either way', () => {
    expect(stepIndex(0, 10, 'oldest')).toBe(0);
    expect(stepIndex(0, 10, 'newest')).toBe(9);
    expect(stepIndex(9, 10, 'newest')).toBe(0);
  });
});

describe('takeNext', () => {
  async function* numbers(count: number) {
    for (let n = 1; n <= count; n += 1) yield n;
  }

  it('takes a batch and leaves the rest for the next', async () => {
    const source = numbers(5);
    expect(await takeNext(source, 3)).toEqual({ items: [1, 2, 3], done: false });
    expect(await takeNext(source, 3)).toEqual({ items: [4, 5], done: true });
  });

  it('says an exactly emptied source is done only on the next call', async () => {
    const source = numbers(2);
    expect(await takeNext(source, 2)).toEqual({ items: [1, 2], done: false });
    expect(await takeNext(source, 2)).toEqual({ items: [], done: true });
  });
});

describe('indexOfStep', () => {
  const steps = [3, 4, 5, 9].map(step);

  it('finds a step’s row either way', () => {
    expect(indexOfStep(steps, 5, 'oldest')).toBe(2);
    expect(indexOfStep(steps, 5, 'newest')).toBe(1);
    expect(indexOfStep(steps, 9, 'newest')).toBe(0);
  });

  it('answers -1 for a step not in the list', () => expect(indexOfStep(steps, 6, 'oldest')).toBe(-1));
});
