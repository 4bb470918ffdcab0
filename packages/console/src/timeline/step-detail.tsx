/**
 * One step opened: what came in and went out, the records it changed, the state after it, and
 * a fork from that point. Opening a step moves focus to its heading, so a keyboard user lands
 * on what they asked for.
 */
import type { SimplaneClient } from '@simplane/client';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLoad } from '../use-load.js';
import { ChangedRecords } from './changed-records.js';
import { Exchange } from './exchange.js';
import { errorText, formatTime } from './format.js';
import { StateRecords } from './state-records.js';

export interface StepDetailProps {
  client: SimplaneClient;
  simulationId: string;
  step: number;
  navigate: (path: string) => void;
  onClose: () => void;
}

export function StepDetail({ client, simulationId, step, navigate, onClose }: StepDetailProps): JSX.Element {
  const detail = useLoad(() => client.simulations.step(simulationId, step), [simulationId, step]);
  const value = detail.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const [forking, setForking] = useState(false);
  const [forkError, setForkError] = useState<string | null>(null);

  useEffect(() => {
    heading.current?.focus();
    setForkError(null);
  }, [step]);

  const fork = async () => {
    setForking(true);
    setForkError(null);
    try {
      const forked = await client.simulations.fork(simulationId, { at_step: step });
      navigate(`/console/simulations/${forked.id}`);
    } catch (failure) {
      setForkError(errorText(failure));
      setForking(false);
    }
  };

  const id = `tl-step-${step}`;
  return (
    <section class="tl-detail" aria-labelledby={`${id}-title`}>
      <div class="tl-detail-head">
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Step {step}
          {value === undefined ? '' : `: ${value.label}`}
        </h3>
        <div class="tl-actions">
          <button type="button" class="tl-button tl-primary" onClick={() => void fork()} disabled={forking}>
            Fork at step {step}
          </button>
          <button type="button" class="tl-button" onClick={onClose}>
            Close step
          </button>
        </div>
      </div>
      <p class="tl-live" aria-live="polite">
        {forking ? `Forking at step ${step}…` : ''}
      </p>
      {forkError && (
        <p class="tl-error" role="alert">
          Fork failed: {forkError}
        </p>
      )}
      {detail.loading && <p aria-live="polite">Loading step {step}…</p>}
      {detail.error !== undefined && <p class="tl-error" role="alert">{errorText(detail.error)}</p>}
      {value !== undefined && (
        <>
          <dl class="tl-facts">
            <dt>Kind</dt>
            <dd>{value.kind}</dd>
            <dt>Status</dt>
            <dd>{value.status}</dd>
            <dt>Virtual time</dt>
            <dd>
              {value.time_before === value.time_after
                ? formatTime(value.time_after)
                : `${formatTime(value.time_before)} → ${formatTime(value.time_after)}`}
            </dd>
            {value.via && (
              <>
                <dt>Via</dt>
                <dd>{value.via}</dd>
              </>
            )}
            {value.operation && (
              <>
                <dt>Operation</dt>
                <dd class="tl-mono">{value.operation}</dd>
              </>
            )}
          </dl>
          {value.kind === 'api' && (
            <div class="tl-exchanges">
              <Exchange title="Request" recorded={value.request} headingId={`${id}-request`} />
              <Exchange title="Response" recorded={value.response} headingId={`${id}-response`} />
            </div>
          )}
        </>
      )}
      <ChangedRecords client={client} simulationId={simulationId} step={step} />
      <StateRecords client={client} simulationId={simulationId} step={step} title="Records after this step" level={4} open />
    </section>
  );
}
