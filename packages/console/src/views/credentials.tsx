/**
 * Credentials: their metadata, and a form that creates or changes one. The value is
 * write-only: typed into a password field, sent once, never shown back (the API never returns
 * it).
 */
import type { Credential } from '@simplane/client';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { Page } from '../components/page.js';
import { Pager } from '../components/pager.js';
import { Loading, Problem } from '../components/problem.js';
import { TimeText } from '../components/time-text.js';
import { useConsole } from '../context.js';
import { FIRST_PAGE, nextPage, previousPage } from '../paging.js';
import { useAction, useLoad } from '../use-load.js';

export function CredentialsView() {
  const { client, announce } = useConsole();
  const [trail, setTrail] = useState(FIRST_PAGE);
  const [editing, setEditing] = useState<Credential | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Credential | null>(null);
  const list = useLoad(() => client.credentials.pages({ cursor: trail.cursor, limit: 50 }).next(), [trail]);
  const remove = useAction();
  const page = list.data?.value === undefined ? undefined : list.data.value;

  return (
    <Page
      title="Credentials"
      actions={
        <button type="button" onClick={() => setEditing('new')}>
          New credential
        </button>
      }
    >
      <p class="hint">A credential connects a build to a real system. Only its name, base URL and header are shown: the value is never returned.</p>
      {editing === null ? null : (
        <CredentialForm
          credential={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved !== null) {
              announce(`Credential ${saved.name} saved.`);
              list.reload();
            }
          }}
        />
      )}
      <Problem error={list.error ?? remove.error} />
      {page === undefined ? (
        list.error === undefined && <Loading what="the credentials" />
      ) : page.credentials.length === 0 ? (
        <p>No credentials yet.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption>Credentials, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Base URL</th>
                <th scope="col">Header</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.credentials.map((credential) => (
                <tr key={credential.id}>
                  <th scope="row">
                    {credential.name}
                    <span class="hint block">
                      <code>{credential.id}</code>
                    </span>
                  </th>
                  <td>{credential.base_url ?? <span class="muted">none</span>}</td>
                  <td>
                    <code>{credential.header}</code>
                  </td>
                  <td>
                    <TimeText value={credential.created_at} />
                  </td>
                  <td class="row-actions">
                    <button type="button" class="secondary" onClick={() => setEditing(credential)} aria-label={`Change ${credential.name}`}>
                      Change
                    </button>
                    <button type="button" class="danger" onClick={() => setDeleting(credential)} aria-label={`Delete ${credential.name}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Credentials" hasPrevious={trail.before.length > 0} nextCursor={page?.next_cursor} onPrevious={() => setTrail(previousPage(trail))} onNext={(cursor) => setTrail(nextPage(trail, cursor))} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete the credential?"
        confirm="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const target = deleting;
          setDeleting(null);
          if (target === null) return;
          if (await remove.run(() => client.credentials.delete(target.id))) {
            announce(`Credential ${target.name} deleted.`);
            list.reload();
          }
        }}
      >
        <p>Builds can no longer use {deleting?.name}. Simulators built with it keep what they learnt.</p>
      </ConfirmDialog>
    </Page>
  );
}

/** Creates a credential (the value required) or changes one (the value required again when where it goes changes). */
function CredentialForm(props: { credential: Credential | null; onDone: (saved: Credential | null) => void }) {
  const { client } = useConsole();
  const existing = props.credential;
  const [name, setName] = useState(existing?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(existing?.base_url ?? '');
  const [header, setHeader] = useState(existing?.header ?? 'Authorization');
  const [value, setValue] = useState('');
  const save = useAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    let saved: Credential | null = null;
    const ok = await save.run(async () => {
      const base_url = baseUrl.trim() === '' ? null : baseUrl.trim();
      if (existing === null) saved = await client.credentials.create({ name, base_url, header, value });
      else saved = await client.credentials.update(existing.id, { name, base_url, header, ...(value === '' ? {} : { value }) });
    });
    if (ok) {
      setValue('');
      props.onDone(saved);
    }
  };

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="credential-form-title">
      <h2 id="credential-form-title">{existing === null ? 'New credential' : `Change ${existing.name}`}</h2>
      <div class="field">
        <label for="credential-name">Name</label>
        <input id="credential-name" value={name} onInput={(event) => setName(event.currentTarget.value)} required />
      </div>
      <div class="field">
        <label for="credential-base-url">Base URL</label>
        <input id="credential-base-url" type="url" placeholder="https://api.example.com" value={baseUrl} onInput={(event) => setBaseUrl(event.currentTarget.value)} />
        <p class="hint">The real system's https address; a build can use only a credential that has one.</p>
      </div>
      <div class="field">
        <label for="credential-header">Header</label>
        <input id="credential-header" value={header} onInput={(event) => setHeader(event.currentTarget.value)} required />
      </div>
      <div class="field">
        <label for="credential-value">Value</label>
        <input id="credential-value" type="password" autocomplete="new-password" value={value} onInput={(event) => setValue(event.currentTarget.value)} required={existing === null} />
        <p class="hint">{existing === null ? 'Write-only: it is stored encrypted and never shown again.' : 'Write-only: leave it empty to keep the stored value (a new base URL or header needs it again).'}</p>
      </div>
      <Problem error={save.error} />
      <div class="form-actions">
        <button type="button" class="secondary" onClick={() => props.onDone(null)}>
          Cancel
        </button>
        <button type="submit" disabled={save.busy}>
          {existing === null ? 'Create' : 'Save'}
        </button>
      </div>
    </form>
  );
}
