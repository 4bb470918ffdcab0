import { describe, expect, it } from 'vitest';
import { compactJson, diffRecords, sameJson } from './record-diff.js';

describe('diffRecords', () => {
  it('names a changed top-level field with both values', () => {
    expect(diffRecords({ id: 1, status: 'available' }, { id: 1, status: 'sold' })).toEqual([{ path: 'status', kind: 'changed', before: 'available', after: 'sold' }]);
  });

  it('walks into nested objects and arrays', () => {
    const before = { owner: { name: 'Ada', address: { city: 'Paris' } }, tags: ['a', 'b'] };
    const after = { owner: { name: 'Ada', address: { city: 'Lyon' } }, tags: ['a', 'c', 'd'] };
    expect(diffRecords(before, after)).toEqual([
      { path: 'owner.address.city', kind: 'changed', before: 'Paris', after: 'Lyon' },
      { path: 'tags[1]', kind: 'changed', before: 'b', after: 'c' },
      { path: 'tags[2]', kind: 'added', after: 'd' },
    ]);
  });

  it('reports fields added and removed, old fields first', () => {
    expect(diffRecords({ a: 1, gone: true }, { a: 1, fresh: null })).toEqual([
      { path: 'gone', kind: 'removed', before: true },
      { path: 'fresh', kind: 'added', after: null },
    ]);
  });

  it('quotes keys that are not identifiers', () => {
    expect(diffRecords({ 'x-y': 1 }, { 'x-y': 2 })).toEqual([{ path: '["x-y"]', kind: 'changed', before: 1, after: 2 }]);
  });

  it('shows a value whose type changed whole', () => {
    expect(diffRecords({ photo: ['u'] }, { photo: { url: 'u' } })).toEqual([{ path: 'photo', kind: 'changed', before: ['u'], after: { url: 'u' } }]);
  });

  it('ignores key order and finds nothing in equal records', () => {
    expect(diffRecords({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toEqual([]);
  });

  it('compares records that are not objects as one value', () => {
    expect(diffRecords(1, 2)).toEqual([{ path: '(record)', kind: 'changed', before: 1, after: 2 }]);
    expect(diffRecords([1], [2])).toEqual([{ path: '(record)', kind: 'changed', before: [1], after: [2] }]);
  });

  it('stops walking at a depth and shows the rest whole', () => {
    const deep = (leaf: number): unknown => ({ a: { b: { c: { d: { e: { f: { g: leaf } } } } } } });
    const [diff] = diffRecords(deep(1), deep(2));
    expect(diff?.path).toBe('a.b.c.d.e.f');
    expect(diff?.after).toEqual({ g: 2 });
  });
});

describe('sameJson and compactJson', () => {
  it('compares as JSON', () => {
    expect(sameJson([1, { a: null }], [1, { a: null }])).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });

  it('prints a value on one line, cut', () => {
    expect(compactJson({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(compactJson('x'.repeat(20), 10)).toBe(`"${'x'.repeat(8)}…`);
    expect(compactJson(undefined)).toBe('—');
  });
});
