import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from './secret-cipher.port.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** AES-256-GCM with a 32-byte key from configuration; output `v1.<base64url(iv|ct|tag)>`. */
export class AesGcmSecretCipher implements SecretCipher {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.byteLength !== 32) throw new Error('secret key must be exactly 32 bytes');
    this.key = Buffer.from(key);
  }

  async seal(plaintext: string, context: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  async open(sealed: string, context: string): Promise<string> {
    const [version, data] = sealed.split('.');
    if (version !== VERSION || data === undefined) throw new Error('unknown sealed secret format');
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
