/**
 * A listbox of fixed-height rows that renders only the rows in view (plus an overscan), so ten
 * thousand steps cost what forty do. One scroll container holds a spacer as tall as the whole
 * list; the rendered rows are moved down to where they belong. Focus stays on the container
 * and `aria-activedescendant` names the active row, which is always scrolled into view (and so
 * rendered).
 */
import type { ComponentChild, JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { clampIndex, revealRow, rowsPerPage, virtualWindow } from './virtual-window.js';

export interface VirtualListProps {
  /** The listbox's element id, and the prefix of its rows' ids; unique in the page. */
  id: string;
  label: string;
  count: number;
  /** Pixels; the row class in timeline.css has the same height. */
  rowHeight: number;
  overscan?: number;
  activeIndex: number;
  onActiveChange: (index: number) => void;
  /** Enter, or a click, on a row. */
  onOpen: (index: number) => void;
  /**
   * New rows come in at the top (a newest-first list still loading): a reader scrolled into
   * the list keeps the rows they were looking at instead of watching them slide down.
   */
  growsAtStart?: boolean;
  renderRow: (index: number) => ComponentChild;
  rowKey: (index: number) => string | number;
}

export function VirtualList(props: VirtualListProps): JSX.Element {
  const { id, count, rowHeight, activeIndex } = props;
  const container = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(400);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    setViewportHeight(element.clientHeight);
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const previousCount = useRef(count);
  useLayoutEffect(() => {
    const element = container.current;
    const added = count - previousCount.current;
    previousCount.current = count;
    if (!element || !props.growsAtStart || added <= 0 || element.scrollTop === 0) return;
    element.scrollTop += added * rowHeight;
    setScrollTop(element.scrollTop);
  }, [count]);

  // The active row moved (keys, or the order flipped): bring it into view before painting.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || activeIndex < 0) return;
    const top = revealRow(activeIndex, rowHeight, element.scrollTop, element.clientHeight);
    if (top !== element.scrollTop) {
      element.scrollTop = top;
      setScrollTop(top);
    }
  }, [activeIndex, rowHeight]);

  const visible = virtualWindow({ count, rowHeight, scrollTop, viewportHeight, overscan: props.overscan ?? 8 });

  const move = (to: number) => {
    const next = clampIndex(to, count);
    if (next >= 0 && next !== activeIndex) props.onActiveChange(next);
  };

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const page = rowsPerPage(rowHeight, viewportHeight);
    const from = activeIndex < 0 ? -1 : activeIndex;
    const moves: Record<string, () => void> = {
      ArrowDown: () => move(from + 1),
      ArrowUp: () => move(from < 0 ? 0 : from - 1),
      PageDown: () => move(from + page),
      PageUp: () => move(from - page),
      Home: () => move(0),
      End: () => move(count - 1),
      Enter: () => {
        if (activeIndex >= 0) props.onOpen(activeIndex);
      },
    };
    const action = moves[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const rows: ComponentChild[] = [];
  for (let index = visible.start; index < visible.end; index += 1) {
    const active = index === activeIndex;
    rows.push(
      <div
        key={props.rowKey(index)}
        id={`${id}-row-${index}`}
        role="option"
        aria-selected={active}
        aria-posinset={index + 1}
        aria-setsize={count}
        class={active ? 'tl-row tl-row-active' : 'tl-row'}
        onClick={() => {
          props.onActiveChange(index);
          props.onOpen(index);
        }}
      >
        {props.renderRow(index)}
      </div>,
    );
  }

  return (
    <div
      ref={container}
      id={id}
      class="tl-scroller"
      role="listbox"
      aria-label={props.label}
      tabIndex={0}
      aria-activedescendant={activeIndex >= visible.start && activeIndex < visible.end ? `${id}-row-${activeIndex}` : undefined}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div class="tl-spacer" role="none" style={{ height: `${visible.totalHeight}px` }}>
        <div class="tl-window" role="none" style={{ transform: `translateY(${visible.offset}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
