import { describe, expect, it } from 'vitest';
import { SimplaneError } from '../errors/simplane-error.js';
import { CursorCodec, comparePageOrder } from './cursor-codec.js';

const codec = new CursorCodec(Buffer.alloc(32, 7));
const position = { createdAt: '2024-01-01T00:00:00.000Z', id: 'crd_01HZZZZZZZZZZZZZZZZZZZZZZZ' };

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return SimplaneError.is(error) ? error.code : 'not a SimplaneError';
  }
}

describe('CursorCodec', () => {
  it('round-trips a position within its scope', () => {
    const cursor = codec.encode('credentials:wsp_A', position);
    expect(codec.decode('credentials:wsp_A', cursor)).toEqual(position);
    expect(cursor).not.toContain(position.id);
  });

  it('refuses a cursor of another scope, another key, or edited by hand', () => {
    const cursor = codec.encode('credentials:wsp_A', position);
    expect(codeOf(() => codec.decode('credentials:wsp_B', cursor))).toBe('bad_request');
    expect(codeOf(() => new CursorCodec(Buffer.alloc(32, 8)).decode('credentials:wsp_A', cursor))).toBe('bad_request');
    const [payload, tag] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z', position.id])).toString('base64url');
    expect(codeOf(() => codec.decode('credentials:wsp_A', `${forged}.${tag}`))).toBe('bad_request');
    expect(codeOf(() => codec.decode('credentials:wsp_A', `${payload}.${tag}x`))).toBe('bad_request');
    expect(codeOf(() => codec.decode('credentials:wsp_A', `${payload}.${tag}.x`))).toBe('bad_request');
  });

  it.each(['', 'garbage', '.', 'x'.repeat(5000), '%%%.%%%'])('refuses %j', (cursor) => {
    expect(codeOf(() => codec.decode('s', cursor))).toBe('bad_request');
  });

  it('orders newest first, then by ID descending', () => {
    const a = { createdAt: '2024-01-02T00:00:00.000Z', id: 'a' };
    const b = { createdAt: '2024-01-01T00:00:00.000Z', id: 'z' };
    const c = { createdAt: '2024-01-01T00:00:00.000Z', id: 'y' };
    expect([c, b, a].sort(comparePageOrder)).toEqual([a, b, c]);
  });
});
