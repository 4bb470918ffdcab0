import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../load-config.js';
import { writeOnce } from './write-once.js';

/**
 * The key that seals credential values in the embedded default, when the configuration gives
 * none: generated into `secret-key` in the data directory on first start (mode 0600), read on
 * every later one, so stored credentials open after a restart. Base64 of 32 bytes, as
 * `secret_key` is configured.
 */
export function secretKeyFromDataDir(dataDir: string): string {
  const path = join(dataDir, 'secret-key');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeOnce(path, `${randomBytes(32).toString('base64')}\n`);
  const key = readFileSync(path, 'utf8').trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(key)) throw new ConfigError(`${path}: not a base64-encoded 32-byte key; restore it, or delete it only if no credential is stored`);
  return key;
}
