import { describe, expect, it } from 'vitest';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.js';

const cipher = new AesGcmSecretCipher(Buffer.alloc(32, 1));

describe('AesGcmSecretCipher', () => {
  it('seals without the plaintext and opens it again', async () => {
    const sealed = await cipher.seal('sk_live_very_secret', 'crd_1');
    expect(sealed).not.toContain('sk_live');
    expect(await cipher.open(sealed, 'crd_1')).toBe('sk_live_very_secret');
  });

  it('never produces the same ciphertext twice', async () => {
    expect(await cipher.seal('same', 'crd_1')).not.toBe(await cipher.seal('same', 'crd_1'));
  });

  it('refuses another context, another key, or an altered value', async () => {
    const sealed = await cipher.seal('secret', 'crd_1');
    await expect(cipher.open(sealed, 'crd_2')).rejects.toThrow();
    await expect(new AesGcmSecretCipher(Buffer.alloc(32, 2)).open(sealed, 'crd_1')).rejects.toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    await expect(cipher.open(flipped, 'crd_1')).rejects.toThrow();
  });

  it('accepts only 32-byte keys', () => {
    expect(() => new AesGcmSecretCipher(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
