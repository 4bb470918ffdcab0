/** The Worlds: Simulations of several Simulators that start, stop and keep time together. */
import type { WorldQuery } from '@simplane/client';
import { useState } from 'preact/hooks';
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

type Status = NonNullable<WorldQuery['status']>;
const STATUSES: Status[] = ['creating', 'running', 'stopped', 'failed'];

export function WorldsView() {
  const { client } = useConsole();
  const [trail, setTrail] = useState(FIRST_PAGE);
  const [status, setStatus] = useState<Status | ''>('');
  const list = useLoad(
    async () => (await client.worlds.pages({ cursor: trail.cursor, limit: 50, ...(status === '' ? {} : { status }) }).next()).value ?? undefined,
    [trail, status],
    (page) => (page?.worlds.some((world) => world.status === 'creating') ? 1000 : null),
  );
  const page = list.data;

  return (
    <Page title="Worlds">
      <StatusFilter
        id="world-status"
        statuses={STATUSES}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setTrail(FIRST_PAGE);
        }}
      />
      <Problem error={list.error} />
      {page === undefined ? (
        list.error === undefined && <Loading what="the Worlds" />
      ) : page.worlds.length === 0 ? (
        <p>No Worlds{status === '' ? '' : ` with status ${status}`}. A World is built through the API (POST /v1/worlds) or the client.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption>Worlds, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Members</th>
                <th scope="col">Virtual time</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.worlds.map((world) => (
                <tr key={world.id}>
                  <RowName href={pathFor({ view: 'world', id: world.id })} name={world.name} id={world.id} />
                  <td>
                    <StatusBadge status={world.status} />
                  </td>
                  <td>{Object.keys(world.members).join(', ') || <span class="muted">none yet</span>}</td>
                  <td>
                    <TimeText value={world.current_time} />
                  </td>
                  <td>
                    <TimeText value={world.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Worlds" hasPrevious={trail.before.length > 0} nextCursor={page?.next_cursor} onPrevious={() => setTrail(previousPage(trail))} onNext={(cursor) => setTrail(nextPage(trail, cursor))} />
    </Page>
  );
}
