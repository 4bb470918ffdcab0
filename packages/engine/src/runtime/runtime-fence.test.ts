import { describe, expect, it } from 'vitest';
import { importGraph } from '../testing/import-graph.js';

/**
 * The runtime interprets the artifact; it does not guess from names per request (DESIGN.md
 * section 6, STYLE.md habit 12). So no runtime file imports the compiler's word lists
 * (`vocabulary/`), and none imports the compiler's inference (`infer/`) beyond the files below.
 */

/**
 * The runtime files that import `infer/`: they still decide from names while requests run, and
 * those decisions are being moved to the compiler, into the artifact. The list only shrinks: a
 * file that stops importing `infer/` leaves it, and no file joins it.
 */
const INFER_IMPORTERS: readonly string[] = [];

/** Each runtime source file (tests left out) and the files it imports. */
const runtime = [...importGraph()].filter(([file]) => file.startsWith('runtime/'));

const importing = (folder: string): string[] => runtime.filter(([, imports]) => imports.some((target) => target.startsWith(folder))).map(([file]) => file).sort();

describe("the runtime's imports", () => {
  it('are read from every runtime file', () => {
    expect(runtime.length).toBeGreaterThan(INFER_IMPORTERS.length);
  });

  it('leave the vocabulary to the compiler', () => {
    expect(importing('vocabulary/')).toEqual([]);
  });

  it('reach into infer/ only from the files still on their way to the compiler', () => {
    const importers = importing('infer/');
    expect(importers.filter((file) => !INFER_IMPORTERS.includes(file)), 'a runtime file deciding from names: let the compiler decide and the artifact hold it').toEqual([]);
    expect(INFER_IMPORTERS.filter((file) => !importers.includes(file)), 'no longer imports infer/: take it off INFER_IMPORTERS').toEqual([]);
  });
});
