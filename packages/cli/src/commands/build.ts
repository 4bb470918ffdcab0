import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { describeIssue, MAX_DOCUMENT_BYTES, type BuildProgress, type BuildRequest, type SimplaneClient, type Simulator } from '@simplane/client';
import { ClientError } from '../client/client-error.js';
import { integerOption, listOption, stringOption, type CommandIo, type ParsedCommand } from './client-options.js';
import { behaviourCounts, describeSimulator } from './simulator-text.js';

/** The `spec` part's limit (SPEC section 8), checked before reading so a huge file is refused at once. */
const MAX_SPEC_BYTES = MAX_DOCUMENT_BYTES;

export const BUILD_OPTIONS = {
  name: { type: 'string' },
  reference: { type: 'string', multiple: true },
  'spec-kind': { type: 'string' },
  filter: { type: 'string', multiple: true },
  parent: { type: 'string' },
  instructions: { type: 'string' },
  credential: { type: 'string' },
  'probe-requests': { type: 'string' },
  'timeout-seconds': { type: 'string' },
  'no-wait': { type: 'boolean' },
} as const;

/**
 * `simplane build <document>`: uploads the document as a build, then follows it until the
 * Simulator is ready (or failed, or canceled), showing each stage and how many operations are
 * done on standard error. A failed build exits 1 with the control plane's diagnostics. With
 * `--no-wait` it answers the queued Simulator at once. Interrupting the wait leaves the build
 * running; `GET /v1/simulators/{id}` follows it.
 */
export async function buildCommand(client: SimplaneClient, command: ParsedCommand, io: CommandIo): Promise<number> {
  const { values } = command;
  // The control plane checks every field's form and range (422 with the rule), so the two cannot drift apart.
  const request: Record<string, unknown> = {};
  const name = stringOption(values, 'name');
  if (name !== undefined) request.name = name;
  const references = listOption(values, 'reference');
  if (references.length > 0) request.references = references;
  const kind = stringOption(values, 'spec-kind');
  if (kind !== undefined) request.spec_kind = kind;
  const filter = listOption(values, 'filter');
  if (filter.length > 0) request.filter = filter;
  const parent = stringOption(values, 'parent');
  if (parent !== undefined) request.parent_id = parent;
  const instructions = stringOption(values, 'instructions');
  if (instructions !== undefined) request.instructions = instructions;
  const credential = stringOption(values, 'credential');
  if (credential !== undefined) request.credential_id = credential;
  const probes = integerOption(values, 'probe-requests');
  if (probes !== undefined) request.probe_requests = probes;
  const timeout = integerOption(values, 'timeout-seconds');
  if (timeout !== undefined) request.timeout_seconds = timeout;

  const file = command.positionals[0];
  const wait = values['no-wait'] !== true;
  let shown: string | undefined;
  const onProgress = (now: BuildProgress) => {
    if (shown === undefined) io.err(`building ${now.simulator.id} (${now.simulator.name})`);
    const line = progress(now);
    if (line !== shown) io.err((shown = line));
  };
  const simulator = await client.simulators.build({
    ...(file === undefined ? {} : { document: await readDocument(file), fileName: basename(file) }),
    request: request as BuildRequest,
    wait,
    onProgress,
  });
  if (wait) {
    for (const warning of simulator.build.warnings) io.err(`warning: ${describeIssue(warning)}`);
    // What a Simulation of it will keep in state, and what it answers from the schema alone.
    if (simulator.status === 'ready') io.err(behaviourCounts((await client.simulators.operations(simulator.id)).operations));
  }
  if (command.json) io.out(JSON.stringify(simulator, null, 2));
  else describeSimulator(simulator).forEach((line) => io.out(line));
  if (simulator.status === 'failed' || simulator.status === 'canceled') throw buildFailure(simulator);
  return 0;
}

async function readDocument(file: string): Promise<Uint8Array> {
  const path = resolve(file);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ClientError(`${file} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof ClientError) throw error;
    throw new ClientError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  if (size > MAX_SPEC_BYTES) throw new ClientError(`${file} is ${size} bytes; a document may be at most ${MAX_SPEC_BYTES} bytes (64 MiB).`);
  return readFile(path);
}

/** One line of progress: the status, the build's stage and, once known, its operations (while probing, its requests to the real system). */
function progress({ status, stage, done, total, counting }: BuildProgress): string {
  return `${status}: ${stage}${total > 0 ? ` (${done}/${total} ${counting})` : ''}`;
}

/** A failed or canceled build as the command's failure: its code and detail, then its diagnostics. */
function buildFailure(simulator: Simulator): ClientError {
  const error = simulator.error;
  if (error === null) return new ClientError(`the build ended ${simulator.status}.`);
  const details = (error.validation?.issues ?? []).map(describeIssue);
  if (error.agent_message !== null) details.push(error.agent_message);
  return new ClientError(`the build ${simulator.status === 'canceled' ? 'was canceled' : 'failed'}: ${error.code}${error.reason === null ? '' : ` (${error.reason})`}: ${error.detail}`, details);
}
