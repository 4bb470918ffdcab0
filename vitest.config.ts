import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const pkg = (name: string, entry = 'index') => fileURLToPath(new URL(`./packages/${name}/src/${entry}.ts`, import.meta.url));

/**
 * Tests run from TypeScript sources: workspace packages resolve to their `src`, so `npm test`
 * never tests a stale build. Unit tests sit beside the code; cross-package behaviour lives in
 * `tests/`.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@simplane\/core\/testing$/, replacement: pkg('core', 'testing/index') },
      { find: /^@simplane\/engine\/testing$/, replacement: pkg('engine', 'testing/index') },
      { find: /^@simplane\/(core|http|adapter-memory|host-express|host-lambda|host-node|harness|cli|composition|engine)$/, replacement: fileURLToPath(new URL('./packages/$1/src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'tests', include: ['tests/**/*.test.ts'] } },
      { extends: true, test: { name: 'examples', include: ['examples/**/*.test.ts'] } },
    ],
  },
});
