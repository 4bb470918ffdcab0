import { createHash, randomBytes } from 'node:crypto';

/** API keys are stored only as this hash (hex SHA-256 of the UTF-8 key). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new API key with 256 bits of entropy. */
export function generateApiKey(): string {
  return `spk_${randomBytes(32).toString('base64url')}`;
}
