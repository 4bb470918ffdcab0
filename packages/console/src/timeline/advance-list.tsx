/** A Simulation's clock advances, newest first, each opening the events it committed. */
import type { ClockAdvance, SimplaneClient } from '@simplane/client';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { formatTime } from './format.js';
import { usePaged } from './use-paged.js';

export function AdvanceList({ client, simulationId }: { client: SimplaneClient; simulationId: string }): JSX.Element {
  const advances = usePaged(() => client.simulations.advances(simulationId, { limit: 20 }), simulationId, 20);
  return (
    <section aria-labelledby="tl-advances-title" aria-busy={advances.loading}>
      <h3 id="tl-advances-title">Advances</h3>
      {advances.error && <p class="tl-error" role="alert">{advances.error}</p>}
      {!advances.loading && !advances.error && advances.items.length === 0 && <p class="tl-muted">The clock has not been advanced.</p>}
      <ul class="tl-advances">
        {advances.items.map((advance) => (
          <Advance key={advance.id} client={client} simulationId={simulationId} advance={advance} />
        ))}
      </ul>
      {!advances.done && !advances.loading && !advances.error && (
        <button type="button" class="tl-button" onClick={advances.more}>
          Show more advances
        </button>
      )}
    </section>
  );
}

function Advance({ client, simulationId, advance }: { client: SimplaneClient; simulationId: string; advance: ClockAdvance }): JSX.Element {
  const [open, setOpen] = useState(false);
  const eventsId = `tl-events-${advance.id}`;
  return (
    <li class="tl-advance">
      <p>
        <span class={`tl-badge tl-advance-${advance.status}`}>{advance.status}</span> {formatTime(advance.from)} → {formatTime(advance.to)}
        {' · '}
        {advance.event_count} {advance.event_count === 1 ? 'event' : 'events'}
        {advance.step !== null && ` · step ${advance.step}`}
      </p>
      {advance.error && <p class="tl-error">{advance.error.detail}</p>}
      {advance.event_count > 0 && (
        <button type="button" class="tl-disclosure" aria-expanded={open} aria-controls={eventsId} onClick={() => setOpen(!open)}>
          Events of the advance to {formatTime(advance.to)}
        </button>
      )}
      <div id={eventsId}>{open && <Events client={client} simulationId={simulationId} advance={advance} />}</div>
    </li>
  );
}

function Events({ client, simulationId, advance }: { client: SimplaneClient; simulationId: string; advance: ClockAdvance }): JSX.Element {
  const events = usePaged(() => client.simulations.advanceEvents(simulationId, advance.id, { limit: 100 }), advance.id, 100);
  return (
    <div aria-busy={events.loading}>
      {events.error && <p class="tl-error" role="alert">{events.error}</p>}
      {events.items.length > 0 && (
        <table class="tl-table tl-events">
          <caption class="tl-caption">Events the advance to {formatTime(advance.to)} committed</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Type</th>
              <th scope="col">Resource</th>
              <th scope="col">Record</th>
              <th scope="col">Due at</th>
            </tr>
          </thead>
          <tbody>
            {events.items.map((event) => (
              <tr key={event.event_id}>
                <td>{event.sequence}</td>
                <td>{event.type}</td>
                <td>{event.resource}</td>
                <td class="tl-mono">{event.record_id}</td>
                <td class="tl-mono">{formatTime(event.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {events.loading && <p aria-live="polite">Loading events…</p>}
      {!events.done && !events.loading && !events.error && (
        <button type="button" class="tl-button" onClick={events.more}>
          Show more events
        </button>
      )}
    </div>
  );
}
