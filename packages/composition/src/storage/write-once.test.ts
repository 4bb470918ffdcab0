import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOnce } from './write-once.js';

const dir = mkdtempSync(join(tmpdir(), 'simplane-write-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOnce', () => {
  it('creates the file once: a second writer loses without an error and changes nothing', () => {
    const path = join(dir, 'api-key');
    expect(writeOnce(path, 'first\n')).toBe(true);
    expect(writeOnce(path, 'second\n')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('first\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // No temporary file is left behind by the winner or the loser.
    expect(readdirSync(dir)).toEqual(['api-key']);
  });
});
