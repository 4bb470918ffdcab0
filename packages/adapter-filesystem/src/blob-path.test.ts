import { describe, expect, it } from 'vitest';
import { blobPath, encodeSegment } from './blob-path.js';

describe('blobPath', () => {
  it('keeps the usual keys readable', () => {
    expect(blobPath('/data', 'artifacts/sha256/ab12')).toBe('/data/artifacts/sha256/ab12.blob');
    expect(blobPath('/data', 'snapshots/sim_01J/3')).toBe('/data/snapshots/sim_01J/3.blob');
  });

  it('encodes every byte that could name another place', () => {
    expect(encodeSegment('..')).toBe('%2E%2E');
    expect(encodeSegment('.hidden')).toBe('%2Ehidden');
    expect(encodeSegment('a\\b')).toBe('a%5Cb');
    expect(encodeSegment('C:')).toBe('C%3A');
    expect(encodeSegment('nul\0')).toBe('nul%00');
    expect(encodeSegment('%2E')).toBe('%252E');
    expect(encodeSegment('é')).toBe('%C3%A9');
    expect(encodeSegment('')).toBe('%');
  });

  it('maps keys that try to climb out to paths under the root', () => {
    for (const key of ['../x', '../../etc/passwd', '/etc/passwd', '..', '.', '', 'a/../../b', '..\\..\\x', 'C:\\Windows']) {
      expect(blobPath('/data/root', key).startsWith('/data/root/')).toBe(true);
    }
  });

  it('gives distinct keys distinct paths', () => {
    const keys = ['a', 'a/', '/a', 'a//b', 'a/b', 'a.b', 'a%2Eb', 'a%', '%', ''];
    expect(new Set(keys.map((key) => blobPath('/r', key))).size).toBe(keys.length);
  });
});
