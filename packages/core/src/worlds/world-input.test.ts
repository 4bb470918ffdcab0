import { describe, expect, it } from 'vitest';
import { parseInput } from '../errors/zod-validation.js';
import { createWorldInput, MEMBER_NAME, memberNames, WORLD_LIMITS } from './world-input.js';

describe('memberNames', () => {
  it('names members after their Simulator, made unique around explicit names', () => {
    const names = memberNames([
      { explicit: undefined, simulatorName: 'petstore' },
      { explicit: undefined, simulatorName: 'petstore' },
      { explicit: 'petstore-2', simulatorName: 'other' },
      { explicit: undefined, simulatorName: 'Pet Store (v2)!' },
      { explicit: undefined, simulatorName: '***' },
    ]);
    expect(names).toEqual(['petstore', 'petstore-3', 'petstore-2', 'pet-store-v2', 'member']);
    for (const name of names) expect(name).toMatch(MEMBER_NAME);
  });

  it('keeps long names within the pattern when it adds a suffix', () => {
    const long = 'a'.repeat(80);
    const names = memberNames([{ explicit: undefined, simulatorName: long }, { explicit: undefined, simulatorName: long }]);
    expect(names[0]).toHaveLength(WORLD_LIMITS.memberName);
    expect(names[1]!.endsWith('-2')).toBe(true);
    for (const name of names) expect(name).toMatch(MEMBER_NAME);
  });
});

describe('createWorldInput', () => {
  it('fills the defaults', () => {
    expect(parseInput(createWorldInput, { simulators: ['pets:v1'] })).toEqual({
      simulators: ['pets:v1'],
      start_time: '2024-01-01T00:00:00.000Z',
      timeout_seconds: 14_400,
    });
  });

  it('refuses duplicate explicit names', () => {
    expect(() => parseInput(createWorldInput, { simulators: [{ simulator: 'a:v1', name: 'x' }, { simulator: 'b:v1', name: 'x' }] })).toThrow(/unique/);
  });
});
