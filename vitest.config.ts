import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './vitest.sequencer.js';

const built = (name: string, entry = 'index') => fileURLToPath(new URL(`./packages/${name}/dist/${entry}.js`, import.meta.url));

/**
 * Workspace packages resolve to their built `dist`, as an installed package would: node loads
 * them natively, with no per-file transform of the whole workspace, which made loading
 * TypeScript sources a third of the suite's time. A unit test beside the code still imports
 * its own package's sources by relative path. `npm test` builds first; run alone, vitest
 * builds (incrementally) before any test, so no test runs against a stale build.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@simplane\/(core|engine|adapter-postgres)\/testing$/, replacement: built('$1', 'testing/index') },
      { find: /^@simplane\/adapter-s3\/testing$/, replacement: built('adapter-s3', 'testing/test-s3-server') },
      { find: /^@simplane\/composition\/sql-stores$/, replacement: built('composition', 'storage/sql-stores') },
      // The console's entry for servers is not an index: the rest of its dist is the page's bundle.
      { find: /^@simplane\/console$/, replacement: built('console', 'assets') },
      { find: /^@simplane\/([a-z-]+)$/, replacement: built('$1') },
    ],
  },
  test: {
    globalSetup: process.env.npm_lifecycle_event === 'test' ? [] : ['./vitest.build.ts'],
    // vitest's default is one worker less than the cores: one worker on a 2-core machine, while
    // most test files spend their time waiting on sockets, processes and worker threads. Three
    // on two cores: the suite took 246 s of wall time against 293 s with two, every test's
    // timeout covering its waits on a loaded machine.
    maxWorkers: 3,
    // A worker runs its test files one after another in one module graph instead of loading
    // every package afresh for each file (loading was over half the suite's time). Tests keep
    // no state between files: each makes its own harness, server or store, and restores what
    // it spies on; the suite passes in shuffled file orders (`--sequence.shuffle.files`).
    isolate: false,
    // Room for a build or a process start on a busy machine; a test whose own waits are longer
    // sets its own timeout.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'tests', include: ['tests/**/*.test.ts'] } },
      { extends: true, test: { name: 'examples', include: ['examples/**/*.test.ts'] } },
      { extends: true, test: { name: 'lambda', include: ['lambda/**/*.test.ts'] } },
    ],
  },
});
