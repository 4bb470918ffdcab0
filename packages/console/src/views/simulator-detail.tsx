/**
 * One Simulator: its build (followed live until it settles), the warnings, a failed build's
 * diagnostics, how each operation was understood and the full behaviour data of the artifact.
 */
import type { Simulator } from '@simplane/client';
import { BuildProgressText, isBuilding } from '../components/build-progress.js';
import { IssuesTable } from '../components/issues-table.js';
import { JsonView } from '../components/json-view.js';
import { Page } from '../components/page.js';
import { Loading, Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { TimeText } from '../components/time-text.js';
import { useConsole } from '../context.js';
import { useAction, useLoad } from '../use-load.js';
import { References } from './simulators.js';

export function SimulatorDetail(props: { id: string }) {
  const { client, announce } = useConsole();
  const loaded = useLoad(() => client.simulators.get(props.id), [props.id], (simulator) => (isBuilding(simulator) ? 1000 : null));
  const cancel = useAction();
  const simulator = loaded.data;

  return (
    <Page
      title={simulator === undefined ? 'Simulator' : `Simulator ${simulator.name}`}
      actions={
        simulator !== undefined && isBuilding(simulator) ? (
          <button
            type="button"
            class="danger"
            disabled={cancel.busy}
            onClick={async () => {
              if (await cancel.run(async () => void (await client.simulators.cancel(simulator.id)))) announce('The build was canceled.');
              loaded.reload();
            }}
          >
            Cancel the build
          </button>
        ) : null
      }
    >
      <Problem error={loaded.error ?? cancel.error} />
      {simulator === undefined ? loaded.error === undefined && <Loading what="the Simulator" /> : <SimulatorBody simulator={simulator} />}
    </Page>
  );
}

function SimulatorBody(props: { simulator: Simulator }) {
  const simulator = props.simulator;
  return (
    <>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={simulator.status} /> <BuildProgressText simulator={simulator} />
        </dd>
        <dt>ID</dt>
        <dd>
          <code>{simulator.id}</code>
        </dd>
        <dt>References</dt>
        <dd>
          <References references={simulator.references} />
        </dd>
        <dt>Document</dt>
        <dd>
          {simulator.spec_kind ?? '—'} {simulator.spec_version ?? ''} ({simulator.source})
        </dd>
        <dt>Digest</dt>
        <dd>
          <code class="wrap">{simulator.digest ?? '—'}</code>
        </dd>
        <dt>Build started</dt>
        <dd>
          <TimeText value={simulator.build.started_at} />
        </dd>
        <dt>Created</dt>
        <dd>
          <TimeText value={simulator.created_at} />
        </dd>
      </dl>
      {simulator.error === null ? null : (
        <section aria-labelledby="failure-title" class="card failure">
          <h2 id="failure-title">Why the build did not finish</h2>
          <p>
            <code>{simulator.error.code}</code>
            {simulator.error.reason === null ? null : <> ({simulator.error.reason})</>}: {simulator.error.detail}
          </p>
          {simulator.error.agent_message === null ? null : <p class="pre-line">{simulator.error.agent_message}</p>}
          {simulator.error.validation === null || simulator.error.validation.issues.length === 0 ? null : <IssuesTable issues={simulator.error.validation.issues} caption="Validation issues to correct before building again" />}
        </section>
      )}
      {simulator.build.warnings.length === 0 ? null : (
        <section aria-labelledby="warnings-title">
          <h2 id="warnings-title">Warnings ({simulator.build.warnings.length})</h2>
          <IssuesTable issues={simulator.build.warnings} caption="What the build worked around" />
        </section>
      )}
      {simulator.status === 'ready' ? <Operations id={simulator.id} /> : null}
    </>
  );
}

function Operations(props: { id: string }) {
  const { client } = useConsole();
  const operations = useLoad(() => client.simulators.operations(props.id), [props.id]);
  const behaviour = useLoad(() => client.simulators.behaviour(props.id), [props.id]);
  const data = operations.data;
  return (
    <section aria-labelledby="operations-title">
      <h2 id="operations-title">Operations</h2>
      <Problem error={operations.error} />
      {data === undefined ? (
        operations.error === undefined && <Loading what="the operations" />
      ) : (
        <>
          <div class="table-wrap">
            <table>
              <caption>How the build understood each operation</caption>
              <thead>
                <tr>
                  <th scope="col">Operation</th>
                  <th scope="col">Request</th>
                  <th scope="col">Behaviour</th>
                  <th scope="col">Resource</th>
                  <th scope="col">Read-only</th>
                </tr>
              </thead>
              <tbody>
                {data.operations.map((operation) => (
                  <tr key={operation.operation}>
                    <th scope="row">
                      <code>{operation.operation}</code>
                    </th>
                    <td>
                      <code>
                        {operation.method} {operation.path}
                      </code>
                    </td>
                    <td>{operation.behaviour}</td>
                    <td>{operation.resource ?? '—'}</td>
                    <td>{operation.read_only ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.lifecycle.length === 0 ? null : (
            <>
              <h3>What time does to records</h3>
              <ul>
                {data.lifecycle.map((rule) => (
                  <li key={`${rule.resource}/${rule.name}`}>
                    <code>{rule.resource}</code>: {rule.description} ({rule.source})
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.entities.length === 0 ? null : <JsonView summary={`Shared entities (${data.entities.length})`} value={data.entities} />}
        </>
      )}
      <h3>Behaviour data</h3>
      {behaviour.error !== undefined ? (
        <Problem error={behaviour.error} />
      ) : behaviour.data === undefined ? (
        <Loading what="the behaviour data" />
      ) : (
        <JsonView summary={`The artifact's decisions (version ${behaviour.data.artifact_version}): ${behaviour.data.resources.length} resources, ${behaviour.data.operations.length} operations`} value={behaviour.data} />
      )}
    </section>
  );
}
