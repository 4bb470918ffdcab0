import { describe, expect, it } from 'vitest';
import { clampIndex, revealRow, rowsPerPage, virtualWindow } from './virtual-window.js';

describe('virtualWindow', () => {
  it('renders the visible rows and the overscan on both sides', () => {
    const window = virtualWindow({ count: 10_000, rowHeight: 30, scrollTop: 3000, viewportHeight: 300, overscan: 5 });
    expect(window).toEqual({ start: 95, end: 115, offset: 95 * 30, totalHeight: 300_000 });
  });

  it('renders a row cut by the bottom edge', () => {
    const window = virtualWindow({ count: 100, rowHeight: 30, scrollTop: 15, viewportHeight: 100, overscan: 0 });
    expect(window.start).toBe(0);
    expect(window.end).toBe(4);
  });

  it('stops at the list’s ends', () => {
    expect(virtualWindow({ count: 3, rowHeight: 30, scrollTop: 0, viewportHeight: 600, overscan: 10 })).toEqual({ start: 0, end: 3, offset: 0, totalHeight: 90 });
    const last = virtualWindow({ count: 10_000, rowHeight: 30, scrollTop: 299_700, viewportHeight: 300, overscan: 5 });
    expect(last.end).toBe(10_000);
    expect(last.start).toBe(9985);
  });

  it('renders the last screenful when the list shrank under the scroll position', () => {
    const window = virtualWindow({ count: 20, rowHeight: 30, scrollTop: 90_000, viewportHeight: 300, overscan: 0 });
    expect(window).toEqual({ start: 10, end: 20, offset: 300, totalHeight: 600 });
  });

  it('renders nothing for an empty list', () => {
    expect(virtualWindow({ count: 0, rowHeight: 30, scrollTop: 0, viewportHeight: 300, overscan: 5 })).toEqual({ start: 0, end: 0, offset: 0, totalHeight: 0 });
  });

  it('keeps the rendered rows few, however long the list', () => {
    const window = virtualWindow({ count: 1_000_000, rowHeight: 28, scrollTop: 14_000_000, viewportHeight: 560, overscan: 8 });
    expect(window.end - window.start).toBeLessThanOrEqual(20 + 1 + 16);
  });
});

describe('revealRow', () => {
  it('scrolls up to a row above the view', () => expect(revealRow(2, 30, 300, 150)).toBe(60));
  it('scrolls down just enough for a row below the view', () => expect(revealRow(20, 30, 300, 150)).toBe(21 * 30 - 150));
  it('leaves a visible row where it is', () => expect(revealRow(11, 30, 300, 150)).toBe(300));
});

describe('paging and bounds', () => {
  it('pages by the rows that fit, at least one', () => {
    expect(rowsPerPage(30, 300)).toBe(10);
    expect(rowsPerPage(30, 10)).toBe(1);
  });

  it('clamps an index into the list', () => {
    expect(clampIndex(-3, 10)).toBe(0);
    expect(clampIndex(12, 10)).toBe(9);
    expect(clampIndex(0, 0)).toBe(-1);
  });
});
