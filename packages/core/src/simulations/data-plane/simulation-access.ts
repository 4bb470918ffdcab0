import { SimplaneError } from '../../errors/simplane-error.js';
import { remembered } from '../../objects/remembered.js';
import type { SimulationRecord } from '../simulation.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import { hashSimulationToken } from '../control/simulation-tokens.js';
import type { DataPlaneCaller } from './data-plane-call.js';

/** Tokens remembered at most; past it the cache starts again. */
const TOKEN_CACHE_SIZE = 16_384;

/** Who may use a Simulation on the data plane: a token of it, or a caller of its workspace. */
export class SimulationAccess {
  /** SHA-256 of recently seen tokens: every data-plane request presents one, and clients send the same few. */
  private readonly tokenHash = remembered(hashSimulationToken, 4096, 512);
  /**
   * Tokens found, by Simulation and hash, until they expire: a token never changes once issued
   * and goes only with its Simulation, whose record every request reads first, so a token read
   * once need not be read from the store again (a query per request on a database).
   */
  private readonly tokens = new Map<string, { readOnly: boolean; expiresAt: string }>();

  constructor(private readonly repository: SimulationRepository) {}

  async authorise(record: SimulationRecord, caller: DataPlaneCaller, now: string): Promise<{ readOnly: boolean }> {
    if (caller.principal !== undefined) {
      if (caller.principal.workspaceId !== record.workspaceId) throw new SimplaneError('auth_forbidden', 'The Simulation belongs to another workspace.');
      return { readOnly: false };
    }
    const token = caller.token;
    if (token === undefined || token.length === 0 || token.length > 512) throw invalidToken();
    const hash = this.tokenHash(token);
    const key = `${record.id} ${hash}`;
    const known = this.tokens.get(key);
    if (known !== undefined && known.expiresAt > now) return known;
    const found = await this.repository.findToken(record.id, hash, now);
    if (found === null) throw invalidToken();
    if (this.tokens.size >= TOKEN_CACHE_SIZE) this.tokens.clear();
    this.tokens.set(key, { readOnly: found.readOnly, expiresAt: found.expiresAt });
    return found;
  }
}

function invalidToken(): SimplaneError {
  return new SimplaneError('auth_invalid', 'A valid Simulation-Token header is required.');
}
