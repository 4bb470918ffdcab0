import type { AuthService } from './auth/auth.service.js';
import type { KeyStore } from './auth/key-store.port.js';
import type { CredentialRepository } from './credentials/credential.repository.port.js';
import type { CredentialService } from './credentials/credential.service.js';
import type { SecretCipher } from './crypto/secret-cipher.port.js';
import type { IdGenerator } from './ids/id.js';
import type { Logger } from './logging/logger.port.js';
import type { CursorCodec } from './pagination/cursor-codec.js';
import type { Clock } from './time/clock.port.js';

/** A typed injection token: a `Symbol.for` key that remembers the type it stands for. */
export type Token<T> = symbol & { readonly __type?: T };

function token<T>(name: string): Token<T> {
  return Symbol.for(`simplane.${name}`) as Token<T>;
}

/**
 * Injection tokens for the composition roots. Core never resolves them itself; services
 * receive their dependencies through constructors.
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
} as const;
