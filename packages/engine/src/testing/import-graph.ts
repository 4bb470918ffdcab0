import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The engine's source files and what each imports, read from their text: for the tests that
 * keep the engine's imports in shape (no cycle, the runtime off the compiler's word lists).
 * Paths are relative to the engine's `src` and joined by `/`.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));
/** A relative import or re-export, type-only ones included: `from './x.js'`, `import('./x.js')`. */
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)\.js'/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const fromSrc = (path: string): string => relative(SRC, path).split(sep).join('/');

/** Every source file of the engine (tests left out) and the files it imports. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    graph.set(fromSrc(file), [...text.matchAll(IMPORT)].map((m) => fromSrc(resolve(dirname(file), `${m[1]}.ts`))));
  }
  return graph;
}
