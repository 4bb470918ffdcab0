/**
 * How the console signs in, kept in sessionStorage only: it is gone when the tab closes, it
 * is not shared with other tabs' storage by default, and it never reaches a URL, a log or
 * localStorage. Functions take the Storage, so tests pass a fake one.
 */

/** An API key sent as the bearer, or the `simplane_session` cookie with the workspace it acts in. */
export type Session = { kind: 'api-key'; apiKey: string } | { kind: 'cookie'; workspaceId: string };

export const SESSION_KEY = 'simplane.console.session';

/** A stored session, or null when there is none or what is stored is not one (it is then removed). */
export function loadSession(storage: Pick<Storage, 'getItem' | 'removeItem'>): Session | null {
  const text = storage.getItem(SESSION_KEY);
  if (text === null) return null;
  const session = parseSession(text);
  if (session === null) storage.removeItem(SESSION_KEY);
  return session;
}

export function saveSession(storage: Pick<Storage, 'setItem'>, session: Session): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearSession(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(SESSION_KEY);
}

/**
 * The session a sign-in form describes, or why it cannot be one. The key is trimmed (a pasted
 * key often brings a newline) and must be one line of printable characters, as the client
 * requires of a header value.
 */
export function sessionFromForm(form: { mode: 'api-key' | 'cookie'; apiKey: string; workspaceId: string }): Session | { problem: string } {
  if (form.mode === 'api-key') {
    const apiKey = form.apiKey.trim();
    if (apiKey === '') return { problem: 'Enter an API key.' };
    if (!/^[\x21-\x7e]+$/.test(apiKey) || apiKey.length > 1024) return { problem: 'An API key is one line of printable characters without spaces.' };
    return { kind: 'api-key', apiKey };
  }
  const workspaceId = form.workspaceId.trim();
  if (!/^wsp_[0-9A-HJKMNP-TV-Z]{26}$/.test(workspaceId)) return { problem: 'Enter the workspace ID the session acts in (wsp_ and 26 characters).' };
  return { kind: 'cookie', workspaceId };
}

function parseSession(text: string): Session | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, apiKey, workspaceId } = value as Record<string, unknown>;
  if (kind === 'api-key' && typeof apiKey === 'string' && apiKey !== '') return { kind, apiKey };
  if (kind === 'cookie' && typeof workspaceId === 'string' && workspaceId !== '') return { kind, workspaceId };
  return null;
}
