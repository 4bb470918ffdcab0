// A stand-in until the step timeline and the clock panel are merged in.
import type { SimplaneClient } from '@simplane/client';
import { h, type JSX } from 'preact';

export function StepTimeline(_props: { client: SimplaneClient; simulationId: string; navigate: (path: string) => void }): JSX.Element {
  return h('p', { class: 'muted' }, 'The step timeline is not available yet.');
}

export function ClockPanel(_props: { client: SimplaneClient; simulationId: string; onChanged: () => void }): JSX.Element {
  return h('p', { class: 'muted' }, 'The clock panel is not available yet.');
}
