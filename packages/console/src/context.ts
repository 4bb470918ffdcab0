/** What every view reaches without passing it down: the client, navigation and the live region. */
import type { SimplaneClient } from '@simplane/client';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export interface ConsoleContext {
  client: SimplaneClient;
  /** Goes to a console path, adding it to the history. */
  navigate: (path: string) => void;
  /** Says something in the polite live region, for a screen reader to read out. */
  announce: (message: string) => void;
}

export const Console = createContext<ConsoleContext | null>(null);

export function useConsole(): ConsoleContext {
  const value = useContext(Console);
  if (value === null) throw new Error('useConsole is used outside the signed-in console');
  return value;
}
