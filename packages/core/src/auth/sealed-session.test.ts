import { describe, expect, it } from 'vitest';
import { SESSION_PREFIX, SessionSealer } from './sealed-session.js';

const claims = { user: 'usr_1', org: 'org_1', workspaces: ['wsp_1', 'wsp_2'], exp: 1_900_000_000 };

describe('SessionSealer', () => {
  it('seals claims that only the same secret opens', () => {
    const token = new SessionSealer('s'.repeat(32)).seal(claims);
    expect(token.startsWith(SESSION_PREFIX)).toBe(true);
    expect(token).not.toContain('wsp_1');
    expect(new SessionSealer('s'.repeat(32)).unseal(token)).toEqual(claims);
    expect(new SessionSealer('t'.repeat(32)).unseal(token)).toBeNull();
  });

  it('rejects altered, truncated and foreign tokens', () => {
    const sealer = new SessionSealer('s'.repeat(32));
    const token = sealer.seal(claims);
    // Not the last character: its low bits may be padding that decoding drops.
    const i = token.length - 3;
    const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    expect(sealer.unseal(altered)).toBeNull();
    expect(sealer.unseal(token.slice(0, 20))).toBeNull();
    expect(sealer.unseal('spk_notasession')).toBeNull();
    expect(sealer.unseal(SESSION_PREFIX)).toBeNull();
  });

  it('rejects a sealed payload that is not a session', () => {
    // Sealed with the right key, but the claims have the wrong shape.
    const sealer = new SessionSealer('s'.repeat(32));
    const bad = sealer.seal({ ...claims, workspaces: 'wsp_1' } as unknown as typeof claims);
    expect(sealer.unseal(bad)).toBeNull();
  });
});
