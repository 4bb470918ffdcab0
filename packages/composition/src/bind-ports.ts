import type { Container } from 'inversify';
import { AesGcmSecretCipher, CachedSimulationRepository, CursorCodec, OwnedSimulationRepository, systemClock, TOKENS, UlidIdGenerator, type Runtime, type SimulationOwnership, type Token } from '@simplane/core';
import { COMPOSITION_TOKENS } from './composition-tokens.js';
import { EngineRuntime, InlineBuildProvider, WorkerBuildProvider } from '@simplane/engine';
import { UndiciRealSystemClient } from '@simplane/adapter-undici';
import type { Config } from './config.schema.js';
import { createConsoleLogger } from './console-logger.js';
import type { ComposeOverrides, ControlPlanePorts } from './control-plane.js';
import { derive } from './process-identity.js';
import type { Stores } from './storage/stores.js';

/** Binds every port to its adapter: the opened stores, the engine, the clock and the keys, with the caller's overrides. */
export function bindPorts(container: Container, config: Config, stores: Stores, overrides: ComposeOverrides, secretKey: Buffer): void {
  container.bind(TOKENS.clock).toConstantValue(overrides.clock ?? systemClock);
  container.bind(TOKENS.ids).toConstantValue(overrides.ids ?? new UlidIdGenerator());
  container.bind(TOKENS.logger).toConstantValue(overrides.logger ?? createConsoleLogger(config.log_level));
  container.bind(TOKENS.secretCipher).toConstantValue(new AesGcmSecretCipher(secretKey));
  container.bind(TOKENS.cursors).toConstantValue(new CursorCodec(derive(secretKey, 'cursor')));
  container.bind(TOKENS.keyStore).toConstantValue(overrides.keyStore?.(stores.keyStore) ?? stores.keyStore);
  container.bind(TOKENS.credentialRepository).toConstantValue(stores.credentials);
  container.bind(TOKENS.blobStore).toConstantValue(stores.blobs);
  container.bind(TOKENS.usageLedger).toConstantValue(stores.usage);
  container.bind(TOKENS.simulatorRepository).toConstantValue(stores.simulators);
  container
    .bind(TOKENS.buildProvider)
    .toConstantValue(overrides.buildProvider ?? (config.build_workers === 0 ? new InlineBuildProvider() : new WorkerBuildProvider({ workers: config.build_workers })));
  const realSystems = new UndiciRealSystemClient();
  container.bind(TOKENS.realSystemClient).toConstantValue(overrides.realSystemClient?.(realSystems) ?? realSystems);
  // The embedded default's store is this process's alone: its Simulation records can be read
  // from memory (every data-plane request reads one). On a shared store, those of the
  // Simulations this process owns can (bind-simulations.ts).
  container.bind(TOKENS.simulationRepository).toDynamicValue((c) => {
    if (stores.kind === 'embedded') return new CachedSimulationRepository(stores.simulations);
    const ownership = c.get<SimulationOwnership | null>(COMPOSITION_TOKENS.simulationOwnership);
    return ownership === null ? stores.simulations : new OwnedSimulationRepository(stores.simulations, ownership);
  });
  container.bind(TOKENS.stepLog).toConstantValue(overrides.stepLog?.(stores.steps) ?? stores.steps);
  container.bind(TOKENS.advanceLog).toConstantValue(stores.advances);
  container.bind(TOKENS.worldRepository).toConstantValue(stores.worlds);
  const engineRuntime: Runtime = new EngineRuntime();
  container.bind(TOKENS.runtime).toConstantValue(overrides.runtime?.(engineRuntime) ?? engineRuntime);
}

/** The bound ports, typed, for the control plane's `ports`. */
export function portsOf(container: Container): ControlPlanePorts {
  const get = <T>(token: Token<T>): T => container.get<T>(token);
  return {
    clock: get(TOKENS.clock),
    ids: get(TOKENS.ids),
    logger: get(TOKENS.logger),
    keyStore: get(TOKENS.keyStore),
    credentialRepository: get(TOKENS.credentialRepository),
    blobStore: get(TOKENS.blobStore),
    usageLedger: get(TOKENS.usageLedger),
    simulatorRepository: get(TOKENS.simulatorRepository),
    simulationRepository: get(TOKENS.simulationRepository),
    stepLog: get(TOKENS.stepLog),
    advanceLog: get(TOKENS.advanceLog),
    worldRepository: get(TOKENS.worldRepository),
    buildProvider: get(TOKENS.buildProvider),
    realSystemClient: get(TOKENS.realSystemClient),
    runtime: get(TOKENS.runtime),
  };
}
