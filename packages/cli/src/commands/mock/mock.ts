import { basename } from 'node:path';
import { SimplaneError, type OperationSummary, type SimulationWithToken, type SimulatorView } from '@simplane/core';
import { isLoopback, serveDataDir, type MockArguments } from './mock-arguments.js';
import { credentialsFor } from './mock-credentials.js';
import { buildMockSimulator, readMockDocument, type MockDocument } from './mock-build.js';
import { MockBuildFailed } from './mock-failure.js';
import { startMockServer, type MockServer } from './mock-server.js';
import { mockDataDir, readMockState, writeMockState, type MockState } from './mock-state.js';
import { servedLines, tryLine } from './mock-text.js';
import { serialised, watchFile } from './mock-watch.js';

export interface MockIo {
  out(line: string): void;
  err(line: string): void;
}

export interface RunningMock {
  url: string;
  close(): Promise<void>;
}

/** What is served at the root now. */
interface Serving {
  /** SHA-256 of the document the Simulator was built from. */
  digest: string;
  /** That document, to read what its operations ask for; null when it is no longer at hand. */
  document: Uint8Array | null;
  simulator: SimulatorView;
  simulation: SimulationWithToken;
  sampleRecords: number | null;
}

/**
 * `simplane mock <document>`: a server of its own with the document's Simulation at the root,
 * without a token on a loopback address, and the whole control plane under `/v1`. State is kept
 * in a data directory named for the document, so running the same command again serves the
 * same Simulation with its state; `--watch` rebuilds on every save and starts the state again.
 */
export async function mock(args: MockArguments, env: NodeJS.ProcessEnv, io: MockIo): Promise<RunningMock> {
  const name = basename(args.document);
  // Read before anything listens: a missing or oversized document ends the command at once.
  const first = await readMockDocument(args.document);
  const loopback = isLoopback(args.host);
  const tokenless = loopback || args.noToken;
  if (!loopback && args.noToken) io.err(`warning: --no-token on ${args.host}: anyone who can reach this address can read and change the Simulation without a token.`);
  const dataDir = args.memory ? null : (args.dataDir ?? mockDataDir(serveDataDir(env), args.document));
  const server = await startMockServer({ port: args.port, host: args.host, dataDir, tokenless, readOnly: args.readOnly, printRequest: io.err });
  const stateText = dataDir === null ? 'in memory: it ends with this command' : `in ${dataDir} (the same command serves it again; --reset starts over)`;
  let serving: Serving | null = null;
  const announce = async (now: Serving) => {
    const operations = (await server.plane.services.simulators.operations(server.principal, now.simulator.id)).operations;
    const token = tokenless ? null : now.simulation.token;
    const served = { simulationId: now.simulation.id, simulatorId: now.simulator.id, seed: now.simulation.seed, step: now.simulation.step };
    const needs = (operation: OperationSummary) => (now.document === null ? { headers: [], query: [] } : credentialsFor(now.document, operation.method, operation.path));
    for (const line of servedLines(served, server.apiKey, server.url, stateText, tryLine(server.url, operations, token, needs))) io.out(line);
    if (token !== null) io.out(`Token          ${token} (send it as Simulation-Token; it expires at ${now.simulation.token_expires_at})`);
    if (args.readOnly) io.out('Read-only      requests at the root that could change state are refused');
  };

  try {
    serving = await firstServing(server, args, first, dataDir, io);
  } catch (error) {
    // With --watch a document that does not build yet is waited for: the next save may fix it.
    if (!(error instanceof MockBuildFailed && args.watch)) {
      await server.close().catch(() => undefined);
      throw error;
    }
    error.lines.forEach((line) => io.err(line));
    serving = await keptServing(server, dataDir);
    io.err(`Fix ${name} and save it: --watch builds it again. ${serving === null ? 'Until then the root answers 503.' : `Until then the last build serves: ${serving.simulation.id} of ${serving.simulator.id}.`}`);
  }
  if (serving !== null) {
    server.serve(serving.simulation.id);
    await announce(serving);
  }
  io.out(`Simplane mock of ${name} listening on ${server.url}${tokenless ? ' (no Simulation-Token needed at the root)' : ''}`);
  if (server.plane.console !== null) io.out(`Console: ${server.url}/console`);

  let lastDigest = first.digest;
  const rebuilds = serialised(
    async () => {
      let document: MockDocument;
      try {
        document = await readMockDocument(args.document);
      } catch (error) {
        io.err(`${error instanceof Error ? error.message : String(error)} Still serving the last build.`);
        return;
      }
      if (document.digest === lastDigest) return;
      lastDigest = document.digest;
      io.err(`${name} changed: building it again`);
      let simulator: SimulatorView;
      try {
        simulator = await buildMockSimulator(server.plane.services.simulators, server.principal, document, io.err);
      } catch (error) {
        if (!(error instanceof MockBuildFailed)) throw error;
        error.lines.forEach((line) => io.err(line));
        io.err(serving === null ? 'Nothing is served at the root until a save builds.' : `Still serving ${serving.simulation.id} of ${serving.simulator.id}, as before the save.`);
        return;
      }
      const previous = serving;
      const seed = args.seed ?? previous?.simulation.seed;
      const sampleRecords = args.sampleRecords ?? previous?.sampleRecords ?? null;
      const simulation = await createSimulation(server, simulator.id, seed, args.startTime ?? previous?.simulation.start_time, sampleRecords);
      serving = { digest: document.digest, document: document.bytes, simulator, simulation, sampleRecords };
      server.serve(simulation.id);
      if (dataDir !== null) writeMockState(dataDir, stateOf(serving));
      if (previous !== null) await discard(server, previous, simulator.id);
      io.out(`Rebuilt ${name}: ${simulation.id} of ${simulator.id} now answers at the root; the state starts again from seed ${simulation.seed}.`);
      await announce(serving);
    },
    (error) => io.err(`rebuilding ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  const watcher = args.watch ? watchFile(args.document, rebuilds.run) : null;
  if (watcher !== null) io.out(`Watching ${args.document}: every save builds it again.`);

  return {
    url: server.url,
    close: async () => {
      watcher?.close();
      await rebuilds.idle();
      await server.close();
    },
  };
}

/**
 * The Simulation to serve at start: the one the data directory kept, when the document is the
 * one its Simulator was built from and the options that make a Simulation still agree; else a
 * new one (built first when the document changed), and what it replaces is deleted.
 */
async function firstServing(server: MockServer, args: MockArguments, document: MockDocument, dataDir: string | null, io: MockIo): Promise<Serving> {
  const { simulators, simulations } = server.plane.services;
  const principal = server.principal;
  const kept = dataDir === null ? null : readMockState(dataDir);
  const keptSimulator = kept !== null && kept.digest === document.digest ? await found(simulators.get(principal, kept.simulatorId)) : null;
  let simulator: SimulatorView;
  if (keptSimulator !== null && keptSimulator.status === 'ready') {
    simulator = keptSimulator;
    io.err(`${basename(args.document)} is unchanged: serving ${simulator.id} again, built from it before.`);
  } else {
    simulator = await buildMockSimulator(simulators, principal, document, io.err);
  }
  const keptSimulation = kept === null ? null : await found(simulations.get(principal, kept.simulationId));
  const why = keptSimulation === null ? null : reasonToStartOver(args, kept!, keptSimulation.simulator_id === simulator.id, keptSimulation.seed, keptSimulation.start_time);
  let serving: Serving;
  if (keptSimulation !== null && why === null) {
    // Started if it was stopped; a running one is answered as it is, with a fresh token. Its
    // latest step is the one read with the log (start answers the record's, which a step does not write).
    const started = await simulations.start(principal, keptSimulation.id);
    serving = { digest: document.digest, document: document.bytes, simulator, simulation: { ...started, step: keptSimulation.step }, sampleRecords: kept!.sampleRecords };
    io.err(`Serving ${keptSimulation.id} again, with its state (step ${keptSimulation.step}).`);
  } else {
    // What the command line leaves out is as the kept Simulation had it: the state starts again from the same seed.
    const sampleRecords = args.sampleRecords ?? kept?.sampleRecords ?? null;
    const simulation = await createSimulation(server, simulator.id, args.seed ?? keptSimulation?.seed, args.startTime ?? keptSimulation?.start_time, sampleRecords);
    serving = { digest: document.digest, document: document.bytes, simulator, simulation, sampleRecords };
    if (why !== null) io.err(`${why}: ${simulation.id} starts from seed ${simulation.seed}.`);
  }
  if (dataDir !== null) writeMockState(dataDir, stateOf(serving));
  if (kept !== null) {
    if (keptSimulation !== null && keptSimulation.id !== serving.simulation.id) await ignoreMissing(simulations.delete(principal, keptSimulation.id));
    if (kept.simulatorId !== simulator.id) await ignoreMissing(simulators.delete(principal, kept.simulatorId));
  }
  return serving;
}

/** Why the kept Simulation is not served again, or null when it is. */
function reasonToStartOver(args: MockArguments, kept: MockState, sameSimulator: boolean, seed: string, startTime: string): string | null {
  if (args.reset) return '--reset';
  if (!sameSimulator) return 'The document changed since the last run';
  if (args.seed !== undefined && args.seed !== seed) return `--seed differs from the kept Simulation's (${seed})`;
  if (args.startTime !== undefined && Date.parse(args.startTime) !== Date.parse(startTime)) return `--start-time differs from the kept Simulation's (${startTime})`;
  if (args.sampleRecords !== undefined && args.sampleRecords !== kept.sampleRecords) return "--sample-records differs from the kept Simulation's";
  return null;
}

function createSimulation(server: MockServer, simulatorId: string, seed: string | undefined, startTime: string | undefined, sampleRecords: number | null): Promise<SimulationWithToken> {
  const body: Record<string, unknown> = { simulator_id: simulatorId };
  if (seed !== undefined) body.seed = seed;
  if (startTime !== undefined) body.start_time = startTime;
  if (sampleRecords !== null) body.sample_records = sampleRecords;
  return server.plane.services.simulations.create(server.principal, body);
}

/** What a rebuild replaced goes: its Simulation, then its Simulator (unless the new build is the same one). */
async function discard(server: MockServer, previous: Serving, newSimulatorId: string): Promise<void> {
  await ignoreMissing(server.plane.services.simulations.delete(server.principal, previous.simulation.id));
  if (previous.simulator.id !== newSimulatorId) await ignoreMissing(server.plane.services.simulators.delete(server.principal, previous.simulator.id));
}

/** The Simulation the data directory kept, served as it is (a changed document that does not build leaves it serving). */
async function keptServing(server: MockServer, dataDir: string | null): Promise<Serving | null> {
  const kept = dataDir === null ? null : readMockState(dataDir);
  if (kept === null) return null;
  const { simulators, simulations } = server.plane.services;
  const simulator = await found(simulators.get(server.principal, kept.simulatorId));
  const simulation = simulator?.status === 'ready' ? await found(simulations.get(server.principal, kept.simulationId)) : null;
  if (simulator === null || simulation === null || simulation.simulator_id !== simulator.id) return null;
  return { digest: kept.digest, document: null, simulator, simulation: await simulations.start(server.principal, simulation.id), sampleRecords: kept.sampleRecords };
}

function stateOf(serving: Serving): MockState {
  return { digest: serving.digest, simulatorId: serving.simulator.id, simulationId: serving.simulation.id, sampleRecords: serving.sampleRecords };
}

/** The resource, or null when it is gone (deleted through the control plane since). */
async function found<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (SimplaneError.is(error) && (error.code === 'simulator_not_found' || error.code === 'simulation_not_found')) return null;
    throw error;
  }
}

async function ignoreMissing(deleting: Promise<void>): Promise<void> {
  await found(deleting);
}
