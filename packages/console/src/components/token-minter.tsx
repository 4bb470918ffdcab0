/**
 * Mints a data-plane token. The API shows a token only once, so the console shows it once too:
 * it is kept in this component's memory only and is gone when the view closes.
 */
import type { SimulationToken } from '@simplane/client';
import { useState } from 'preact/hooks';
import { useConsole } from '../context.js';
import { useAction } from '../use-load.js';
import { CopyButton } from './copy-button.js';
import { Problem } from './problem.js';
import { TimeText } from './time-text.js';

const LIFETIMES = [
  { seconds: 3600, label: '1 hour' },
  { seconds: 8 * 3600, label: '8 hours' },
  { seconds: 86400, label: '24 hours' },
];

export function TokenMinter(props: { simulationId: string }) {
  const { client, announce } = useConsole();
  const [ttl, setTtl] = useState(3600);
  const [readOnly, setReadOnly] = useState(false);
  const [token, setToken] = useState<SimulationToken | null>(null);
  const mint = useAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    await mint.run(async () => {
      setToken(await client.simulations.issueToken(props.simulationId, { ttl_seconds: ttl, read_only: readOnly }));
      announce('A token was issued. It is shown once.');
    });
  };

  return (
    <section class="card" aria-labelledby="token-title">
      <h2 id="token-title">Data-plane token</h2>
      <form class="inline-fields" onSubmit={submit}>
        <div class="field">
          <label for="token-ttl">Lifetime</label>
          <select id="token-ttl" value={String(ttl)} onChange={(event) => setTtl(Number(event.currentTarget.value))}>
            {LIFETIMES.map((lifetime) => (
              <option key={lifetime.seconds} value={String(lifetime.seconds)}>
                {lifetime.label}
              </option>
            ))}
          </select>
        </div>
        <label class="choice">
          <input type="checkbox" checked={readOnly} onChange={(event) => setReadOnly(event.currentTarget.checked)} />
          Read-only (every request with it is refused if it can write)
        </label>
        <button type="submit" disabled={mint.busy}>
          Issue a token
        </button>
      </form>
      <Problem error={mint.error} />
      {token === null ? null : (
        <div class="token" role="group" aria-labelledby="token-shown">
          <p id="token-shown" class="warning">
            Copy this {token.read_only ? 'read-only ' : ''}token now: it is shown only once. Send it as the <code>Simulation-Token</code> header. It expires at <TimeText value={token.expires_at} />.
          </p>
          <div class="token-value">
            <label for="token-value" class="visually-hidden">
              The token
            </label>
            <input id="token-value" readOnly value={token.token} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={token.token} label="Copy the token" />
          </div>
        </div>
      )}
    </section>
  );
}
