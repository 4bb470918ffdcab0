import { describe, expect, it } from 'vitest';
import { SimulationPool } from './simulation-pool.js';

describe('SimulationPool', () => {
  it('bounds loaded Simulations plus reservations by its capacity', () => {
    const pool = new SimulationPool(2);
    const a = pool.reserve();
    const b = pool.reserve();
    expect(() => pool.reserve()).toThrow(/capacity/);
    a.release();
    a.release();
    const c = pool.reserve();
    expect(() => pool.reserve()).toThrow(/capacity/);
    b.release();
    c.release();
    expect(pool.size).toBe(0);
  });

  it('runs work for one Simulation one piece at a time, in order, even when one fails', async () => {
    const pool = new SimulationPool(1);
    const order: string[] = [];
    const slow = pool.serial('sim_a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('first');
      throw new Error('boom');
    });
    const next = pool.serial('sim_a', async () => {
      order.push('second');
      return 2;
    });
    const other = pool.serial('sim_b', async () => {
      order.push('other');
    });
    await expect(slow).rejects.toThrow('boom');
    expect(await next).toBe(2);
    await other;
    expect(order).toEqual(['other', 'first', 'second']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pool.busy('sim_a')).toBe(false);
  });

  it('starts work at once when nothing is queued, and queues it behind work still running', async () => {
    const pool = new SimulationPool(1);
    const order: string[] = [];
    let release!: () => void;
    const first = pool.serial('sim_a', async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    expect(order).toEqual(['first starts']);
    expect(pool.busy('sim_a')).toBe(true);
    const second = pool.serial('sim_a', async () => {
      order.push('second');
    });
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);
    const thrown = pool.serial('sim_b', () => {
      throw new Error('sync');
    });
    await expect(thrown).rejects.toThrow('sync');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pool.busy('sim_a')).toBe(false);
    expect(pool.busy('sim_b')).toBe(false);
  });
});
