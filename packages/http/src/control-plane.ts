import type { AuthService, CredentialService, IdGenerator, Logger, QuotaService, SimulationClock, SimulationService, SimulationTraffic, SimulatorService, WorldClock, WorldService } from '@simplane/core';
import { API_VERSION } from './api-version.js';
import { createHandler, type HandlerOptions } from './handler.js';
import type { Handler } from './http-types.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import type { Route } from './route.js';
import { clockRoutes } from './routes/clock.routes.js';
import { credentialRoutes } from './routes/credential.routes.js';
import { mcpRoutes } from './routes/mcp.routes.js';
import { metaRoutes } from './routes/meta.routes.js';
import { quotaRoutes } from './routes/quota.routes.js';
import { simulationRoutes } from './routes/simulation.routes.js';
import { simulatorRoutes } from './routes/simulator.routes.js';
import { worldClockRoutes } from './routes/world-clock.routes.js';
import { worldRoutes } from './routes/world.routes.js';

/** The core services the control plane's routes call. */
export interface ControlPlaneServices {
  auth: AuthService;
  credentials: CredentialService;
  simulators: SimulatorService;
  quotas: QuotaService;
  simulations: SimulationService;
  /** Simulations' virtual clocks: advance-time and advances. */
  clock: SimulationClock;
  /** The data plane under `/sim/`. */
  dataPlane: SimulationTraffic;
  worlds: WorldService;
  /** Worlds' virtual clocks: advance-time and advances. */
  worldClock: WorldClock;
  ids: IdGenerator;
  logger: Logger;
}

export { API_VERSION } from './api-version.js';

/** Every route of the control plane, one module per resource. */
export function controlPlaneRoutes(services: ControlPlaneServices): Route[] {
  const resourceRoutes = [...credentialRoutes(services.credentials), ...simulatorRoutes(services.simulators), ...simulationRoutes(services.simulations), ...clockRoutes(services.clock), ...worldRoutes(services.worlds), ...worldClockRoutes(services.worldClock), ...quotaRoutes(services.quotas), ...mcpRoutes(services)];
  const all: Route[] = [];
  all.push(...metaRoutes(() => buildOpenApiDocument(all, API_VERSION)), ...resourceRoutes);
  return all;
}

/** The control plane as one neutral handler, ready for any host. */
export function createControlPlane(services: ControlPlaneServices, options: HandlerOptions): Handler {
  return createHandler(controlPlaneRoutes(services), services, options);
}
