import { describe, expect, it } from 'vitest';
import type { ListShape } from '../artifact/artifact.js';
import { listShapeV3 } from './list-upgrade.js';

const v3 = (paging: ListShape['paging'], cursor: string | null): ListShape => ({
  paging,
  parameters: { limit: 'limit', offset: null, page: null, cursor, sort: null },
  filters: [],
  itemsField: 'data',
  nextCursorField: 'next_cursor',
  hasMoreField: 'has_more',
  totalField: null,
});

describe('a version 3 list shape read by version 4', () => {
  it('offers a next page whenever records are left, as that engine did, even with no parameter to ask for it by', () => {
    expect(listShapeV3(v3('none', null)).next).toEqual({ offered: true, cursor: 'offset', holds: 'cursor', end: 'null', linkHeader: null });
  });

  it('takes a record id for a cursor parameter named with `after`, in any case, and an opaque position for any other', () => {
    expect(listShapeV3(v3('cursor', 'starting_after')).next?.cursor).toBe('record-id');
    expect(listShapeV3(v3('cursor', 'StartAfter')).next?.cursor).toBe('record-id');
    expect(listShapeV3(v3('cursor', 'ending_before')).next?.cursor).toBe('offset');
    expect(listShapeV3(v3('cursor', 'ExclusiveStartTableName')).next?.cursor).toBe('offset');
  });

  it('keeps everything else of the shape, and a shape that already says how it pages', () => {
    const shape = v3('cursor', 'cursor');
    expect(listShapeV3(shape)).toEqual({ ...shape, next: { offered: true, cursor: 'offset', holds: 'cursor', end: 'null', linkHeader: null } });
    const decided: ListShape = { ...shape, next: { offered: false, cursor: 'record-id', holds: 'url', end: 'absent', linkHeader: 'Link' } };
    expect(listShapeV3(decided)).toBe(decided);
  });
});
