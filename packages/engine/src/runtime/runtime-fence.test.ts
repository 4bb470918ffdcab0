import { describe, expect, it } from 'vitest';
import { importGraph } from '../testing/import-graph.js';

/**
 * The runtime interprets the artifact; it does not guess from names per request (DESIGN.md
 * section 6, STYLE.md habit 12). So no runtime file imports the compiler's word lists
 * (`vocabulary/`) or its inference (`infer/`); word-lists.test.ts finds lists written in place.
 */

/** Each runtime source file (tests left out) and the files it imports. */
const runtime = [...importGraph()].filter(([file]) => file.startsWith('runtime/'));

const importing = (folder: string): string[] => runtime.filter(([, imports]) => imports.some((target) => target.startsWith(folder))).map(([file]) => file).sort();

describe("the runtime's imports", () => {
  it('are read from every runtime file', () => {
    expect(runtime.length).toBeGreaterThan(40);
  });

  it('leave the vocabulary to the compiler', () => {
    expect(importing('vocabulary/')).toEqual([]);
  });

  it("leave the compiler's inference to the compiler", () => {
    expect(importing('infer/'), 'a runtime file deciding from names: let the compiler decide and the artifact hold it').toEqual([]);
  });
});
