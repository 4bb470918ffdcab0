import { describe, expect, it } from 'vitest';
import { SimplaneError } from '../errors/simplane-error.js';
import { parsePageLimit } from './page-limit.js';

describe('parsePageLimit', () => {
  it.each([
    [undefined, 50],
    ['1', 1],
    ['200', 200],
    ['201', 200],
    ['9223372036854775807', 200],
    ['0', 50],
    ['-7', 50],
    ['-9223372036854775808', 50],
    ['+12', 12],
  ])('limit %s gives %i', (raw, expected) => {
    expect(parsePageLimit(raw)).toBe(expected);
  });

  it.each(['', 'abc', '1.5', '1e3', ' 5', '9223372036854775808', '-9223372036854775809', '0x10', '١٢'])(
    'limit %j is 422 validation',
    (raw) => {
      try {
        parsePageLimit(raw);
        expect.unreachable();
      } catch (error) {
        expect(SimplaneError.is(error) && error.code).toBe('validation');
        expect((error as SimplaneError).detail).toMatch(/^limit:/);
      }
    },
  );
});
