/**
 * Signing in: an API key (sent as the bearer) or the session cookie with a workspace ID. The
 * session is checked against the API (the quota ledger, which every workspace can read) before
 * it is kept, so a wrong key is told at once, not on the first view.
 */
import { SimplaneApiError } from '@simplane/client';
import { useEffect, useRef, useState } from 'preact/hooks';
import { clientFor } from '../api.js';
import { Problem } from '../components/problem.js';
import { sessionFromForm, type Session } from '../session.js';

export function SignIn(props: { onSignedIn: (session: Session) => void; notice?: string }) {
  const [mode, setMode] = useState<'api-key' | 'cookie'>('api-key');
  const [apiKey, setApiKey] = useState('');
  const [workspaceId, setWorkspaceId] = useState('');
  const [message, setMessage] = useState<string | undefined>(props.notice);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Sign in · Simplane';
    heading.current?.focus();
  }, []);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const session = sessionFromForm({ mode, apiKey, workspaceId });
    if ('problem' in session) {
      setMessage(session.problem);
      return;
    }
    setMessage(undefined);
    setBusy(true);
    try {
      await clientFor(session, location.origin).quota();
      props.onSignedIn(session);
    } catch (failure) {
      if (failure instanceof SimplaneApiError && failure.status === 401) {
        setMessage(mode === 'api-key' ? 'The control plane does not know this API key. Check it and try again.' : 'There is no valid session cookie for this control plane. Sign in to your organisation first, or use an API key.');
      } else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <h1 tabIndex={-1} ref={heading}>
        Sign in to Simplane
      </h1>
      <form onSubmit={submit} class="card form" aria-describedby={message === undefined ? undefined : 'sign-in-message'}>
        <fieldset>
          <legend>How to sign in</legend>
          <label class="choice">
            <input type="radio" name="mode" value="api-key" checked={mode === 'api-key'} onChange={() => setMode('api-key')} />
            With an API key
          </label>
          <label class="choice">
            <input type="radio" name="mode" value="cookie" checked={mode === 'cookie'} onChange={() => setMode('cookie')} />
            With my session
          </label>
        </fieldset>
        {mode === 'api-key' ? (
          <div class="field">
            <label for="api-key">API key</label>
            <input id="api-key" name="api-key" type="password" autocomplete="off" spellcheck={false} value={apiKey} onInput={(event) => setApiKey(event.currentTarget.value)} required />
            <p class="hint">Kept in this tab only (session storage) and sent as the bearer; signing out forgets it.</p>
          </div>
        ) : (
          <div class="field">
            <label for="workspace-id">Workspace ID</label>
            <input id="workspace-id" name="workspace-id" type="text" autocomplete="off" spellcheck={false} placeholder="wsp_…" value={workspaceId} onInput={(event) => setWorkspaceId(event.currentTarget.value)} required />
            <p class="hint">Your browser sends the session cookie; the console names the workspace it acts in.</p>
          </div>
        )}
        {message === undefined ? null : (
          <p id="sign-in-message" class="problem" role="alert">
            {message}
          </p>
        )}
        <Problem error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
