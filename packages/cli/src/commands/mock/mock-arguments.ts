import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../../config/arguments.js';

/** Where `simplane mock` listens unless told: Prism's port, so a suite written for one finds the other. */
export const MOCK_DEFAULT_PORT = 4010;

/** `simplane mock <document>`'s command line, read strictly. */
export interface MockArguments {
  /** The document, resolved against the working directory. */
  document: string;
  port: number;
  host: string;
  seed?: string;
  startTime?: string;
  sampleRecords?: number;
  /** Nothing on disk: the state ends with the process. */
  memory: boolean;
  /** A new Simulation from the seed, whatever the data directory kept. */
  reset: boolean;
  /** Rebuild on every save of the document. */
  watch: boolean;
  /** Every request at the root is read-only. */
  readOnly: boolean;
  /** Serve the root without tokens on an address other machines can reach. */
  noToken: boolean;
  /** The data directory given with `--data-dir`; otherwise one named for the document is chosen. */
  dataDir?: string;
  help: boolean;
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'start-time': { type: 'string' },
  'sample-records': { type: 'string' },
  memory: { type: 'boolean' },
  reset: { type: 'boolean' },
  watch: { type: 'boolean' },
  'read-only': { type: 'boolean' },
  'no-token': { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Reads the arguments after `mock`: one document and the options above; anything else is a usage error. */
export function parseMockArguments(args: readonly string[], cwd: string): MockArguments {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], strict: true, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const help = values.help === true;
  if (!help && positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'mock needs a document: simplane mock <document>.' : `mock takes one document, got ${positionals.length}.`);
  for (const name of ['port', 'host', 'seed', 'start-time', 'sample-records', 'data-dir'] as const) {
    if (values[name] === '') throw new UsageError(`Option '--${name}' needs a value.`);
  }
  const result: MockArguments = {
    document: resolve(cwd, positionals[0] ?? '.'),
    port: values.port === undefined ? MOCK_DEFAULT_PORT : integer('--port', values.port, 0, 65_535),
    host: values.host ?? '127.0.0.1',
    memory: values.memory === true,
    reset: values.reset === true,
    watch: values.watch === true,
    readOnly: values['read-only'] === true,
    noToken: values['no-token'] === true,
    help,
  };
  if (values.seed !== undefined) result.seed = values.seed;
  if (values['start-time'] !== undefined) {
    // Checked here so a wrong time is told before the build; the control plane checks it in full.
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(values['start-time']) || Number.isNaN(Date.parse(values['start-time']))) {
      throw new UsageError(`--start-time must be an RFC 3339 time in UTC (2024-01-01T00:00:00Z), got '${values['start-time'].slice(0, 40)}'.`);
    }
    result.startTime = values['start-time'];
  }
  if (values['sample-records'] !== undefined) result.sampleRecords = integer('--sample-records', values['sample-records'], 0, 1000);
  if (values['data-dir'] !== undefined) result.dataDir = resolve(cwd, values['data-dir']);
  if (result.memory && result.dataDir !== undefined) throw new UsageError('--memory keeps nothing on disk; it takes no --data-dir.');
  if (result.memory && result.reset) throw new UsageError('--memory always starts over; it takes no --reset.');
  return result;
}

function integer(option: string, text: string, min: number, max: number): number {
  if (!/^\d{1,7}$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${option} must be a whole number from ${min} to ${max}, got '${text.slice(0, 40)}'.`);
  return Number(text);
}

/**
 * The directory `serve` keeps its data in (SIMPLANE_DATA_DIR, default ~/.simplane): the mock's
 * data directories are made under its `mock` folder.
 */
export function serveDataDir(env: NodeJS.ProcessEnv): string {
  const configured = env.SIMPLANE_DATA_DIR;
  return resolve(configured === undefined || configured === '' ? join(homedir(), '.simplane') : configured);
}

/** True for an address only this machine reaches: 127.0.0.0/8, ::1 and `localhost`. */
export function isLoopback(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(bare) || /^::ffff:127\./i.test(bare);
  return false;
}
