/** The quota ledger: what the workspace uses of what it may. */
import { Page } from '../components/page.js';
import { Loading, Problem } from '../components/problem.js';
import { TimeText } from '../components/time-text.js';
import { useConsole } from '../context.js';
import { useLoad } from '../use-load.js';

export function QuotaView() {
  const { client } = useConsole();
  const quota = useLoad(() => client.quota(), []);
  const data = quota.data;
  const rows = data === undefined ? [] : [
    { name: 'Active Simulations', note: 'running and paused; stopped ones use no slot', ...data.active_simulations },
    { name: 'Simulator builds today', note: 'resets at 00:00 UTC', ...data.builds_today },
    { name: 'Simulator builds at once', note: 'more wait as pending', ...data.concurrent_builds },
    { name: 'World builds at once', note: 'more wait in creation order', ...data.concurrent_world_builds },
  ];
  return (
    <Page title="Quota">
      <Problem error={quota.error} />
      {data === undefined ? (
        quota.error === undefined && <Loading what="the quota" />
      ) : (
        <>
          <div class="table-wrap">
            <table>
              <caption>The workspace's quota ledger</caption>
              <thead>
                <tr>
                  <th scope="col">Quota</th>
                  <th scope="col">Used</th>
                  <th scope="col">Limit</th>
                  <th scope="col">Use</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">
                      {row.name}
                      <span class="hint block">{row.note}</span>
                    </th>
                    <td>{row.used}</td>
                    <td>{row.limit}</td>
                    <td>
                      <meter min={0} max={row.limit} value={row.used} aria-label={`${row.name}: ${row.used} of ${row.limit}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="hint">
            The daily build allowance resets at <TimeText value={data.builds_today.resets_at} />.
          </p>
        </>
      )}
    </Page>
  );
}
