/**
 * @simplane/core: the domain. Entities, rules, services, the error catalogue and the ports
 * adapters implement. No I/O, no HTTP, no framework.
 */
export * from './errors/error-catalogue.js';
export * from './errors/simplane-error.js';
export * from './errors/specification-validation.js';
export * from './errors/zod-validation.js';
export * from './ids/id.js';
export * from './time/clock.port.js';
export * from './logging/logger.port.js';
export * from './pagination/page-limit.js';
export * from './pagination/cursor-codec.js';
export * from './pagination/page.js';
export * from './tenancy/tenancy.js';
export * from './auth/api-key.js';
export * from './auth/key-store.port.js';
export * from './auth/sealed-session.js';
export * from './auth/auth.service.js';
export * from './crypto/secret-cipher.port.js';
export * from './crypto/aes-gcm-secret-cipher.js';
export * from './credentials/credential.js';
export * from './credentials/credential-input.js';
export * from './credentials/credential.repository.port.js';
export * from './credentials/base-url-policy.js';
export * from './credentials/credential.service.js';
export * from './builds/build-provider.port.js';
export * from './blobs/blob-store.port.js';
export * from './simulators/simulator.js';
export * from './simulators/simulator-reference.js';
export * from './simulators/simulator-input.js';
export * from './simulators/simulator.repository.port.js';
export * from './simulators/build-scheduler.js';
export * from './simulators/simulator.service.js';
export * from './simulators/catalog.js';
export * from './quotas/quotas.js';
export * from './quotas/usage-ledger.port.js';
export * from './quotas/build-allowance.js';
export * from './quotas/quota.service.js';
export * from './tokens.js';
