import { SimplaneError } from '@simplane/core';
import { describe, expect, it } from 'vitest';
import { StepBatcher } from './step-batcher.js';

/** A write that records its batches and returns only when released. */
function heldWrite(answer: (item: string) => boolean = () => true) {
  const batches: string[][] = [];
  const releases: Array<() => void> = [];
  const write = async (items: readonly string[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map(answer);
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { batches, write, releaseAll };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('StepBatcher', () => {
  it('writes the appends of one turn together, and those that arrive while it writes in the next batch', async () => {
    const held = heldWrite((item) => item !== 'refused');
    const batcher = new StepBatcher(held.write);
    const first = [batcher.add('a'), batcher.add('b')];
    await turn();
    const second = [batcher.add('c'), batcher.add('refused'), batcher.add('d')];
    await turn();
    expect(held.batches).toEqual([['a', 'b']]);
    await held.releaseAll();
    expect(await Promise.all([...first, ...second])).toEqual([true, true, true, false, true]);
    expect(held.batches).toEqual([
      ['a', 'b'],
      ['c', 'refused', 'd'],
    ]);
  });

  it('writes a second batch while the first is in flight, never with a key the first holds', async () => {
    const held = heldWrite();
    const batcher = new StepBatcher(held.write, (item: string) => item.split('-')[0]!);
    const first = [batcher.add('x-1'), batcher.add('y-1')];
    await turn();
    const second = [batcher.add('x-2'), batcher.add('z-1'), batcher.add('y-2'), batcher.add('w-1')];
    await turn();
    // x and y are in flight: z and w go ahead of them, in a statement of their own.
    expect(held.batches).toEqual([
      ['x-1', 'y-1'],
      ['z-1', 'w-1'],
    ]);
    const third = batcher.add('z-2');
    await turn();
    // Two statements in flight: the next waits for one of them.
    expect(held.batches).toHaveLength(2);
    await held.releaseAll();
    expect(await Promise.all([...first, ...second, third])).toEqual([true, true, true, true, true, true, true]);
    expect(held.batches.slice(2).flat().sort()).toEqual(['x-2', 'y-2', 'z-2']);
    // Each key's items were written in the order they came.
    const order = held.batches.flat();
    for (const key of ['x', 'y', 'z']) expect(order.filter((item) => item.startsWith(key))).toEqual([`${key}-1`, `${key}-2`]);
  });

  it('keeps batches within its maximum', async () => {
    const held = heldWrite();
    const batcher = new StepBatcher(held.write, undefined, 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((item) => batcher.add(item));
    await turn();
    await held.releaseAll();
    await Promise.all(all);
    expect(held.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('writes a failed batch again one item at a time, so only the bad item fails', async () => {
    const batches: string[][] = [];
    const batcher = new StepBatcher(async (items: readonly string[]) => {
      batches.push([...items]);
      if (items.includes('bad')) throw new SimplaneError('internal', 'A database statement failed.');
      return items.map(() => true);
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.add(item)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('fails the whole batch at once when the database cannot be reached', async () => {
    let writes = 0;
    const batcher = new StepBatcher(async () => {
      writes += 1;
      throw new SimplaneError('internal_unavailable', 'The database is unavailable; retry shortly.');
    });
    const results = await Promise.allSettled(['a', 'b', 'c'].map((item) => batcher.add(item)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(writes).toBe(1);
    // An idle batcher writes the next append at once.
    await expect(batcher.add('d')).rejects.toThrow(/unavailable/);
    expect(writes).toBe(2);
  });
});
