/**
 * How `simplane simulators behaviour` shows the artifact's decisions to a person. The answer
 * keeps the artifact's own shapes (docs/behaviour.md), which grow with the artifact format, so
 * every field is read as optional and anything unexpected prints as JSON rather than failing.
 */
import type { SimulatorBehaviour } from '@simplane/client';
import { cell, table } from './output.js';

interface FieldFillView {
  field?: string;
  fill?: string;
  time?: string;
  end?: string;
  value?: unknown;
  waiting?: Array<{ value?: unknown; field?: unknown }>;
}

interface RecordsView {
  fields?: FieldFillView[];
  state?: { field?: string; initial?: unknown } | null;
  idForm?: { kind?: string; prefix?: string; length?: number } | null;
}

interface WriteView {
  put?: string;
  patch?: string;
  createsMissing?: boolean;
  actsByDefault?: string[];
  upload?: { part?: string; size?: string; name?: string; mediaType?: string };
}

/** A table of resources, a blank line, and a table of operations. */
export function describeBehaviour(behaviour: SimulatorBehaviour): string[] {
  const resources = table(
    ['resource', 'id field', 'new ids', 'state', 'server-filled'],
    behaviour.resources.map((resource) => {
      const records = (resource.records ?? {}) as RecordsView;
      return [cell(resource.name), cell(resource.idField), idText(records.idForm), stateText(records.state), cell((records.fields ?? []).map(fillText).join(', '))];
    }),
  );
  const operations = table(
    ['operation', 'behaviour', 'protocol', 'write'],
    behaviour.operations.map((operation) => [cell(operation.id), cell(operation.behaviour), cell(operation.protocol), writeText(operation.write as WriteView | null | undefined)]),
  );
  return [...resources, '', ...operations];
}

/** `2 resources, 10 operations (artifact version 4)`, or why there is nothing to show. */
export function decisionCounts(behaviour: SimulatorBehaviour): string {
  if (behaviour.artifact_version === 0) return 'the runtime keeps no decisions for this Simulator';
  const { resources, operations } = behaviour;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(resources.length, 'resource')}, ${plural(operations.length, 'operation')} (artifact version ${behaviour.artifact_version})`;
}

/** `prefixed cus_ (18)`, `uuid`, `integer`: how new ids look; `-` where the resource's name prefixes them. */
function idText(form: RecordsView['idForm']): string {
  if (form === null || form === undefined || form.kind === undefined) return '-';
  const prefix = form.prefix === undefined ? '' : ` ${form.prefix}`;
  return `${form.kind}${prefix}${form.length === undefined ? '' : ` (${form.length})`}`;
}

/** `status = "available"`: the state field and the value a new record starts in. */
function stateText(state: RecordsView['state']): string {
  if (state === null || state === undefined || state.field === undefined) return '-';
  return state.initial === undefined ? state.field : `${state.field} = ${JSON.stringify(state.initial)}`;
}

/** `created_at: created (instant)`, `closed_at: end closed (epoch)`, `status: initial "open"`, `status: initial requires_payment_method without payment_method, else "open"`. */
function fillText(fill: FieldFillView): string {
  const time = fill.time === undefined ? '' : ` (${fill.time})`;
  const how = (() => {
    switch (fill.fill) {
      case 'end':
        return `end ${fill.end ?? '?'}${time}`;
      case 'initial': {
        // The first waiting state whose field the new record lacks, else the value.
        const waiting = (fill.waiting ?? []).map((w) => `${cell(w.value)} without ${cell(w.field)}`);
        const value = fill.value === undefined ? [] : [JSON.stringify(fill.value)];
        return `initial ${[...waiting, ...value].join(', else ') || '?'}`;
      }
      default:
        return `${fill.fill ?? '?'}${time}`;
    }
  })();
  return `${fill.field ?? '?'}: ${how}`;
}

/** `put replace, patch merge, creates missing, acts by default capture`; `-` for an operation that writes no body. */
function writeText(write: WriteView | null | undefined): string {
  if (write === null || write === undefined) return '-';
  const parts = [`put ${write.put ?? '?'}`, `patch ${write.patch ?? '?'}`];
  if (write.createsMissing === true) parts.push('creates missing');
  if ((write.actsByDefault ?? []).length > 0) parts.push(`acts by default ${write.actsByDefault!.join(' ')}`);
  if (write.upload !== undefined) parts.push(`upload ${write.upload.part ?? '?'} into ${[write.upload.size, write.upload.name, write.upload.mediaType].filter((field) => field !== undefined).join(' ')}`);
  return parts.join(', ');
}
