import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that wait longest (they start servers and kill processes), started first: the default
 * order runs one project's files after another's, which left the slowest files of `tests/` to
 * the end of a fresh clone's run, one core idle while they finished.
 */
const SLOW_FIRST = [
  'tests/cli/serve.test.ts',
  'tests/docs/examples.test.ts',
  'tests/hosts/embedding-examples.test.ts',
  'tests/durability/postgres-crash.test.ts',
  'tests/durability/embedded-restart.test.ts',
  'tests/durability/database-loss.test.ts',
  'tests/durability/embedded-crash.test.ts',
  'tests/cli/client-commands.test.ts',
  'tests/cli/mock.test.ts',
  'tests/console/console-in-browser.test.ts',
  'packages/engine/src/providers/worker-build-provider.test.ts',
  'tests/cli/migrate.test.ts',
  'tests/mcp/stdio-bridge.test.ts',
  'tests/durability/two-processes.test.ts',
  'tests/durability/simulation-ownership.test.ts',
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.indexOf(relative(file.project.config.root, file.moduleId).split('\\').join('/'));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    return sorted.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file);
  }
}
