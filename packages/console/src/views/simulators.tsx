/** The Simulators, the workspace's and the catalog's, with builds in progress followed live. */
import type { SimulatorQuery } from '@simplane/client';
import { useState } from 'preact/hooks';
import { BuildDrop } from '../components/build-drop.js';
import { BuildProgressText, isBuilding } from '../components/build-progress.js';
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
import { useLoad } from '../use-load.js';

/** How often a list with a build in progress is read again: builds mostly take well under a second. */
const BUILD_POLL_MS = 1000;
const STATUSES = ['pending', 'building', 'ready', 'failed', 'canceled'] as const satisfies ReadonlyArray<NonNullable<SimulatorQuery['status']>>;

export function SimulatorsView() {
  const { client } = useConsole();
  const [trail, setTrail] = useState(FIRST_PAGE);
  const [status, setStatus] = useState<(typeof STATUSES)[number] | ''>('');
  const list = useLoad(
    async () => (await client.simulators.pages({ cursor: trail.cursor, limit: 50, ...(status === '' ? {} : { status }) }).next()).value ?? undefined,
    [trail, status],
    (page) => (page?.simulators.some(isBuilding) ? BUILD_POLL_MS : null),
  );
  const page = list.data;

  return (
    <Page title="Simulators">
      <BuildDrop onBuilt={list.reload}>
        <StatusFilter
          id="simulator-status"
          statuses={STATUSES}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setTrail(FIRST_PAGE);
          }}
        />
        <Problem error={list.error} />
        {page === undefined ? (
          list.error === undefined && <Loading what="the Simulators" />
        ) : page.simulators.length === 0 ? (
          <p>No Simulators{status === '' ? '' : ` with status ${status}`}. Build one from a document above.</p>
        ) : (
          <div class="table-wrap">
            <table>
              <caption>Simulators, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Build</th>
                  <th scope="col">References</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {page.simulators.map((simulator) => (
                  <tr key={simulator.id}>
                    <RowName href={pathFor({ view: 'simulator', id: simulator.id })} name={simulator.name} id={simulator.id} />
                    <td>
                      <StatusBadge status={simulator.status} />
                    </td>
                    <td>
                      <BuildProgressText simulator={simulator} />
                    </td>
                    <td>
                      <References references={simulator.references} />
                    </td>
                    <td>
                      {simulator.spec_kind ?? '—'} {simulator.source === 'catalog' ? <span class="tag">catalog</span> : null}
                    </td>
                    <td>
                      <TimeText value={simulator.created_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Simulators" hasPrevious={trail.before.length > 0} nextCursor={page?.next_cursor} onPrevious={() => setTrail(previousPage(trail))} onNext={(cursor) => setTrail(nextPage(trail, cursor))} />
      </BuildDrop>
    </Page>
  );
}

export function References(props: { references: string[] }) {
  if (props.references.length === 0) return <span class="muted">none</span>;
  return (
    <ul class="tags">
      {props.references.map((reference) => (
        <li key={reference} class="tag">
          {reference}
        </li>
      ))}
    </ul>
  );
}
