/**
 * Port: encrypts secrets (credential values) at rest. `context` is bound to the ciphertext
 * (as associated data), so a sealed value copied onto another record does not open.
 * `open` throws when the sealed value was altered or belongs to another context.
 */
export interface SecretCipher {
  seal(plaintext: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}
