/** Loading what a view shows: its state while it loads, its failure, and polling while it changes. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again, keeping what is shown until the answer comes. */
  reload: () => void;
}

/**
 * Calls `load` when a dependency changes and on `reload`. An answer that arrives after a newer
 * call started is dropped, so a slow page of a list never replaces a later one. With `pollMs`
 * (a function of the latest data, null to stop) it loads again after each answer while the
 * data is still moving, such as a build in progress.
 */
export function useLoad<T>(load: () => Promise<T>, deps: ReadonlyArray<unknown>, pollMs?: (data: T) => number | null): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const call = ++latest.current;
    // Cleared when the view closes or the call is superseded, so an answer arriving after that
    // starts no further poll.
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => {
        if (!live || call !== latest.current) return;
        setState({ data, error: undefined, loading: false });
        const pause = pollMs?.(data) ?? null;
        if (pause !== null) timer = setTimeout(reload, pause);
      },
      (error: unknown) => {
        if (call === latest.current) setState((previous) => ({ ...previous, error, loading: false }));
      },
    );
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
    };
    // `load` is a new function at every render; what it reads is in `deps`.
  }, [...deps, round]);

  return { ...state, reload };
}

/** Runs an action (stop, start, delete), keeping its failure and whether it is still running. */
export function useAction(): { busy: boolean; error: unknown; run: (action: () => Promise<void>) => Promise<boolean>; clear: () => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(undefined) };
}
