/** The Simulations, filtered by status and paged, and a form that creates one from a ready Simulator. */
import type { SimulationQuery } from '@simplane/client';
import { useState } from 'preact/hooks';
import { Link } from '../components/link.js';
import { Page } from '../components/page.js';
import { Pager } from '../components/pager.js';
import { Loading, Problem } from '../components/problem.js';
import { RowName } from '../components/row-name.js';
import { StatusBadge } from '../components/status-badge.js';
import { StatusFilter } from '../components/status-filter.js';
import { TimeText } from '../components/time-text.js';
import { useConsole } from '../context.js';
import { FIRST_PAGE, nextPage, previousPage } from '../paging.js';
import { pathFor } from '../router.js';
import { useAction, useLoad } from '../use-load.js';

type Status = NonNullable<SimulationQuery['status']>;
const STATUSES: Status[] = ['running', 'paused', 'stopped'];

export function SimulationsView() {
  const { client } = useConsole();
  const [trail, setTrail] = useState(FIRST_PAGE);
  const [status, setStatus] = useState<Status | ''>('');
  const [creating, setCreating] = useState(false);
  // The answer carries the query it answers, so the caption and the pager describe the page
  // shown, not one still on its way.
  const list = useLoad(async () => ({ trail, status, page: (await client.simulations.pages({ cursor: trail.cursor, limit: 50, ...(status === '' ? {} : { status }) }).next()).value ?? undefined }), [trail, status]);
  const page = list.data?.page;
  const shown = list.data ?? { trail, status };

  return (
    <Page
      title="Simulations"
      actions={
        <button type="button" onClick={() => setCreating(true)} aria-expanded={creating}>
          New Simulation
        </button>
      }
    >
      {creating ? <CreateSimulation onCancel={() => setCreating(false)} /> : null}
      <StatusFilter
        id="simulation-status"
        statuses={STATUSES}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setTrail(FIRST_PAGE);
        }}
      />
      <Problem error={list.error} />
      {page === undefined ? (
        list.error === undefined && <Loading what="the Simulations" />
      ) : page.simulations.length === 0 ? (
        <p>No Simulations{shown.status === '' ? '' : ` with status ${shown.status}`}.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption>Simulations, newest first{shown.status === '' ? '' : `, ${shown.status} only`}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Steps</th>
                <th scope="col">Virtual time</th>
                <th scope="col">World</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.simulations.map((simulation) => (
                <tr key={simulation.id}>
                  <RowName href={pathFor({ view: 'simulation', id: simulation.id })} name={simulation.name} id={simulation.id} />
                  <td>
                    <StatusBadge status={simulation.status} />
                  </td>
                  <td>{simulation.step}</td>
                  <td>
                    <TimeText value={simulation.current_time} />
                  </td>
                  <td>{simulation.world_id === null ? <span class="muted">—</span> : <Link href={pathFor({ view: 'world', id: simulation.world_id })}>{simulation.world_id}</Link>}</td>
                  <td>
                    <TimeText value={simulation.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Simulations" hasPrevious={shown.trail.before.length > 0} nextCursor={page?.next_cursor} onPrevious={() => setTrail(previousPage(shown.trail))} onNext={(cursor) => setTrail(nextPage(shown.trail, cursor))} />
    </Page>
  );
}

/** Creates a Simulation of a ready Simulator, then opens it. */
function CreateSimulation(props: { onCancel: () => void }) {
  const { client, navigate, announce } = useConsole();
  const ready = useLoad(async () => (await client.simulators.pages({ status: 'ready', limit: 200 }).next()).value?.simulators ?? [], []);
  const [simulatorId, setSimulatorId] = useState('');
  const [name, setName] = useState('');
  const [seed, setSeed] = useState('');
  const create = useAction();
  const chosen = simulatorId !== '' ? simulatorId : (ready.data?.[0]?.id ?? '');

  const submit = async (event: Event) => {
    event.preventDefault();
    await create.run(async () => {
      const simulation = await client.simulations.create({ simulator_id: chosen, ...(name.trim() === '' ? {} : { name: name.trim() }), ...(seed.trim() === '' ? {} : { seed: seed.trim() }) });
      announce(`Simulation ${simulation.name} created.`);
      navigate(pathFor({ view: 'simulation', id: simulation.id }));
    });
  };

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="create-simulation-title">
      <h2 id="create-simulation-title">New Simulation</h2>
      <Problem error={ready.error} />
      <div class="field">
        <label for="simulation-simulator">Simulator</label>
        <select id="simulation-simulator" value={chosen} onChange={(event) => setSimulatorId(event.currentTarget.value)} required disabled={ready.data === undefined}>
          {ready.data === undefined ? <option value="">Loading…</option> : null}
          {ready.data?.length === 0 ? <option value="">No ready Simulator</option> : null}
          {ready.data?.map((simulator) => (
            <option key={simulator.id} value={simulator.id}>
              {simulator.name} {simulator.references.length > 0 ? `(${simulator.references.join(', ')})` : `(${simulator.id})`}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="simulation-name">Name (optional)</label>
        <input id="simulation-name" value={name} onInput={(event) => setName(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="simulation-seed">Seed (optional)</label>
        <input id="simulation-seed" value={seed} onInput={(event) => setSeed(event.currentTarget.value)} />
        <p class="hint">The same seed and requests give the same answers.</p>
      </div>
      <Problem error={create.error} />
      <div class="form-actions">
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={create.busy || chosen === ''}>
          Create
        </button>
      </div>
    </form>
  );
}
