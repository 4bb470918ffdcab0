import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The sealed contents of a session (DESIGN section 2). `exp` is in Unix seconds. */
export interface SessionClaims {
  user: string;
  org: string;
  workspaces: string[];
  exp: number;
}

/** Sealed sessions carry this prefix, so a bearer value is never mistaken for an API key. */
export const SESSION_PREFIX = 'sps1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MAX_TOKEN_LENGTH = 8192;

/** AES-256-GCM seal and unseal of session claims, keyed from the configured session secret. */
export class SessionSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update('simplane session v1\n').update(secret).digest();
  }

  seal(claims: SessionClaims): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
    return SESSION_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The claims, or null when the token is not one of ours, was altered, or is malformed. */
  unseal(token: string): SessionClaims | null {
    if (!token.startsWith(SESSION_PREFIX) || token.length > MAX_TOKEN_LENGTH) return null;
    const raw = Buffer.from(token.slice(SESSION_PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES + 2) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
      return asClaims(JSON.parse(text.toString('utf8')));
    } catch {
      return null;
    }
  }
}

function asClaims(value: unknown): SessionClaims | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    typeof v.user === 'string' &&
    typeof v.org === 'string' &&
    typeof v.exp === 'number' &&
    Array.isArray(v.workspaces) &&
    v.workspaces.every((w) => typeof w === 'string');
  return ok ? { user: v.user as string, org: v.org as string, workspaces: v.workspaces as string[], exp: v.exp as number } : null;
}
