import { describe, expect, it } from 'vitest';
import { recordMessage, STEP_BODY_LIMIT } from './step-recording.js';

describe('recordMessage', () => {
  it('redacts secret headers whatever their case', () => {
    const kept = recordMessage({ Authorization: 'Bearer x', cookie: 'a=b', 'x-api-key': 'k', 'set-cookie': ['s=1'], accept: 'application/json', gone: undefined }, null);
    expect(kept.headers).toEqual({ Authorization: '<redacted>', cookie: '<redacted>', 'x-api-key': '<redacted>', 'set-cookie': '<redacted>', accept: 'application/json' });
    expect(kept).toMatchObject({ body: null, body_truncated: false, body_bytes: 0 });
  });

  it('cuts bodies at 64 KiB without breaking a character, and keeps binary as base64', () => {
    const text = recordMessage({}, Buffer.from('é'.repeat(STEP_BODY_LIMIT)));
    expect(text.body_truncated).toBe(true);
    expect(text.body_encoding).toBe('utf8');
    expect(Buffer.byteLength(text.body!)).toBeLessThanOrEqual(STEP_BODY_LIMIT);
    const binary = recordMessage({}, Uint8Array.from([0xff, 0xfe, 0x00]));
    expect(binary).toMatchObject({ body: '//4A', body_encoding: 'base64', body_truncated: false, body_bytes: 3 });
  });
});
