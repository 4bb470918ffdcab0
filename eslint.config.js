// Lint is used for fences: which package may import what (STYLE habit 6).
import tseslint from 'typescript-eslint';

const vendor = ['express', 'pg', '@aws-sdk/*', 'undici', 'busboy', 'inversify', 'reflect-metadata', 'node:http', 'node:https', 'http', 'https'];
const adapters = ['@simplane/adapter-*'];
/** Node's modules by their bare names, which `node:*` does not catch. */
const nodeBuiltins = ['fs', 'fs/*', 'path', 'os', 'crypto', 'url', 'util', 'stream', 'stream/*', 'buffer', 'net', 'tls', 'child_process', 'worker_threads', 'events'];
const hosts = ['@simplane/host-*', '@simplane/cli', '@simplane/harness'];
/** What only the command line may bring in: a package embedded elsewhere must not pull these along. */
const hostOnly = ['@simplane/host-*', '@simplane/cli', 'express', 'aws-lambda', '@types/aws-lambda'];
/** The MCP SDK's single package brings express and hono along: servers use the split `@modelcontextprotocol/server`. */
const mcpMonolith = ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'];

/** What the engine may not import: only core. */
const engineOnlyCore = [...vendor, ...adapters, ...hosts, '@simplane/http'];

const fence = (files, groups, message, ...more) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }, ...more] }] },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '.docs-examples/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  fence(['packages/core/src/**/*.ts'], [...vendor, '@simplane/*'], 'core imports no framework, driver or other package.'),
  fence(['packages/engine/src/**/*.ts'], engineOnlyCore, 'engine depends on core only.'),
  // A later block's rule replaces an earlier one's, so the runtime's fence repeats the engine's.
  fence(['packages/engine/src/runtime/**/*.ts'], engineOnlyCore, 'engine depends on core only.', {
    regex: '(^|/)vocabulary/',
    message: "the runtime reads what the compiler decided from the artifact; word lists are the compiler's (DESIGN.md section 6).",
  }),
  fence(['packages/http/src/**/*.ts'], [...vendor.filter((v) => v !== 'busboy'), ...adapters, ...hosts, ...mcpMonolith], 'http is framework-neutral and knows no adapter or host.'),
  fence(['packages/adapter-*/src/**/*.ts'], [...adapters, ...hosts, '@simplane/http', 'inversify', 'reflect-metadata', 'express'], 'adapters implement core ports and import no other adapter.'),
  fence(['packages/host-*/src/**/*.ts'], [...adapters, '@simplane/cli', '@simplane/harness', '@simplane/composition', 'inversify', 'reflect-metadata'], 'hosts only translate.'),
  fence(['packages/composition/src/**/*.ts'], [...hosts, 'express', 'aws-lambda', 'node:http', 'node:https', ...mcpMonolith], 'composition binds ports to adapters and imports no host.'),
  fence(['packages/harness/src/**/*.ts'], [...hostOnly, 'inversify', 'reflect-metadata', 'node:http', 'node:https', 'node:net', ...mcpMonolith], 'the harness runs in memory and brings no host along.'),
  fence(['examples/**/*.ts'], ['@simplane/cli'], 'an embedding app composes its server without the command line.'),
  // The packaged Lambda bundles what it imports: no command line, no other host, no test harness.
  fence(['lambda/**/*.ts'], ['@simplane/cli', '@simplane/harness', '@simplane/host-express', '@simplane/host-node', 'express', '@electric-sql/pglite'], 'the Lambda bundle carries its own host only.'),
  // The client runs wherever fetch does (Node, browsers, workers): nothing of Node, nothing of the server.
  {
    ...fence(['packages/client/src/**/*.ts'], ['node:*', ...nodeBuiltins, '@simplane/*', ...vendor], 'the client runs wherever fetch does: no Node module and no other Simplane package.'),
    ignores: ['packages/client/src/**/*.test.ts'],
  },
  {
    files: ['packages/client/src/**/*.ts'],
    ignores: ['packages/client/src/**/*.test.ts'],
    rules: { 'no-restricted-globals': ['error', ...['Buffer', 'process', 'require', '__dirname', '__filename', 'global', 'setImmediate'].map((name) => ({ name, message: 'the client runs wherever fetch does: no Node globals.' }))] },
  },
  // The console runs in the browser and reaches the server only through the public API.
  {
    ...fence(['packages/console/src/**/*.{ts,tsx}'], ['node:*', ...nodeBuiltins, ...vendor, '@simplane/*', '!@simplane/client'], 'the console runs in a browser and calls the API through @simplane/client only.'),
    ignores: ['packages/console/src/**/*.test.ts', 'packages/console/src/assets.ts'],
  },
);
