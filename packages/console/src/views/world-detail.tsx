/** One World: its members with their status and endpoints, its clock, stop and start. */
import type { World } from '@simplane/client';
import { useState } from 'preact/hooks';
import { Link } from '../components/link.js';
import { Page } from '../components/page.js';
import { Loading, Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { TimeText } from '../components/time-text.js';
import { useConsole } from '../context.js';
import { pathFor } from '../router.js';
import { useAction, useLoad } from '../use-load.js';

export function WorldDetail(props: { id: string }) {
  const { client, announce } = useConsole();
  const loaded = useLoad(() => client.worlds.get(props.id), [props.id], (world) => (world.status === 'creating' || world.active_advance_id !== null ? 1000 : null));
  const action = useAction();
  const world = loaded.data;

  const act = async (what: 'stop' | 'start') => {
    if (world === undefined) return;
    const ok = await action.run(async () => {
      if (what === 'stop') await client.worlds.stop(world.id);
      else await client.worlds.start(world.id);
    });
    if (ok) announce(what === 'stop' ? 'The World is stopped.' : 'The World is running.');
    loaded.reload();
  };

  return (
    <Page
      title={world === undefined ? 'World' : `World ${world.name}`}
      actions={
        world === undefined ? null : world.status === 'stopped' ? (
          <button type="button" disabled={action.busy} onClick={() => act('start')}>
            Start
          </button>
        ) : world.status === 'running' ? (
          <button type="button" class="secondary" disabled={action.busy} onClick={() => act('stop')}>
            Stop
          </button>
        ) : null
      }
    >
      <Problem error={loaded.error ?? action.error} />
      {world === undefined ? loaded.error === undefined && <Loading what="the World" /> : <WorldBody world={world} onChanged={loaded.reload} />}
    </Page>
  );
}

function WorldBody(props: { world: World; onChanged: () => void }) {
  const world = props.world;
  const names = Object.keys(world.members).sort();
  return (
    <>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={world.status} />
        </dd>
        <dt>ID</dt>
        <dd>
          <code>{world.id}</code>
        </dd>
        <dt>Virtual time</dt>
        <dd>
          <TimeText value={world.current_time} /> <span class="hint">(started at <TimeText value={world.start_time} />)</span>
        </dd>
        <dt>Seed</dt>
        <dd>
          <code>{world.seed}</code>
        </dd>
        <dt>Created</dt>
        <dd>
          <TimeText value={world.created_at} />
        </dd>
      </dl>
      {world.error === null ? null : (
        <div class="problem" role="alert">
          <p class="problem-title">{world.error.code}</p>
          <p class="problem-detail">{world.error.detail}</p>
        </div>
      )}
      <section aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {names.length === 0 ? (
          <p class="muted">No member yet: they appear as the build creates them.</p>
        ) : (
          <div class="table-wrap">
            <table>
              <caption>The World's Simulations</caption>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Status</th>
                  <th scope="col">Simulation</th>
                  <th scope="col">Endpoint</th>
                </tr>
              </thead>
              <tbody>
                {names.map((name) => {
                  const member = world.members[name]!;
                  return (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>
                        <StatusBadge status={member.status} />
                      </td>
                      <td>
                        <Link href={pathFor({ view: 'simulation', id: member.simulation_id })}>{member.simulation_id}</Link>
                      </td>
                      <td>
                        <code class="wrap">{world.services[name]?.endpoint ?? '—'}</code>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {world.status === 'running' ? <WorldClock world={world} onChanged={props.onChanged} /> : null}
    </>
  );
}

/** Moves every member's clock to a chosen time at once. */
function WorldClock(props: { world: World; onChanged: () => void }) {
  const { client, announce } = useConsole();
  const [to, setTo] = useState('');
  const advance = useAction();
  return (
    <section aria-labelledby="world-clock-title">
      <h2 id="world-clock-title">Clock</h2>
      <form
        class="inline-fields"
        onSubmit={async (event) => {
          event.preventDefault();
          const target = new Date(`${to}Z`);
          if (Number.isNaN(target.getTime())) return;
          if (await advance.run(async () => void (await client.worlds.advanceTime(props.world.id, { to: target.toISOString() })))) announce('The World\u2019s clock is advancing.');
          props.onChanged();
        }}
      >
        <div class="field">
          <label for="world-advance-to">Advance to (UTC)</label>
          <input id="world-advance-to" type="datetime-local" step={1} value={to} min={props.world.current_time.slice(0, 19)} onInput={(event) => setTo(event.currentTarget.value)} required />
        </div>
        <button type="submit" disabled={advance.busy || props.world.active_advance_id !== null}>
          Advance
        </button>
      </form>
      <Problem error={advance.error} />
    </section>
  );
}
