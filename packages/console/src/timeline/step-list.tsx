/**
 * The steps as a keyboard-operable list: one row per step with its number, kind, label, HTTP
 * status, virtual time and how it came in. Rows are virtualised, so the list's length does
 * not matter to the page.
 */
import type { Step } from '@simplane/client';
import type { JSX } from 'preact';
import { formatTime } from './format.js';
import { type StepOrder, indexOfStep, stepIndex } from './step-log.js';
import { VirtualList } from './virtual-list.js';

/** Pixels; `.tl-row` in timeline.css has this height. */
export const ROW_HEIGHT = 32;
/** The listbox's element id, so the timeline can give it the focus back. */
export const LIST_ID = 'tl-steps';

export interface StepListProps {
  steps: readonly Step[];
  order: StepOrder;
  /** The step number of the active row, or null before one is chosen. */
  active: number | null;
  onActive: (step: number) => void;
  onOpen: (step: number) => void;
}

function statusClass(status: number): string {
  if (status >= 500) return 'tl-status tl-status-5xx';
  if (status >= 400) return 'tl-status tl-status-4xx';
  return 'tl-status tl-status-ok';
}

export function StepList({ steps, order, active, onActive, onOpen }: StepListProps): JSX.Element {
  const count = steps.length;
  const at = (index: number): Step | undefined => steps[stepIndex(index, count, order)];
  const activeIndex = active === null ? -1 : indexOfStep(steps, active, order);

  return (
    <div class="tl-list">
      <div class="tl-row tl-head" aria-hidden="true">
        <span class="tl-col-step">Step</span>
        <span class="tl-col-kind">Kind</span>
        <span class="tl-col-label">Request</span>
        <span class="tl-col-status">Status</span>
        <span class="tl-col-time">Virtual time</span>
        <span class="tl-col-via">Via</span>
      </div>
      <VirtualList
        id={LIST_ID}
        label={`Steps, ${order === 'newest' ? 'newest' : 'oldest'} first`}
        count={count}
        rowHeight={ROW_HEIGHT}
        growsAtStart={order === 'newest'}
        activeIndex={activeIndex}
        onActiveChange={(index) => {
          const step = at(index);
          if (step) onActive(step.step);
        }}
        onOpen={(index) => {
          const step = at(index);
          if (step) onOpen(step.step);
        }}
        rowKey={(index) => at(index)?.step ?? index}
        renderRow={(index) => {
          const step = at(index);
          if (!step) return null;
          return (
            // The spaces between cells take no room in the grid, but give the row's name, read
            // from its content, its word breaks ("#2 api PATCH ..." rather than "#2apiPATCH").
            <>
              <span class="tl-col-step">#{step.step}</span>{' '}
              <span class={`tl-col-kind tl-kind tl-kind-${step.kind}`}>{step.kind}</span>{' '}
              <span class="tl-col-label">{step.label}</span>{' '}
              <span class={`tl-col-status ${statusClass(step.status)}`}>{step.status}</span>{' '}
              <span class="tl-col-time">{formatTime(step.time_after)}</span>{' '}
              <span class="tl-col-via">{step.via ?? ''}</span>
            </>
          );
        }}
      />
    </div>
  );
}
