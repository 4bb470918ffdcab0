/**
 * The records a step changed, per resource: a created record whole, an updated one as a field
 * diff (nested differences by path), a deleted one as it was.
 */
import type { SimplaneClient } from '@simplane/client';
import type { JSX } from 'preact';
import { compactJson, diffRecords } from './record-diff.js';
import { type RecordChange, byResource, stepChanges } from './timeline-api.js';
import { usePaged } from './use-paged.js';

const BATCH = 100;

export function ChangedRecords({ client, simulationId, step }: { client: SimplaneClient; simulationId: string; step: number }): JSX.Element {
  const changes = usePaged(() => stepChanges(client, simulationId, step), `${simulationId}/${step}`, BATCH);
  const headingId = `tl-changes-${step}`;
  return (
    <section class="tl-records" aria-labelledby={headingId} aria-busy={changes.loading}>
      <h4 id={headingId}>Records this step changed</h4>
      {changes.error && <p class="tl-error" role="alert">{changes.error}</p>}
      {!changes.loading && !changes.error && changes.items.length === 0 && <p class="tl-muted">This step changed no record.</p>}
      {byResource(changes.items).map(([resource, items]) => (
        <section key={resource} class="tl-resource" aria-label={`${resource}: ${items.length} changed`}>
          <h5>
            {resource} <span class="tl-muted">({items.length})</span>
          </h5>
          {items.map((change) => (
            <Change key={`${change.collection}/${change.key}`} change={change} />
          ))}
        </section>
      ))}
      {changes.loading && <p aria-live="polite">Loading changes…</p>}
      {!changes.done && !changes.loading && !changes.error && (
        <button type="button" class="tl-button" onClick={changes.more}>
          Show more changes
        </button>
      )}
    </section>
  );
}

function Change({ change }: { change: RecordChange }): JSX.Element {
  return (
    <div class={`tl-change tl-change-${change.change}`}>
      <p class="tl-change-title">
        <span class={`tl-badge tl-badge-${change.change}`}>{change.change}</span> <span class="tl-mono">{change.key}</span>
        {change.collection !== change.resource && <span class="tl-muted"> in {change.collection}</span>}
      </p>
      {change.change === 'created' && <pre class="tl-json">{JSON.stringify(change.after, null, 2)}</pre>}
      {change.change === 'deleted' && <pre class="tl-json">{JSON.stringify(change.before, null, 2)}</pre>}
      {change.change === 'updated' && <FieldDiffTable change={change} />}
    </div>
  );
}

function FieldDiffTable({ change }: { change: RecordChange }): JSX.Element {
  const diffs = diffRecords(change.before, change.after);
  if (diffs.length === 0) return <p class="tl-muted">No field differs{change.fields.length > 0 ? ` (the API names ${change.fields.join(', ')})` : ''}.</p>;
  return (
    <table class="tl-table tl-diff">
      <caption class="tl-caption">Fields of {change.key} that changed</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {diffs.map((diff) => (
          <tr key={diff.path} class={`tl-diff-${diff.kind}`}>
            <th scope="row" class="tl-mono">
              {diff.path}
              {diff.kind !== 'changed' && <span class="tl-muted"> ({diff.kind})</span>}
            </th>
            <td class="tl-mono tl-before">{compactJson(diff.before)}</td>
            <td class="tl-mono tl-after">{compactJson(diff.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
