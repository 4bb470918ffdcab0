import type { AuthService } from './auth/auth.service.js';
import type { KeyStore } from './auth/key-store.port.js';
import type { CredentialRepository } from './credentials/credential.repository.port.js';
import type { CredentialService } from './credentials/credential.service.js';
import type { SecretCipher } from './crypto/secret-cipher.port.js';
import type { IdGenerator } from './ids/id.js';
import type { Logger } from './logging/logger.port.js';
import type { CursorCodec } from './pagination/cursor-codec.js';
import type { Clock } from './time/clock.port.js';
import type { BlobStore } from './blobs/blob-store.port.js';
import type { BuildProvider } from './builds/build-provider.port.js';
import type { RealSystemClient } from './credentials/real-system-client.port.js';
import type { BuildScheduler } from './simulators/build-scheduler.js';
import type { SimulatorRepository } from './simulators/simulator.repository.port.js';
import type { SimulatorService } from './simulators/simulator.service.js';
import type { UsageLedger } from './quotas/usage-ledger.port.js';
import type { BuildAllowance } from './quotas/build-allowance.js';
import type { QuotaService } from './quotas/quota.service.js';
import type { Quotas } from './quotas/quotas.js';
import type { Runtime } from './runtime/runtime.port.js';
import type { SimulationRepository } from './simulations/simulation.repository.port.js';
import type { StepLog } from './simulations/step-log.port.js';
import type { SimulationService } from './simulations/control/simulation.service.js';
import type { SimulationTraffic } from './simulations/data-plane/simulation-traffic.js';
import type { AdvanceLog } from './simulations/clock/advance-log.port.js';
import type { SimulationClock } from './simulations/clock/simulation-clock.js';
import type { WorldRepository } from './worlds/world.repository.port.js';
import type { WorldService } from './worlds/world.service.js';
import type { WorldClock } from './worlds/world-clock.js';

/** A typed injection token: a `Symbol.for` key, named for the package that owns it, that remembers the type it stands for. */
export type Token<T> = symbol & { readonly __type?: T };

/** A token named for the package that owns what it stands for: `Symbol.for('@simplane/<package>/<name>')`. */
export function defineToken<T>(owner: string, name: string): Token<T> {
  return Symbol.for(`@simplane/${owner}/${name}`) as Token<T>;
}

function token<T>(name: string): Token<T> {
  return defineToken<T>('core', name);
}

/**
 * Injection tokens for the composition roots, for core's ports and services. Core never
 * resolves them itself; services receive their dependencies through constructors. A
 * composition root's own tokens are its package's (`@simplane/composition/...`).
 */
export const TOKENS = {
  clock: token<Clock>('clock'),
  ids: token<IdGenerator>('ids'),
  logger: token<Logger>('logger'),
  cursors: token<CursorCodec>('cursors'),
  secretCipher: token<SecretCipher>('secretCipher'),
  keyStore: token<KeyStore>('keyStore'),
  credentialRepository: token<CredentialRepository>('credentialRepository'),
  authService: token<AuthService>('authService'),
  credentialService: token<CredentialService>('credentialService'),
  quotas: token<Quotas>('quotas'),
  blobStore: token<BlobStore>('blobStore'),
  usageLedger: token<UsageLedger>('usageLedger'),
  simulatorRepository: token<SimulatorRepository>('simulatorRepository'),
  buildProvider: token<BuildProvider>('buildProvider'),
  realSystemClient: token<RealSystemClient>('realSystemClient'),
  buildScheduler: token<BuildScheduler>('buildScheduler'),
  buildAllowance: token<BuildAllowance>('buildAllowance'),
  simulatorService: token<SimulatorService>('simulatorService'),
  quotaService: token<QuotaService>('quotaService'),
  runtime: token<Runtime>('runtime'),
  simulationRepository: token<SimulationRepository>('simulationRepository'),
  stepLog: token<StepLog>('stepLog'),
  simulationService: token<SimulationService>('simulationService'),
  simulationTraffic: token<SimulationTraffic>('simulationTraffic'),
  advanceLog: token<AdvanceLog>('advanceLog'),
  simulationClock: token<SimulationClock>('simulationClock'),
  worldRepository: token<WorldRepository>('worldRepository'),
  worldService: token<WorldService>('worldService'),
  worldClock: token<WorldClock>('worldClock'),
} as const;
