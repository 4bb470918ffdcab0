import type { RecordChange, SimplaneClient, StepDetail } from '@simplane/client';
import { UsageError } from '../config/arguments.js';
import { integerOption, type CommandIo, type ParsedCommand } from './client-options.js';
import { cell, fields, table } from './output.js';
import { collect, pageStart } from './paging.js';

/** `--all` stops here: a long-lived Simulation can hold more steps than a terminal should show. */
const MAX_LISTED = 100_000;
/** A step's changed records shown with it; an advance can change more than a terminal should show. */
const MAX_CHANGES = 1_000;
/** A value in the changes table is cut here: the whole record is in `--json`. */
const MAX_VALUE = 60;

export const STEPS_OPTIONS = {
  'at-step': { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  all: { type: 'boolean' },
} as const;

/**
 * `simplane steps <simulation> [<step>]`: a Simulation's steps oldest first, or one step with
 * its request and response as the control plane kept them (secrets redacted, bodies cut at
 * 64 KiB), printed the way `curl -v` shows an exchange, and the records it changed.
 */
export async function stepsCommand(client: SimplaneClient, command: ParsedCommand, io: CommandIo): Promise<number> {
  const [id = '', stepText] = command.positionals;
  if (stepText !== undefined) {
    const listing = Object.keys(command.values).filter((name) => name in STEPS_OPTIONS);
    if (listing.length > 0) throw new UsageError(`--${listing[0]} lists steps; it does not go with a step number.`);
    if (!/^\d{1,15}$/.test(stepText)) throw new UsageError(`'${stepText}' is not a step number.`);
    const step = await client.simulations.step(id, Number(stepText));
    const changes: RecordChange[] = [];
    for await (const change of client.simulations.stepChanges(id, step.step, { limit: 200 })) if (changes.push(change) >= MAX_CHANGES) break;
    if (command.json) io.out(JSON.stringify({ ...step, changes }, null, 2));
    else [...describeStep(step), '', ...describeChanges(changes)].forEach((line) => io.out(line));
    return 0;
  }
  // A cursor belongs to the list it came from, at_step included, so every page repeats it.
  const atStep = integerOption(command.values, 'at-step');
  const { items: steps, next: cursor } = await collect(client.simulations.stepPages(id, { ...(atStep === undefined ? {} : { at_step: atStep }), ...pageStart(command) }), 'steps', command, MAX_LISTED);
  if (command.json) io.out(JSON.stringify({ steps, next_cursor: cursor ?? null }, null, 2));
  else {
    table(
      ['step', 'kind', 'status', 'time_after', 'operation', 'label'],
      steps.map((s) => [String(s.step), s.kind, String(s.status), s.time_after, cell(s.operation), s.label]),
    ).forEach((line) => io.out(line));
    if (cursor !== undefined) io.err(`more: ${atStep === undefined ? '' : `--at-step ${atStep} `}--cursor ${cursor}`);
  }
  return 0;
}

function describeStep(step: StepDetail): string[] {
  const lines = fields([
    ['step', String(step.step)],
    ['kind', step.kind],
    ['label', step.label],
    ['operation', step.operation],
    ['status', String(step.status)],
    ['time', step.time_before === step.time_after ? step.time_before : `${step.time_before} -> ${step.time_after}`],
    ['advance', step.advance_id],
    ['created_at', step.created_at],
  ]);
  if (step.request !== null) lines.push('', ...message('>', step.request, `${step.request.method ?? ''} ${step.request.path ?? ''}${step.request.query ? `?${step.request.query}` : ''}`.trim()));
  if (step.response !== null) lines.push('', ...message('<', step.response, String(step.response.status ?? '')));
  return lines;
}

/** The records a step changed, one line each; an update names its fields with their values before and after. */
function describeChanges(changes: readonly RecordChange[]): string[] {
  if (changes.length === 0) return ['(no record changed)'];
  const short = (value: unknown) => {
    if (value === undefined) return '(none)';
    const text = JSON.stringify(value);
    return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 3)}...` : text;
  };
  const rows = changes.map((c) => {
    const before = (c.before ?? {}) as Record<string, unknown>;
    const after = (c.after ?? {}) as Record<string, unknown>;
    const fields = c.fields.map((field) => `${field}: ${short(before[field])} -> ${short(after[field])}`).join(', ');
    return [c.change, c.resource, c.key, cell(fields)];
  });
  const lines = table(['change', 'resource', 'key', 'fields'], rows);
  return changes.length >= MAX_CHANGES ? [...lines, `(the first ${MAX_CHANGES}: GET /v1/simulations/{id}/steps/{step}/changes pages them all)`] : lines;
}

/** A request or response as a step keeps it. */
type RecordedMessage = NonNullable<StepDetail['request'] | StepDetail['response']>;

/** A kept message: its first line, headers and body, each line marked with the direction. */
function message(mark: string, kept: RecordedMessage, first: string): string[] {
  const lines = [first, ...Object.entries(kept.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`))];
  if (kept.body !== null && kept.body_bytes > 0) {
    lines.push('');
    if (kept.body_encoding === 'base64') lines.push(`(${kept.body_bytes} bytes, not text; base64 follows)`);
    lines.push(...kept.body.split('\n'));
    if (kept.body_truncated) lines.push(`(cut at 64 KiB of ${kept.body_bytes} bytes)`);
  }
  return lines.map((line) => (line === '' ? mark : `${mark} ${line}`));
}
