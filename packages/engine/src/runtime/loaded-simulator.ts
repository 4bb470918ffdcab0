import type { ClockEvent, LoadedSimulator, OperationTools, RequestClass, SecretLocations, Seeder, SeedOptions, SimContext, SimRequest, SimResult, SimulatorBehaviour, StateAccess } from '@simplane/core';
import type { Artifact } from '../artifact/artifact.js';
import { advance, hasLifecycle } from '../lifecycle/advance.js';
import { behaviourOf } from './behaviour-view.js';
import { handleRequest } from './handle-request.js';
import { classifyCall } from './protocols/protocols.js';
import { redactWsSecurity } from './protocols/soap/redact-ws-security.js';
import { buildModel, type RuntimeModel } from './model.js';
import { resourceOfCollection } from './records/collections.js';
import { ResourceSeeder } from './records/seed-state.js';
import { operationTools } from './tools/operation-tools.js';
import { toolSchemas, toolsAsOffered } from '../tools/decide-tools.js';

/**
 * One Simulator's artifact, compiled once and shared by all of its Simulations. It holds only
 * the read-only model (operations, resources, lazily compiled validators); every Simulation's
 * records live in the state the platform passes in.
 */
export class EngineSimulator implements LoadedSimulator {
  readonly #model: RuntimeModel;
  #tools: OperationTools | undefined;
  readonly secrets: SecretLocations;
  /** Present only where the artifact has lifecycle rules (runtime.port.ts): moves a state through virtual time. */
  readonly advance?: (state: StateAccess, from: Date, to: Date, context: SimContext) => ClockEvent[];

  constructor(artifact: Artifact) {
    this.#model = buildModel(artifact);
    this.secrets = secretLocations(artifact);
    if (hasLifecycle(this.#model)) this.advance = (state, from, to, context) => advance(this.#model, state, from, to, context);
  }

  classify(method: string, path: string, request?: Pick<SimRequest, 'query' | 'headers'> & { body?: Uint8Array | null }): RequestClass {
    return classifyCall(this.#model, { method: method.toUpperCase(), path, query: request?.query ?? '', headers: request?.headers ?? {}, body: request?.body ?? null }, request?.body !== undefined);
  }

  seeder(options: SeedOptions): Seeder {
    return new ResourceSeeder(this.#model, options);
  }

  handle(request: SimRequest, state: StateAccess, context: SimContext): SimResult {
    return handleRequest(this.#model, request, state, context);
  }

  behaviour(): SimulatorBehaviour {
    return behaviourOf(this.#model);
  }

  resourceOf(collection: string): string | null {
    return resourceOfCollection(collection, this.#model.resources);
  }

  /** Made once, when an agent first asks: most Simulators are never offered as tools. */
  tools(): OperationTools {
    if (this.#tools === undefined) {
      const artifact = toolsAsOffered(this.#model.artifact);
      this.#tools = operationTools(artifact, toolSchemas(artifact));
    }
    return this.#tools;
  }
}

/** The API keys the document declares in headers and in the query string. */
function secretLocations(artifact: Artifact): SecretLocations {
  const headers = new Set<string>();
  const query = new Set<string>();
  for (const scheme of Object.values(artifact.securitySchemes ?? {})) {
    if (scheme.type !== 'apiKey') continue;
    if (scheme.in === 'header') headers.add(scheme.name.toLowerCase());
    if (scheme.in === 'query') query.add(scheme.name);
  }
  return { headers: [...headers], query: [...query], ...(artifact.soap === undefined ? {} : { redactBody: redactWsSecurity }) };
}
