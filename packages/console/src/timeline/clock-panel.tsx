/**
 * A Simulation's virtual clock: the time now, a form to advance it, and the advances with the
 * events each committed. An advance runs in the background, so the panel follows it until it
 * has finished and then tells the page, whose other views may show records it changed. The
 * page gives it its heading (h2).
 */
import type { ClockAdvance, SimplaneClient } from '@simplane/client';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLoad } from '../use-load.js';
import { AdvanceList } from './advance-list.js';
import { errorText, formatTime, fromDateTimeLocal, randomKey, toDateTimeLocal } from './format.js';

/** How often a running advance is read again; an advance of a small state takes milliseconds. */
const POLL_MS = 400;

export interface ClockPanelProps {
  client: SimplaneClient;
  simulationId: string;
  /** The clock moved (and maybe the state): the page reads what it shows again. */
  onChanged: () => void;
}

/** Keyed by the Simulation, so a message about one Simulation's advance never shows on another's. */
export function ClockPanel(props: ClockPanelProps): JSX.Element {
  return <Clock key={props.simulationId} {...props} />;
}

function Clock({ client, simulationId, onChanged }: ClockPanelProps): JSX.Element {
  const [version, setVersion] = useState(0);
  const simulation = useLoad(() => client.simulations.get(simulationId), [simulationId, version]);
  const [target, setTarget] = useState('');
  const [running, setRunning] = useState<ClockAdvance | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const now = simulation.data?.current_time ?? null;
  const worldId = simulation.data?.world_id ?? null;
  useEffect(() => {
    if (now !== null && target === '') setTarget(toDateTimeLocal(now));
  }, [now]);

  const advance = async (event: JSX.TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = fromDateTimeLocal(target);
    if (to === null) {
      setError('Choose a date and time to advance to.');
      return;
    }
    setError(null);
    try {
      let current = await client.simulations.advanceTime(simulationId, { to }, randomKey());
      setMessage(`Advance to ${formatTime(to)}: ${current.status}.`);
      setRunning(current);
      while (alive.current && (current.status === 'pending' || current.status === 'running')) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        current = await client.simulations.advance(simulationId, current.id);
        setRunning(current);
      }
      if (!alive.current) return;
      setMessage(
        current.status === 'completed'
          ? `Advanced to ${formatTime(current.to)}: ${current.event_count} ${current.event_count === 1 ? 'event' : 'events'}.`
          : `Advance failed: ${current.error?.detail ?? current.status}.`,
      );
      setVersion((was) => was + 1);
      onChanged();
    } catch (failure) {
      if (alive.current) setError(errorText(failure));
    } finally {
      if (alive.current) setRunning(null);
    }
  };

  const busy = running !== null;
  return (
    <div class="tl-clock">
      <p>
        Virtual time now:{' '}
        <strong class="tl-mono">
          {now !== null ? formatTime(now) : simulation.loading ? 'loading…' : 'unknown'}
        </strong>
      </p>
      {simulation.error !== undefined && <p class="tl-error" role="alert">{errorText(simulation.error)}</p>}
      {worldId !== null ? (
        // A World's members share its clock: the API refuses a member's own advance.
        <p class="tl-muted">This Simulation is a member of World {worldId}: its clock moves when the World's does.</p>
      ) : (
        <form class="tl-advance-form" onSubmit={(event) => void advance(event)}>
          <label for="tl-advance-to">Advance to (UTC)</label>
          <input
            id="tl-advance-to"
            type="datetime-local"
            step={1}
            required
            value={target}
            min={now === null ? undefined : toDateTimeLocal(now)}
            onInput={(event) => setTarget(event.currentTarget.value)}
          />
          <button type="submit" class="tl-button tl-primary" disabled={busy}>
            Advance clock
          </button>
        </form>
      )}
      <p class="tl-live" aria-live="polite">
        {busy ? `Advance to ${formatTime(running.to)}: ${running.status}…` : message}
      </p>
      {error && (
        <p class="tl-error" role="alert">
          {error}
        </p>
      )}
      <AdvanceList key={version} client={client} simulationId={simulationId} />
    </div>
  );
}
