import { describe, expect, it } from 'vitest';
import { SESSION_KEY, clearSession, loadSession, saveSession, sessionFromForm } from './session.js';

/** sessionStorage's part the session functions use, in a Map. */
function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const WORKSPACE = 'wsp_01HZY3V5Q8J6M2N4P7R9S0T1VW';

describe('session storage', () => {
  it('keeps an API key session and a cookie session and reads them back', () => {
    const storage = fakeStorage();
    saveSession(storage, { kind: 'api-key', apiKey: 'spk_secret' });
    expect(loadSession(storage)).toEqual({ kind: 'api-key', apiKey: 'spk_secret' });
    saveSession(storage, { kind: 'cookie', workspaceId: WORKSPACE });
    expect(loadSession(storage)).toEqual({ kind: 'cookie', workspaceId: WORKSPACE });
  });

  it('has no session when nothing is stored', () => {
    expect(loadSession(fakeStorage())).toBeNull();
  });

  it('removes what is stored when it is not a session', () => {
    for (const text of ['not json', 'null', '"key"', '{"kind":"api-key"}', '{"kind":"api-key","apiKey":""}', '{"kind":"cookie","workspaceId":7}', '{"kind":"other","apiKey":"x"}']) {
      const storage = fakeStorage({ [SESSION_KEY]: text });
      expect(loadSession(storage)).toBeNull();
      expect(storage.items.has(SESSION_KEY)).toBe(false);
    }
  });

  it('keeps only the fields of a session', () => {
    const storage = fakeStorage({ [SESSION_KEY]: JSON.stringify({ kind: 'api-key', apiKey: 'k', extra: 'x' }) });
    expect(loadSession(storage)).toEqual({ kind: 'api-key', apiKey: 'k' });
  });

  it('signs out by removing the session and nothing else', () => {
    const storage = fakeStorage({ other: 'kept' });
    saveSession(storage, { kind: 'api-key', apiKey: 'spk_secret' });
    clearSession(storage);
    expect(loadSession(storage)).toBeNull();
    expect([...storage.items.keys()]).toEqual(['other']);
  });
});

describe('sessionFromForm', () => {
  it('trims a pasted key', () => {
    expect(sessionFromForm({ mode: 'api-key', apiKey: '  spk_abc\n', workspaceId: '' })).toEqual({ kind: 'api-key', apiKey: 'spk_abc' });
  });

  it('refuses an empty key or one that cannot be a header value', () => {
    expect(sessionFromForm({ mode: 'api-key', apiKey: ' ', workspaceId: '' })).toHaveProperty('problem');
    expect(sessionFromForm({ mode: 'api-key', apiKey: 'two words', workspaceId: '' })).toHaveProperty('problem');
    expect(sessionFromForm({ mode: 'api-key', apiKey: 'ключ', workspaceId: '' })).toHaveProperty('problem');
  });

  it('takes a workspace ID for the cookie and refuses what is not one', () => {
    expect(sessionFromForm({ mode: 'cookie', apiKey: 'ignored', workspaceId: ` ${WORKSPACE} ` })).toEqual({ kind: 'cookie', workspaceId: WORKSPACE });
    expect(sessionFromForm({ mode: 'cookie', apiKey: '', workspaceId: 'default' })).toHaveProperty('problem');
  });
});
