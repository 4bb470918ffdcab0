/** A build's stage and operations done, while it runs; what a settled build amounts to otherwise. */
import type { Simulator } from '@simplane/client';

export function isBuilding(simulator: Simulator): boolean {
  return simulator.status === 'pending' || simulator.status === 'building';
}

export function BuildProgressText(props: { simulator: Simulator }) {
  const { status, build, operations } = props.simulator;
  if (status === 'pending') return <span>queued</span>;
  if (status === 'building') {
    const unit = build.stage === 'probing' ? 'requests' : 'operations';
    return (
      <span class="build-progress">
        {build.stage}: {build.operations_done} of {build.operations_total} {unit}
        <progress max={Math.max(build.operations_total, 1)} value={build.operations_done} aria-hidden="true" />
      </span>
    );
  }
  if (status === 'ready') return <span>{operations} operations</span>;
  return <span class="muted">{props.simulator.error?.code ?? status}</span>;
}
