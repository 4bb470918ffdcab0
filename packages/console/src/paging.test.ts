import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, nextPage, previousPage } from './paging.js';

describe('cursor trail', () => {
  it('goes forward by cursors and back through the ones it saw', () => {
    const second = nextPage(FIRST_PAGE, 'c2');
    const third = nextPage(second, 'c3');
    expect(third).toEqual({ cursor: 'c3', before: [undefined, 'c2'] });
    expect(previousPage(third)).toEqual(second);
    expect(previousPage(second)).toEqual(FIRST_PAGE);
  });

  it('stays on the first page when asked for the one before it', () => {
    expect(previousPage(FIRST_PAGE)).toBe(FIRST_PAGE);
  });
});
