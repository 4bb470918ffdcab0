/**
 * A Simulation's steps, newest or oldest first, each opening its detail below the list. The
 * list reads every page in the background and says how many steps it has so far. The page
 * gives it its heading (h2); the step detail's headings start at h3.
 */
import type { SimplaneClient } from '@simplane/client';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { StepDetail } from './step-detail.js';
import { StartState } from './start-state.js';
import { LIST_ID, StepList } from './step-list.js';
import type { StepOrder } from './step-log.js';
import { useStepLog } from './use-step-log.js';

export interface StepTimelineProps {
  client: SimplaneClient;
  simulationId: string;
  /** Opens a console path, e.g. a fork's page. */
  navigate: (path: string) => void;
}

/** Keyed by the Simulation: a route to another one (a fork just made) starts with nothing open. */
export function StepTimeline(props: StepTimelineProps): JSX.Element {
  return <Timeline key={props.simulationId} {...props} />;
}

function Timeline({ client, simulationId, navigate }: StepTimelineProps): JSX.Element {
  const log = useStepLog(client, simulationId);
  const [order, setOrder] = useState<StepOrder>('oldest');
  const [active, setActive] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const count = log.steps.length;
  const countText = `${count.toLocaleString('en')} ${count === 1 ? 'step' : 'steps'}${log.loading ? ', loading more…' : ''}`;

  return (
    <div class="tl-timeline">
      <div class="tl-toolbar">
        <p class="tl-count">{countText}</p>
        {/* Spoken twice, when the reading starts and when it ends, not at each of fifty pages. */}
        <p class="tl-visually-hidden" aria-live="polite">
          {log.loading ? 'Loading steps…' : `${count.toLocaleString('en')} ${count === 1 ? 'step' : 'steps'} loaded.`}
        </p>
        <button type="button" class="tl-button" aria-pressed={order === 'newest'} onClick={() => setOrder(order === 'newest' ? 'oldest' : 'newest')}>
          Newest first
        </button>
        <button type="button" class="tl-button" onClick={log.refresh}>
          Refresh steps
        </button>
      </div>
      {log.error && (
        <p class="tl-error" role="alert">
          Could not read the steps: {log.error}
        </p>
      )}
      {count === 0 && !log.loading && !log.error && <p class="tl-muted">No steps yet: requests that change state and clock advances show here.</p>}
      {count > 0 && (
        <StepList
          steps={log.steps}
          order={order}
          active={active}
          onActive={setActive}
          onOpen={(step) => {
            setActive(step);
            setOpen(step);
          }}
        />
      )}
      {(count > 0 || !log.loading) && <StartState key={log.steps[0]?.step ?? 'none'} client={client} simulationId={simulationId} firstStep={log.steps[0]?.step ?? null} />}
      {open !== null && (
        <StepDetail
          key={open}
          client={client}
          simulationId={simulationId}
          step={open}
          navigate={navigate}
          onClose={() => {
            setOpen(null);
            // The detail and its focus are gone: back to the list, on the step it showed.
            document.getElementById(LIST_ID)?.focus();
          }}
        />
      )}
    </div>
  );
}
