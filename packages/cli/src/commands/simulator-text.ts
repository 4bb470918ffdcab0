/** How the client commands show a Simulator and what its operations were understood as. */
import type { Simulator } from '@simplane/client';
import { fields } from './output.js';

/** One operation as the control plane understood it (`GET /v1/simulators/{id}/operations`). */
export interface OperationView {
  operation: string;
  method: string;
  path: string;
  behaviour: string;
  resource: string | null;
  read_only: boolean;
}

/** The Simulator's fields a person looks at, one a line. */
export function describeSimulator(simulator: Simulator): string[] {
  return fields([
    ['id', simulator.id],
    ['name', simulator.name],
    ['status', simulator.status],
    ['spec', simulator.spec_kind === null ? null : `${simulator.spec_kind} ${simulator.spec_version ?? ''}`.trim()],
    ['operations', String(simulator.operations)],
    ['references', simulator.references.join(', ')],
    ['digest', simulator.digest],
    ['created_at', simulator.created_at],
  ]);
}

/** `5 operations: 1 create, 1 read, 1 list, 2 static`, in the order behaviours are listed. */
export function behaviourCounts(operations: readonly OperationView[]): string {
  const counts = new Map<string, number>();
  for (const op of operations) counts.set(op.behaviour, (counts.get(op.behaviour) ?? 0) + 1);
  const order = ['create', 'read', 'list', 'replace', 'update', 'delete', 'action', 'static'];
  const parts = [...counts].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([behaviour, n]) => `${n} ${behaviour}`);
  return `${operations.length} operation${operations.length === 1 ? '' : 's'}${parts.length === 0 ? '' : `: ${parts.join(', ')}`}`;
}
