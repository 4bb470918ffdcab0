/**
 * The state after a step, per resource: what a fork at this step would start from. Read a
 * batch at a time, since a state can hold far more records than a page should show.
 */
import type { SimplaneClient } from '@simplane/client';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { compactJson } from './record-diff.js';
import { byResource, recordsAfter } from './timeline-api.js';
import { usePaged } from './use-paged.js';

const BATCH = 50;

export interface StateRecordsProps {
  client: SimplaneClient;
  simulationId: string;
  step: number;
  title: string;
  /** Heading level: h4 inside a step's detail, h3 beside the list. */
  level: 3 | 4;
  open: boolean;
}

export function StateRecords({ client, simulationId, step, title, level, open }: StateRecordsProps): JSX.Element {
  const [shown, setShown] = useState(open);
  const headingId = `tl-state-${level}-${step}`;
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section class="tl-records" aria-labelledby={headingId}>
      <Heading id={headingId}>
        <button type="button" class="tl-disclosure" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {title}
        </button>
      </Heading>
      {shown && <StateList client={client} simulationId={simulationId} step={step} />}
    </section>
  );
}

function StateList({ client, simulationId, step }: { client: SimplaneClient; simulationId: string; step: number }): JSX.Element {
  const records = usePaged(() => recordsAfter(client, simulationId, step), `${simulationId}/${step}`, BATCH);
  return (
    <div aria-busy={records.loading}>
      {records.error && <p class="tl-error" role="alert">{records.error}</p>}
      {!records.loading && !records.error && records.items.length === 0 && <p class="tl-muted">No records after this step.</p>}
      {byResource(records.items).map(([resource, items]) => (
        <table key={resource} class="tl-table tl-state">
          <caption class="tl-caption-visible">
            {resource} <span class="tl-muted">({items.length}{records.done ? '' : ' so far'})</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Record</th>
            </tr>
          </thead>
          <tbody>
            {items.map((record) => (
              <tr key={`${record.collection}/${record.key}`}>
                <th scope="row" class="tl-mono">{record.key}</th>
                <td class="tl-mono">{compactJson(record.value, 240)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {records.loading && <p aria-live="polite">Loading records…</p>}
      {!records.done && !records.loading && !records.error && (
        <button type="button" class="tl-button" onClick={records.more}>
          Show more records
        </button>
      )}
    </div>
  );
}
