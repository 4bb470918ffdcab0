import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** A name for this process in the leases it holds: unique across processes and machines. */
export function processOwner(): string {
  return `${hostname().slice(0, 64)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** A purpose-bound subkey, so the cursor key never equals the secret-sealing key. */
export function derive(key: Uint8Array, purpose: string): Buffer {
  return createHash('sha256').update(key).update(`simplane ${purpose} v1`).digest();
}
