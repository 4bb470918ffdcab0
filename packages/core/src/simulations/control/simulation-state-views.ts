import { validationError } from '../../errors/simplane-error.js';
import type { CursorCodec } from '../../pagination/cursor-codec.js';
import { fetchPage, type Page, type PageParams } from '../../pagination/page.js';
import type { Json, LoadedSimulator, StateChange } from '../../runtime/runtime.port.js';
import type { Principal } from '../../tenancy/tenancy.js';
import type { SimulationRecord } from '../simulation.js';
import { stopped } from '../simulation-errors.js';
import type { SimulationLoader } from '../simulation-loader.js';
import type { SimulationState } from '../simulation-state.js';
import type { StepLog } from '../step-log.port.js';
import type { SimulationRecords } from './simulation-records.js';

/** One record of a Simulation's state, under the resource the runtime names for its collection. */
export interface StateRecordView {
  resource: string;
  /** The state's collection: the resource's name, with the parent's ids for a nested resource. */
  collection: string;
  key: string;
  value: Json;
}

/** What one step did to one record: its value before the step and after it. */
export interface RecordChangeView {
  resource: string;
  collection: string;
  key: string;
  change: 'created' | 'updated' | 'deleted';
  before: Json | null;
  after: Json | null;
  /** For `updated`: the top-level fields whose values differ; empty otherwise, and for a record that is no object. */
  fields: string[];
}

const STEP = /^\d{1,15}$/;

/**
 * A Simulation's state as the control plane shows it, read from the step log as a fork reads it
 * (the latest snapshot at or before a step, and the changes since): the records after a step,
 * and the records a step changed with their values before and after it. Any process sharing
 * the store can answer both; none holds the Simulation for it.
 */
export class SimulationStateViews {
  constructor(
    private readonly records: SimulationRecords,
    private readonly steps: StepLog,
    private readonly loader: SimulationLoader,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * A page of the records after step `atStep` (default: the latest), per collection in the
   * order each was first written, each in insertion order; `resource` keeps one resource's.
   * The state after a fork's base step, or step 0, is its starting state.
   */
  async recordsAt(principal: Principal, id: string, params: PageParams & { atStep?: string; resource?: string }): Promise<{ step: number; records: StateRecordView[]; next_cursor: string | null }> {
    const record = await this.records.load(principal, id);
    if (record.status === 'stopped') throw stopped(id);
    const scope = `records:${id}:${params.atStep ?? ''}:${params.resource ?? ''}`;
    // A cursor keeps the step its list began at, so a list of "the latest" stays one state.
    const from = params.cursor === undefined ? undefined : this.cursors.decode(scope, params.cursor);
    const step = from !== undefined ? Number(from.id) : await this.stepAsked(record, params.atStep);
    const loaded = await this.loader.runtimeFor(record.simulatorDigest);
    if (params.resource !== undefined && loaded.resourceOf !== undefined && loaded.resourceOf(params.resource) !== params.resource) {
      throw validationError('resource', `this Simulation's Simulator has no resource '${params.resource.slice(0, 200)}'`);
    }
    const state = await this.loader.stateAt(record, loaded, step);
    const page = await pageOf(this.cursors, scope, params, stateRecords(state, loaded, params.resource), String(step));
    return { step, records: page.items, next_cursor: page.nextCursor };
  }

  /** A page of the records step `stepText` created, updated or deleted, in the order it first touched each. */
  async changes(principal: Principal, id: string, stepText: string, params: PageParams): Promise<{ step: number; changes: RecordChangeView[]; next_cursor: string | null }> {
    const record = await this.records.load(principal, id);
    if (record.status === 'stopped') throw stopped(id);
    const latest = await this.records.latestStep(id);
    const step = recordedStep(stepText, 'step', record.baseStep + 1, latest);
    const page = await pageOf(this.cursors, `changes:${id}:${step}`, params, await this.changesOf(record, step), id);
    return { step, changes: page.items, next_cursor: page.nextCursor };
  }

  /** The step `at_step` names (a recorded one, or the base), or the latest when there is none. */
  private async stepAsked(record: SimulationRecord, atStep: string | undefined): Promise<number> {
    const latest = await this.records.latestStep(record.id);
    return atStep === undefined ? latest : recordedStep(atStep, 'at_step', record.baseStep, latest);
  }

  private async changesOf(record: SimulationRecord, step: number): Promise<RecordChangeView[]> {
    const loaded = await this.loader.runtimeFor(record.simulatorDigest);
    const state = await this.loader.stateAt(record, loaded, step - 1);
    const changes: StateChange[] = (await this.steps.changes(record.id, step - 1, step)).flatMap((entry) => entry.changes);
    const touched = new Map<string, { collection: string; key: string; resource: string; before: Json | undefined }>();
    for (const change of changes) {
      const at = `${change.collection}\u0000${change.key}`;
      if (touched.has(at)) continue;
      const resource = resourceOf(loaded, change.collection);
      if (resource !== null) touched.set(at, { collection: change.collection, key: change.key, resource, before: state.get(change.collection, change.key) });
    }
    state.apply(changes);
    const views: RecordChangeView[] = [];
    for (const { collection, key, resource, before } of touched.values()) {
      const after = state.get(collection, key);
      if (before === undefined && after === undefined) continue;
      const change = before === undefined ? 'created' : after === undefined ? 'deleted' : 'updated';
      if (change === 'updated' && JSON.stringify(before) === JSON.stringify(after)) continue;
      views.push({ resource, collection, key, change, before: before ?? null, after: after ?? null, fields: change === 'updated' ? changedFields(before!, after!) : [] });
    }
    return views;
  }
}

/**
 * A page of a list made whole in memory: the cursor holds the last item's place in it and `tag`
 * (what the list must stay the same for, such as its step).
 */
async function pageOf<T>(cursors: CursorCodec, scope: string, params: PageParams, all: readonly T[], tag: string): Promise<Page<T>> {
  const page = await fetchPage(
    cursors,
    scope,
    params,
    (item: { index: number }) => ({ createdAt: String(item.index), id: tag }),
    async (q) => {
      const start = q.after === undefined ? 0 : Number(q.after.createdAt) + 1;
      return all.slice(start, start + q.limit).map((item, i) => ({ index: start + i, item }));
    },
  );
  return { items: page.items.map((entry) => entry.item), nextCursor: page.nextCursor };
}

/** The step `text` names, when it is one the Simulation has recorded (`first..latest`); else 422 `validation` on `field`. */
function recordedStep(text: string, field: string, first: number, latest: number): number {
  const step = STEP.test(text) ? Number(text) : NaN;
  if (step >= first && step <= latest) return step;
  throw validationError(field, latest >= first ? `must be a recorded step of this Simulation (${first}..${latest})` : 'must be a recorded step, and this Simulation has recorded none');
}

function resourceOf(loaded: LoadedSimulator, collection: string): string | null {
  return loaded.resourceOf === undefined ? collection : loaded.resourceOf(collection);
}

/** Every record of the state (or of one resource), seeding what was not reached yet. */
function stateRecords(state: SimulationState, loaded: LoadedSimulator, only: string | undefined): StateRecordView[] {
  // One resource's parts are seeded by reading its collection; the whole state needs them all.
  if (only === undefined) state.seedAll();
  else state.size(only);
  const views: StateRecordView[] = [];
  for (const collection of state.collectionNames()) {
    const resource = resourceOf(loaded, collection);
    if (resource === null || (only !== undefined && resource !== only)) continue;
    for (const [key, value] of state.entries(collection)) views.push({ resource, collection, key, value });
  }
  return views;
}

/** The top-level fields whose values differ between two versions of a record. */
function changedFields(before: Json, after: Json): string[] {
  if (!isObject(before) || !isObject(after)) return [];
  const names = new Set([...Object.keys(after), ...Object.keys(before)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
