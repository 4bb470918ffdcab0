import { hash, randomBytes } from 'node:crypto';
import { formatTime, type Clock } from '../../time/clock.port.js';
import type { SimulationRecord, SimulationTokenRecord } from '../simulation.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import { notFound } from '../simulation-errors.js';

export interface TokenView {
  token: string;
  expires_at: string;
  read_only: boolean;
}

/** Only a token's hash is stored: the token itself is shown once, when issued. */
export function hashSimulationToken(token: string): string {
  return hash('sha256', token, 'hex');
}

function generateSimulationToken(): string {
  return `sit_${randomBytes(32).toString('base64url')}`;
}

/** Issues Simulation tokens: the one create, fork and start answer with, and those asked for later. */
export class SimulationTokens {
  constructor(
    private readonly repository: SimulationRepository,
    private readonly clock: Clock,
  ) {}

  /** A new token and the record that stores it, for a Simulation about to be inserted with it. */
  mint(ttlSeconds: number): { token: string; expiresAt: string; record: SimulationTokenRecord } {
    const token = generateSimulationToken();
    const expiresAt = formatTime(new Date(this.clock.now().getTime() + ttlSeconds * 1000));
    return { token, expiresAt, record: { hash: hashSimulationToken(token), readOnly: false, expiresAt } };
  }

  /** Adds a token to a stored Simulation; 404 when it is gone. */
  async issue(record: SimulationRecord, ttlSeconds: number, readOnly: boolean): Promise<{ token: string; token_expires_at: string }> {
    const token = generateSimulationToken();
    const now = this.clock.now();
    const expiresAt = formatTime(new Date(now.getTime() + ttlSeconds * 1000));
    if (!(await this.repository.addToken(record.id, { hash: hashSimulationToken(token), readOnly, expiresAt }, formatTime(now)))) throw notFound(record.id);
    return { token, token_expires_at: expiresAt };
  }
}
