import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.js';

describe('remembered', () => {
  it('computes a text once, keeps at most its capacity, and never keeps a long text', () => {
    const asked: string[] = [];
    const upper = remembered((text: string) => {
      asked.push(text);
      return text.toUpperCase();
    }, 2, 3);
    expect([upper('ab'), upper('ab'), upper('cd'), upper('ab')]).toEqual(['AB', 'AB', 'CD', 'AB']);
    expect(asked).toEqual(['ab', 'cd']);
    upper('ef'); // full: starts again
    upper('ab');
    expect(asked).toEqual(['ab', 'cd', 'ef', 'ab']);
    upper('long');
    upper('long');
    expect(asked.filter((t) => t === 'long')).toHaveLength(2);
  });

  it('remembers falsy answers too', () => {
    let calls = 0;
    const never = remembered(() => {
      calls += 1;
      return false;
    });
    never('x');
    never('x');
    expect(calls).toBe(1);
  });
});
