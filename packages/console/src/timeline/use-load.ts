import { useEffect, useState } from 'preact/hooks';
import { errorText } from './format.js';

export type Loaded<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'error'; error: string };

/**
 * One answer, read again when `key` changes; an answer for an earlier key that arrives late is
 * dropped, so quick stepping through the list never shows the wrong step.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (value) => current && setLoaded({ state: 'done', value }),
      (error: unknown) => current && setLoaded({ state: 'error', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; `key` names what it loads.
  }, [key]);
  return loaded;
}
