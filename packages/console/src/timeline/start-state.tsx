/**
 * The state a Simulation's own steps start from: empty or seeded for a new Simulation, the
 * parent's state at the fork point for a fork, whose step list holds only the steps after it.
 * Shown open when there are no steps yet, so a fork that was just made shows what it holds.
 */
import type { SimplaneClient } from '@simplane/client';
import type { JSX } from 'preact';
import { useLoad } from '../use-load.js';
import { StateRecords } from './state-records.js';
import { errorText } from './format.js';

export interface StartStateProps {
  client: SimplaneClient;
  simulationId: string;
  /** The first listed step, or null when the list is empty (the start is then the current step). */
  firstStep: number | null;
}

export function StartState({ client, simulationId, firstStep }: StartStateProps): JSX.Element | null {
  if (firstStep !== null) return <StartRecords client={client} simulationId={simulationId} step={firstStep - 1} open={false} />;
  return <CurrentStart client={client} simulationId={simulationId} />;
}

function CurrentStart({ client, simulationId }: { client: SimplaneClient; simulationId: string }): JSX.Element | null {
  const simulation = useLoad(() => client.simulations.get(simulationId), [simulationId]);
  if (simulation.error !== undefined) return <p class="tl-error" role="alert">{errorText(simulation.error)}</p>;
  if (simulation.data === undefined) return null;
  return <StartRecords client={client} simulationId={simulationId} step={simulation.data.step} open />;
}

function StartRecords({ client, simulationId, step, open }: { client: SimplaneClient; simulationId: string; step: number; open: boolean }): JSX.Element {
  const title = step === 0 ? 'Records at the start' : `Records at the start (after step ${step})`;
  return <StateRecords client={client} simulationId={simulationId} step={step} title={title} level={3} open={open} />;
}
