/**
 * One Simulation: its status, clock and endpoint, tokens, stop, start and delete, and the
 * timeline of its steps and its clock panel. A World's member is managed through its World,
 * so its lifecycle buttons are replaced by a link there.
 */
import type { Simulation } from '@simplane/client';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { Link } from '../components/link.js';
import { Page } from '../components/page.js';
import { Loading, Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { TimeText } from '../components/time-text.js';
import { TokenMinter } from '../components/token-minter.js';
import { useConsole } from '../context.js';
import { pathFor } from '../router.js';
import { ClockPanel, StepTimeline } from '../timeline/index.js';
import { useAction, useLoad } from '../use-load.js';

export function SimulationDetail(props: { id: string }) {
  const { client, navigate, announce } = useConsole();
  const loaded = useLoad(() => client.simulations.get(props.id), [props.id]);
  const action = useAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const simulation = loaded.data;

  const act = async (what: 'stop' | 'start') => {
    if (simulation === undefined) return;
    const ok = await action.run(async () => {
      if (what === 'stop') await client.simulations.stop(simulation.id);
      else await client.simulations.start(simulation.id);
    });
    if (ok) announce(what === 'stop' ? 'The Simulation is stopped.' : 'The Simulation is running.');
    loaded.reload();
  };

  const owned = simulation !== undefined && simulation.world_id !== null;
  return (
    <Page
      title={simulation === undefined ? 'Simulation' : `Simulation ${simulation.name}`}
      actions={
        simulation === undefined || owned ? null : (
          <>
            {simulation.status === 'stopped' ? (
              <button type="button" disabled={action.busy} onClick={() => act('start')}>
                Start
              </button>
            ) : (
              <button type="button" class="secondary" disabled={action.busy} onClick={() => act('stop')}>
                Stop
              </button>
            )}
            <button type="button" class="danger" disabled={action.busy} onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          </>
        )
      }
    >
      <Problem error={loaded.error ?? action.error} />
      {simulation === undefined ? (
        loaded.error === undefined && <Loading what="the Simulation" />
      ) : (
        <SimulationBody simulation={simulation} onChanged={loaded.reload} />
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete the Simulation?"
        confirm="Delete"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={async () => {
          setConfirmDelete(false);
          if (simulation === undefined) return;
          if (await action.run(() => client.simulations.delete(simulation.id))) {
            announce(`Simulation ${simulation.name} deleted.`);
            navigate(pathFor({ view: 'simulations' }));
          }
        }}
      >
        <p>{simulation?.name} and its saved state are deleted; its steps cannot be read again.</p>
      </ConfirmDialog>
    </Page>
  );
}

function SimulationBody(props: { simulation: Simulation; onChanged: () => void }) {
  const { client, navigate } = useConsole();
  const simulation = props.simulation;
  return (
    <>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={simulation.status} />
        </dd>
        <dt>ID</dt>
        <dd>
          <code>{simulation.id}</code>
        </dd>
        <dt>Virtual time</dt>
        <dd>
          <TimeText value={simulation.current_time} /> <span class="hint">(started at <TimeText value={simulation.start_time} />)</span>
        </dd>
        <dt>Endpoint</dt>
        <dd>
          <code class="wrap">{simulation.endpoint}</code>
        </dd>
        <dt>Steps</dt>
        <dd>{simulation.step}</dd>
        <dt>Simulator</dt>
        <dd>
          <Link href={pathFor({ view: 'simulator', id: simulation.simulator_id })}>{simulation.simulator_id}</Link>
        </dd>
        <dt>Seed</dt>
        <dd>
          <code>{simulation.seed}</code>
        </dd>
        {simulation.parent_id === null ? null : (
          <>
            <dt>Forked from</dt>
            <dd>
              <Link href={pathFor({ view: 'simulation', id: simulation.parent_id })}>{simulation.parent_id}</Link>
            </dd>
          </>
        )}
        {simulation.world_id === null ? null : (
          <>
            <dt>World</dt>
            <dd>
              <Link href={pathFor({ view: 'world', id: simulation.world_id })}>{simulation.world_id}</Link> <span class="hint">(stop, start and delete it through its World)</span>
            </dd>
          </>
        )}
        <dt>Expires</dt>
        <dd>{simulation.expires_at === null ? 'never' : <TimeText value={simulation.expires_at} />}</dd>
      </dl>
      <TokenMinter simulationId={simulation.id} />
      {simulation.status === 'stopped' ? (
        <p class="notice">The Simulation is stopped: start it to see its clock and its steps.</p>
      ) : (
        <>
          <section aria-labelledby="clock-title">
            <h2 id="clock-title">Clock</h2>
            <ClockPanel client={client} simulationId={simulation.id} onChanged={props.onChanged} />
          </section>
          <section aria-labelledby="steps-title">
            <h2 id="steps-title">Steps</h2>
            <StepTimeline client={client} simulationId={simulation.id} navigate={navigate} />
          </section>
        </>
      )}
    </>
  );
}
