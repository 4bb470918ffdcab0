import { startBuild, waitForBuild, type BuildOptions, type WaitOptions } from './build.js';
import type { Caller } from './caller.js';
import { SimplaneApiError } from './errors.js';
import { items, pages } from './paging.js';
import type { CloneSimulatorBody, Simulator, SimulatorBehaviour, SimulatorOperations, SimulatorPage, SimulatorQuery } from './types.js';

/** Simulators: build them from documents, list, read, tag, clone, cancel and delete them. */
export class Simulators {
  constructor(private readonly caller: Caller) {}

  /**
   * Builds a Simulator from a document (text, bytes or a Blob) and, unless `wait` is false,
   * follows the build until it settles. A failed build is answered, not thrown: its `status`
   * is `failed` and its `error` holds the diagnostics.
   */
  async build(options: BuildOptions): Promise<Simulator> {
    const accepted = await startBuild(this.caller, options);
    return options.wait === false ? accepted : waitForBuild(this.caller, accepted, options);
  }

  /** Follows a Simulator's build until it is ready, failed or canceled. */
  async waitUntilSettled(idOrReference: string, options: WaitOptions = {}): Promise<Simulator> {
    return waitForBuild(this.caller, await this.get(idOrReference), options);
  }

  /** Every page of the list, from `query.cursor` on. */
  pages(query: SimulatorQuery = {}): AsyncGenerator<SimulatorPage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/simulators', { params: { query: { ...rest, cursor: at } } })), cursor);
  }

  /** Every Simulator the query selects, the workspace's and the catalog's, newest first. */
  list(query: SimulatorQuery = {}): AsyncGenerator<Simulator, void, undefined> {
    return items(this.pages(query), 'simulators');
  }

  /**
   * A Simulator by ID or by reference (`petstore:v1`, `catalog/petstore:1.0`); a reference is
   * looked up through the list's filter, which every server answers.
   */
  async get(idOrReference: string): Promise<Simulator> {
    if (/^smr_/.test(idOrReference)) return this.caller.answer(this.caller.api.GET('/v1/simulators/{id}', { params: { path: { id: idOrReference } } }));
    const page = await this.caller.answer(this.caller.api.GET('/v1/simulators', { params: { query: { simulator: idOrReference, limit: 1 } } }));
    const found = page.simulators[0];
    if (found === undefined) throw new SimplaneApiError(404, { code: 'simulator_not_found', detail: `no Simulator is called ${idOrReference}`, validation: null });
    return found;
  }

  /** How each operation was understood, the lifecycle rules and the shared entities. */
  async operations(idOrReference: string): Promise<SimulatorOperations> {
    const id = await this.id(idOrReference);
    return this.caller.answer(this.caller.api.GET('/v1/simulators/{id}/operations', { params: { path: { id } } }));
  }

  /** Every decision the build made about records and writes. */
  async behaviour(idOrReference: string): Promise<SimulatorBehaviour> {
    const id = await this.id(idOrReference);
    return this.caller.answer(this.caller.api.GET('/v1/simulators/{id}/behaviour', { params: { path: { id } } }));
  }

  /** Cancels a build that has not settled; answers the Simulator. */
  cancel(id: string): Promise<Simulator> {
    return this.caller.answer(this.caller.api.POST('/v1/simulators/{id}/cancel', { params: { path: { id } } }));
  }

  clone(id: string, body: CloneSimulatorBody): Promise<Simulator> {
    return this.caller.answer(this.caller.api.POST('/v1/simulators/{id}/clone', { params: { path: { id } }, body }));
  }

  async tag(id: string, reference: string): Promise<void> {
    await this.caller.answer(this.caller.api.PUT('/v1/simulators/{id}/tag', { params: { path: { id } }, body: { reference } }));
  }

  async untag(id: string, reference: string): Promise<void> {
    await this.caller.answer(this.caller.api.DELETE('/v1/simulators/{id}/tag', { params: { path: { id } }, body: { reference } }));
  }

  async delete(id: string): Promise<void> {
    await this.caller.answer(this.caller.api.DELETE('/v1/simulators/{id}', { params: { path: { id } } }));
  }

  private async id(idOrReference: string): Promise<string> {
    return /^smr_/.test(idOrReference) ? idOrReference : (await this.get(idOrReference)).id;
  }
}
