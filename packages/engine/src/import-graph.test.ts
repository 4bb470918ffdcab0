import { describe, expect, it } from 'vitest';
import { importGraph } from './testing/import-graph.js';

/** Every import cycle, each as the files along it, found by a depth-first walk. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): void => {
    if (done.has(file)) return;
    if (onPath.has(file)) {
      found.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    onPath.add(file);
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return found;
}

describe("the engine's imports", () => {
  it('form no cycle', () => {
    expect(cycles(importGraph()).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
