import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleAssetsDir } from '@simplane/console';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleBundle } from './console-bundle.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-console-bundle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('consoleBundle', () => {
  it("reads @simplane/console's build by default (npm run build writes it)", () => {
    const bundle = consoleBundle(undefined);
    expect(bundle?.directory).toBe(consoleAssetsDir());
    expect(bundle?.index.contentType).toBe('text/html; charset=utf-8');
  });

  it('reads a folder once, and gives none for null or a folder without a page', () => {
    writeFileSync(join(scratch, 'index.html'), '<!doctype html><title>t</title>');
    const first = consoleBundle(scratch);
    writeFileSync(join(scratch, 'index.html'), 'changed');
    expect(consoleBundle(scratch)).toBe(first);
    expect(first?.index.body.toString()).toBe('<!doctype html><title>t</title>');
    expect(consoleBundle(null)).toBeNull();
    expect(consoleBundle(join(scratch, 'nothing-here'))).toBeNull();
  });
});
