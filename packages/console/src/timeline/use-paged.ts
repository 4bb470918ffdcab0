import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from './format.js';
import { takeNext } from './paged.js';

export interface Paged<T> {
  items: T[];
  loading: boolean;
  /** The source has no more items. */
  done: boolean;
  error: string | null;
  /** Loads the next batch; ignored while one is loading. */
  more: () => void;
}

/**
 * The first `batch` items of a list, then more on demand. `open` starts the list; a change of
 * `key` starts it again and drops what an earlier list was still loading.
 */
export function usePaged<T>(open: () => AsyncIterator<T>, key: string, batch: number): Paged<T> {
  const [state, setState] = useState<Omit<Paged<T>, 'more'>>({ items: [], loading: true, done: false, error: null });
  const source = useRef<{ key: string; iterator: AsyncIterator<T>; busy: boolean } | null>(null);

  const load = useCallback(async () => {
    const current = source.current;
    if (!current || current.busy) return;
    current.busy = true;
    setState((was) => ({ ...was, loading: true, error: null }));
    try {
      const { items, done } = await takeNext(current.iterator, batch);
      if (source.current !== current) return;
      setState((was) => ({ items: [...was.items, ...items], loading: false, done, error: null }));
    } catch (error) {
      if (source.current === current) setState((was) => ({ ...was, loading: false, error: errorText(error) }));
    } finally {
      current.busy = false;
    }
  }, [batch]);

  useEffect(() => {
    const opened = { key, iterator: open(), busy: false };
    source.current = opened;
    setState({ items: [], loading: true, done: false, error: null });
    void load();
    return () => {
      if (source.current === opened) source.current = null;
      void opened.iterator.return?.();
    };
    // `open` is a new function each render; `key` says when the list it opens changes.
  }, [key, load]);

  return { ...state, more: () => void load() };
}
