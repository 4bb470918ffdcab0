import type { Container } from 'inversify';
import {
  AuthService,
  BuildAllowance,
  BuildProbing,
  BuildScheduler,
  CredentialService,
  PROBE_LIMITS,
  QuotaService,
  SessionSealer,
  SimulatorService,
  TOKENS,
  type SimulationRepository,
  type SimulatorRepository,
  type WorldRepository,
} from '@simplane/core';
import { filterProblem } from '@simplane/engine';
import type { CompositionContext } from './composition-context.js';

/** Catalog builds run beside every workspace's, two at a time. */
const CATALOG_BUILD_CONCURRENCY = 2;

/** Binds the services of Simulators, builds, credentials, keys and quotas to their ports. */
export function bindServices(container: Container, { config, quotas, lease }: CompositionContext): void {
  container.bind(TOKENS.quotas).toConstantValue(quotas);
  container
    .bind(TOKENS.buildScheduler)
    .toDynamicValue(
      (c) =>
        new BuildScheduler(
          c.get(TOKENS.simulatorRepository),
          c.get(TOKENS.blobStore),
          c.get(TOKENS.buildProvider),
          c.get(TOKENS.clock),
          c.get(TOKENS.logger),
          (workspaceId) => (workspaceId === null ? CATALOG_BUILD_CONCURRENCY : quotas.concurrentBuilds),
          lease,
          new BuildProbing(
            c.get(TOKENS.credentialService),
            c.get(TOKENS.realSystemClient),
            { allowLoopback: config.allow_http_loopback_credentials, allowPrivate: config.allow_private_credentials },
            { timeoutMs: config.probe_timeout_ms, maxBodyBytes: PROBE_LIMITS.maxBodyBytes },
          ),
        ),
    );
  container.bind(TOKENS.buildAllowance).toDynamicValue((c) => new BuildAllowance(c.get(TOKENS.usageLedger), c.get(TOKENS.clock), quotas));
  container
    .bind(TOKENS.simulatorService)
    .toDynamicValue(
      (c) =>
        new SimulatorService(
          c.get(TOKENS.simulatorRepository),
          c.get(TOKENS.blobStore),
          c.get(TOKENS.buildScheduler),
          c.get(TOKENS.buildAllowance),
          c.get(TOKENS.credentialService),
          c.get(TOKENS.keyStore),
          c.get(TOKENS.clock),
          c.get(TOKENS.ids),
          c.get(TOKENS.cursors),
          c.get(TOKENS.runtime),
          // Simulations and Worlds that use the Simulator (a failed World has no member but still names it).
          async (simulatorId) =>
            (await c.get<SimulationRepository>(TOKENS.simulationRepository).countBySimulator(simulatorId)) +
            (await c.get<WorldRepository>(TOKENS.worldRepository).listBySimulator(simulatorId)).length,
          // The engine's own rule for filters, asked before the build is accepted.
          filterProblem,
        ),
    );
  container.bind(TOKENS.quotaService).toDynamicValue((c) => {
    const simulators = c.get<SimulatorRepository>(TOKENS.simulatorRepository);
    const simulations = c.get<SimulationRepository>(TOKENS.simulationRepository);
    return new QuotaService(quotas, c.get(TOKENS.buildAllowance), {
      activeSimulations: (workspaceId) => simulations.countActive(workspaceId),
      concurrentBuilds: (workspaceId) => simulators.countBuilding(workspaceId),
      concurrentWorldBuilds: (workspaceId) => c.get<WorldRepository>(TOKENS.worldRepository).countBuilding(workspaceId),
    });
  });
  container
    .bind(TOKENS.authService)
    .toDynamicValue(
      (c) =>
        new AuthService(
          c.get(TOKENS.keyStore),
          c.get(TOKENS.clock),
          c.get(TOKENS.logger),
          config.session_secret === undefined ? null : new SessionSealer(config.session_secret),
        ),
    );
  container
    .bind(TOKENS.credentialService)
    .toDynamicValue(
      (c) =>
        new CredentialService(
          c.get(TOKENS.credentialRepository),
          c.get(TOKENS.secretCipher),
          c.get(TOKENS.clock),
          c.get(TOKENS.ids),
          c.get(TOKENS.cursors),
          { allowHttpLoopback: config.allow_http_loopback_credentials },
        ),
    );
}
