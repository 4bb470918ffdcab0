/**
 * @simplane/composition: the embedded control plane, composed from its configuration. Every
 * host's entry point (the command line, an Express app, a Lambda handler, the test harness)
 * calls `composeControlPlane` and puts its own translator around the handler it answers; this
 * package imports no host.
 */
export * from './config.schema.js';
export * from './load-config.js';
export * from './container.js';
export * from './stable-id.js';
export * from './console-logger.js';
export * from './storage/stores.js';
export { lockDataDir, type DataDirLock } from './storage/data-dir-lock.js';
export { writeOnce } from './storage/write-once.js';
export { planTenants, type Tenants, type TenantPlan } from './tenants.js';
export { migrateStorage } from './storage/migrate-storage.js';
export * from './storage/open-stores.js';
export * from './storage/open-control-plane.js';
