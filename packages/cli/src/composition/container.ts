import 'reflect-metadata';
import { Container } from 'inversify';
import { createHash, randomBytes } from 'node:crypto';
import {
  AesGcmSecretCipher,
  AuthService,
  CredentialService,
  CursorCodec,
  SessionSealer,
  TOKENS,
  UlidIdGenerator,
  systemClock,
  type Clock,
  type IdGenerator,
  type KeyStore,
  type Logger,
} from '@simplane/core';
import { MemoryCredentialRepository, MemoryKeyStore } from '@simplane/adapter-memory';
import { controlPlaneRoutes, createHandler, DEFAULT_HANDLER_OPTIONS, type ControlPlaneServices, type Handler, type Route } from '@simplane/http';
import type { Config } from '../config/config.schema.js';
import { createConsoleLogger } from './console-logger.js';
import { seedTenants, type Tenants } from './tenants.js';

/** Replacements a caller (a test, the harness) may put in place of the defaults. */
export interface ComposeOverrides {
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  /** Wraps the configured key store, e.g. to simulate an authentication outage. */
  keyStore?: (configured: KeyStore) => KeyStore;
}

export interface ControlPlane {
  handle: Handler;
  /** The route table behind `handle`; the OpenAPI document is generated from it. */
  routes: Route[];
  services: ControlPlaneServices;
  tenants: Tenants;
  container: Container;
}

/**
 * The composition root: binds every port to its adapter and every service to its ports, then
 * builds the neutral handler. The only place, with the hosts' entry points, that knows inversify.
 */
export function composeControlPlane(config: Config, overrides: ComposeOverrides = {}): ControlPlane {
  const container = new Container({ defaultScope: 'Singleton' });
  const keyStore = new MemoryKeyStore();
  const tenants = seedTenants(config, keyStore);
  // Without a configured key, values are sealed with a key that lives as long as the process,
  // which is exactly as long as the in-memory credentials it protects.
  const secretKey = config.secret_key === undefined ? randomBytes(32) : Buffer.from(config.secret_key, 'base64');

  container.bind(TOKENS.clock).toConstantValue(overrides.clock ?? systemClock);
  container.bind(TOKENS.ids).toConstantValue(overrides.ids ?? new UlidIdGenerator());
  container.bind(TOKENS.logger).toConstantValue(overrides.logger ?? createConsoleLogger(config.log_level));
  container.bind(TOKENS.secretCipher).toConstantValue(new AesGcmSecretCipher(secretKey));
  container.bind(TOKENS.cursors).toConstantValue(new CursorCodec(derive(secretKey, 'cursor')));
  container.bind(TOKENS.keyStore).toConstantValue(overrides.keyStore?.(keyStore) ?? keyStore);
  container.bind(TOKENS.credentialRepository).toConstantValue(new MemoryCredentialRepository());
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

  const services: ControlPlaneServices = {
    auth: container.get(TOKENS.authService),
    credentials: container.get(TOKENS.credentialService),
    ids: container.get(TOKENS.ids),
    logger: container.get(TOKENS.logger),
  };
  const routes = controlPlaneRoutes(services);
  const handle = createHandler(routes, services, { ...DEFAULT_HANDLER_OPTIONS, bodyTimeoutMs: config.body_timeout_ms });
  return { handle, routes, services, tenants, container };
}

/** A purpose-bound subkey, so the cursor key never equals the secret-sealing key. */
function derive(key: Uint8Array, purpose: string): Buffer {
  return createHash('sha256').update(key).update(`simplane ${purpose} v1`).digest();
}
