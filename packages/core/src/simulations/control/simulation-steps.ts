import { SimplaneError, validationError } from '../../errors/simplane-error.js';
import type { CursorCodec } from '../../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../../pagination/page.js';
import type { Principal } from '../../tenancy/tenancy.js';
import { stopped } from '../simulation-errors.js';
import type { SimulationRecords } from './simulation-records.js';
import type { StepDetail, StepLog, StepView } from '../step-log.port.js';
import { messageView } from '../step-recording.js';

/** A Simulation's recorded steps, as the control plane lists and shows them. */
export class SimulationSteps {
  constructor(
    private readonly records: SimulationRecords,
    private readonly steps: StepLog,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * A page of steps, oldest first; `atStep` (text, as the query gave it) starts the list at that
   * step, which must be one the Simulation has recorded.
   */
  async list(principal: Principal, id: string, params: PageParams & { atStep?: string }): Promise<{ steps: StepView[]; next_cursor: string | null }> {
    const record = await this.records.load(principal, id);
    if (record.status === 'stopped') throw stopped(id);
    let after = record.baseStep;
    if (params.atStep !== undefined) {
      const latest = await this.records.latestStep(id);
      const at = /^\d{1,15}$/.test(params.atStep) ? Number(params.atStep) : NaN;
      if (!(at > record.baseStep && at <= latest)) {
        throw validationError('at_step', latest > record.baseStep ? `must be a recorded step of this Simulation (${record.baseStep + 1}..${latest})` : 'must be a recorded step, and this Simulation has recorded none');
      }
      after = at - 1;
    }
    const page = await fetchPage(
      this.cursors,
      `steps:${id}:${params.atStep ?? ''}`,
      params,
      (s: StepView) => ({ createdAt: String(s.step), id }),
      (q) => this.steps.list(id, { afterStep: q.after === undefined ? after : Number(q.after.createdAt), limit: q.limit }),
    );
    return { steps: page.items.map(withVia), next_cursor: page.nextCursor };
  }

  async get(principal: Principal, id: string, stepText: string): Promise<StepDetail> {
    const record = await this.records.load(principal, id);
    if (record.status === 'stopped') throw stopped(id);
    const step = /^\d{1,15}$/.test(stepText) ? Number(stepText) : NaN;
    const entry = Number.isSafeInteger(step) && step > record.baseStep ? await this.steps.get(id, step) : null;
    if (entry === null) throw new SimplaneError('not_found', `No step ${stepText.slice(0, 32)} in Simulation ${id}.`);
    return { ...withVia(entry.view), request: entry.request && messageView(entry.request), response: entry.response && messageView(entry.response) };
  }
}

/** A step recorded before steps said how their request came in came in on the data plane. */
function withVia(view: StepView): StepView {
  return view.via === undefined ? { ...view, via: view.kind === 'api' ? 'http' : null } : view;
}
