import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * What a mock's data directory remembers beside its database: which document it served, built
 * into which Simulator, and which Simulation of it was served at the root. A restart of the
 * same command serves them again.
 */
export interface MockState {
  /** SHA-256 of the document's bytes: unchanged, its Simulator is served again without a build. */
  digest: string;
  simulatorId: string;
  simulationId: string;
  /** Asked for when the Simulation was created (the Simulation itself does not show it). */
  sampleRecords: number | null;
}

const STATE_FILE = 'mock.json';
/** A state file is a few hundred bytes; anything much larger is not one. */
const MAX_STATE_BYTES = 64 * 1024;

/**
 * The data directory of a document's mock: under `<serve data dir>/mock/`, named for the file
 * and a digest of its absolute path, so two documents of the same name each keep their own and
 * the same document finds its own from any working directory.
 */
export function mockDataDir(serveDataDir: string, document: string): string {
  const name = basename(document).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  const where = createHash('sha256').update(document).digest('hex').slice(0, 12);
  return join(serveDataDir, 'mock', `${name}-${where}`);
}

/** The state the data directory kept, or null when it kept none (or none readable: the mock then starts over). */
export function readMockState(dataDir: string): MockState | null {
  let value: unknown;
  try {
    const text = readFileSync(join(dataDir, STATE_FILE), 'utf8');
    if (text.length > MAX_STATE_BYTES) return null;
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Record<string, unknown>;
  const text = (key: string) => (typeof state[key] === 'string' && (state[key] as string).length <= 512 ? (state[key] as string) : null);
  const digest = text('digest');
  const simulatorId = text('simulator_id');
  const simulationId = text('simulation_id');
  if (digest === null || simulatorId === null || simulationId === null) return null;
  const sampleRecords = typeof state.sample_records === 'number' && Number.isInteger(state.sample_records) ? state.sample_records : null;
  return { digest, simulatorId, simulationId, sampleRecords };
}

/** Replaces the state file whole (written aside, then renamed), so a crash leaves the old one or the new one. */
export function writeMockState(dataDir: string, state: MockState): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, STATE_FILE);
  const body = { digest: state.digest, simulator_id: state.simulatorId, simulation_id: state.simulationId, sample_records: state.sampleRecords };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
