import { describe, expect, it } from 'vitest';
import { byResource } from './timeline-api.js';

describe('byResource', () => {
  it('groups records by resource in the order each resource first came', () => {
    const items = [
      { resource: 'Pet', key: '1' },
      { resource: 'Order', key: '9' },
      { resource: 'Pet', key: '2' },
    ];
    expect(byResource(items)).toEqual([
      ['Pet', [items[0], items[2]]],
      ['Order', [items[1]]],
    ]);
  });
});
