#!/usr/bin/env node
/**
 * Proves downstream use: packs every workspace package with `npm pack`, installs the tarballs
 * into fresh projects in a temporary folder outside the repository, and there type-checks and
 * runs small vitest suites, as a project that installed Simplane from the registry would.
 *
 *   harness-consumer  depends on @simplane/harness only; `npm ls --all` must show no Express,
 *                     no Lambda types, no host, no command line and no durable adapter or driver.
 *   durable-consumer  @simplane/composition with the adapters it chose (PGlite and files): a
 *                     control plane in a data directory keeps its state across a reopen.
 *   express-consumer  an Express app of its own that mounts @simplane/host-express's router,
 *                     composed with @simplane/composition, called over HTTP on 127.0.0.1.
 *   client-consumer   depends on @simplane/client only: `npm ls --all --omit=dev` shows the client,
 *                     openapi-fetch and its helper types and nothing else; its types check under
 *                     `strict` with Node's types and, for a page's script, with the DOM's alone; its
 *                     suite drives the packed `simplane serve` (a devDependency) over HTTP.
 *   global install    every tarball installed as `npm install -g <folder>/*.tgz` does (into a
 *                     temporary prefix): its `simplane mock` serves a document from a folder
 *                     outside the repository and answers at the root, and the web console's
 *                     page at /console with its Content-Security-Policy.
 *
 * The packages are not on the registry, so a consumer names its direct @simplane dependencies by
 * tarball and points the transitive ones at theirs with npm `overrides`; third-party packages
 * come from the registry (or npm's cache), at the versions the workspace has installed.
 * Usage: npm run check:packed (SIMPLANE_PACKED_KEEP=1 keeps the temporary folder).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLES, missingBundles, packWorkspaces } from './pack.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(root, 'scripts', 'packed');
const started = Date.now();

/** What each consumer installs: its @simplane packages by tarball, the rest from the registry. */
const consumers = [
  {
    name: 'harness-consumer',
    simplane: ['@simplane/harness'],
    dependencies: [],
    devDependencies: ['vitest', 'typescript', '@types/node'],
    /** Nothing of these may reach a project that only wants the harness. */
    absent: ['express', '@types/express', '@types/aws-lambda', '@simplane/cli', /^@simplane\/host-/, /^@simplane\/adapter-(postgres|s3|filesystem)$/, 'pg', '@electric-sql/pglite', '@aws-sdk/client-s3'],
  },
  {
    name: 'express-consumer',
    simplane: ['@simplane/host-express', '@simplane/composition'],
    dependencies: ['express'],
    devDependencies: ['vitest', 'typescript', '@types/node', '@types/express'],
    absent: ['@types/aws-lambda', '@simplane/cli', '@simplane/harness', '@simplane/host-lambda'],
  },
  {
    name: 'client-consumer',
    simplane: ['@simplane/client'],
    dependencies: [],
    devDependencies: ['vitest', 'typescript', '@types/node'],
    /** The server the suite runs against: installed for development only, so not in the client's own tree. */
    devSimplane: ['@simplane/cli'],
    /** The client stands alone: its production tree is exactly these. */
    only: ['@simplane/client', 'openapi-fetch', 'openapi-typescript-helpers'],
    absent: ['express', /^@simplane\/(?!client$)/, 'pg', 'undici'],
    /** A second type-check: a browser's script, with the DOM's types and no Node. */
    tsconfigs: ['tsconfig.json', 'tsconfig.browser.json'],
  },
  {
    name: 'durable-consumer',
    simplane: ['@simplane/composition', '@simplane/adapter-postgres', '@simplane/adapter-filesystem'],
    dependencies: [],
    devDependencies: ['vitest', 'typescript', '@types/node'],
    /** Durable storage chosen without S3 or a host: neither comes along. */
    absent: ['express', '@simplane/cli', /^@simplane\/host-/, '@simplane/adapter-s3', '@aws-sdk/client-s3'],
  },
];

class CheckFailed extends Error {
  constructor(step, detail) {
    super(`${step}${detail ? `\n${detail}` : ''}`);
  }
}

const since = (start) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

function say(line) {
  process.stdout.write(`check:packed: ${line}\n`);
}

/** Runs a command to its end and answers its exit code and output; never throws on a failing exit. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr }));
  });
}

async function must(step, command, args, cwd) {
  const result = await run(command, args, cwd);
  if (result.code !== 0) throw new CheckFailed(`${step} failed (exit ${result.code})`, `${result.stdout}${result.stderr}`.trim());
  return result;
}

/**
 * The environment for child commands, without what `npm run` tells its script about this
 * workspace, so npm inside a consumer folder sees that folder as its project.
 */
function childEnv() {
  const env = { ...process.env };
  // Captured output is printed only on failure, where colour codes would be noise.
  delete env.FORCE_COLOR;
  env.NO_COLOR = '1';
  for (const key of Object.keys(env)) {
    if (/^npm_(package_|lifecycle_|config_local_prefix$|config_workspaces?$|config_include_workspace_root$)/i.test(key)) delete env[key];
  }
  return env;
}

/** The version the workspace has installed, so consumers test what the repository tests with. */
function installedVersion(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** Files of a tarball that break its promises: tests shipped, maps or declarations that do not resolve, exports missing. */
function tarballProblems(pack) {
  const dir = join(root, 'packages', pack.name.replace('@simplane/', ''));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const files = new Set(pack.files.map((f) => f.path));
  const problems = [];
  if (manifest.private) problems.push('package.json is private');
  for (const field of ['description', 'license', 'repository', 'engines', 'exports', 'files']) if (manifest[field] === undefined) problems.push(`package.json has no ${field}`);
  const bundle = BUNDLES[pack.name]?.folder;
  for (const file of files) {
    if (/\.test\./.test(file)) problems.push(`ships a test: ${file}`);
    // A bundler's output: no declarations, and no sources to map back to.
    if (bundle !== undefined && file.startsWith(bundle)) continue;
    if (/^dist\/.*\.js$/.test(file)) {
      if (!files.has(file.replace(/\.js$/, '.d.ts'))) problems.push(`${file} has no declaration`);
      if (!files.has(file.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'))) problems.push(`${file} has no source in src (stale build output?)`);
    }
    if (file.endsWith('.map')) {
      const map = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      for (const source of map.sources) {
        const target = posix.normalize(posix.join(posix.dirname(file), source));
        if (!files.has(target)) problems.push(`${file} points at ${target}, which is not shipped`);
      }
    }
  }
  for (const [entry, targets] of Object.entries(manifest.exports)) {
    for (const target of typeof targets === 'string' ? [targets] : Object.values(targets)) if (!files.has(posix.normalize(target))) problems.push(`exports["${entry}"] names ${target}, which is not shipped`);
  }
  for (const bin of Object.values(manifest.bin ?? {})) {
    if (!files.has(posix.normalize(bin))) problems.push(`bin ${bin} is not shipped`);
    // npm publish rewrites a bin path it would normalise, and says it removed the command.
    if (bin !== posix.normalize(bin)) problems.push(`bin ${bin} is not written as npm normalises it (${posix.normalize(bin)})`);
  }
  return problems;
}

/**
 * Every package name in an `npm ls --all --json` tree, with the path that reaches it. An optional
 * peer that is not installed is listed as an empty entry, without a version: it is passed over.
 */
function namesIn(tree, path = [], found = []) {
  for (const [name, node] of Object.entries(tree.dependencies ?? {})) {
    if (node.version === undefined) continue;
    found.push({ name, path: [...path, name].join(' > ') });
    namesIn(node, [...path, name], found);
  }
  return found;
}

async function checkConsumer(consumer, tmp, tarballs) {
  const dir = join(tmp, consumer.name);
  cpSync(join(fixtures, consumer.name), dir, { recursive: true });
  const file = (name) => `file:${tarballs.get(name)}`;
  const devSimplane = consumer.devSimplane ?? [];
  const direct = new Set([...consumer.simplane, ...devSimplane, ...consumer.dependencies, ...consumer.devDependencies]);
  const manifest = {
    name: `simplane-${consumer.name}`,
    version: '0.0.0',
    private: true,
    type: 'module',
    dependencies: {
      ...Object.fromEntries(consumer.simplane.map((name) => [name, file(name)])),
      ...Object.fromEntries(consumer.dependencies.map((name) => [name, installedVersion(name)])),
    },
    devDependencies: {
      ...Object.fromEntries(devSimplane.map((name) => [name, file(name)])),
      ...Object.fromEntries(consumer.devDependencies.map((name) => [name, installedVersion(name)])),
    },
    // Transitive @simplane packages are not on the registry: resolve them to their tarballs.
    overrides: Object.fromEntries([...tarballs.keys()].filter((name) => !direct.has(name)).map((name) => [name, file(name)])),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const lines = [];

  let step = Date.now();
  await must(`${consumer.name}: npm install`, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
  const installed = readdirSync(join(dir, 'node_modules', '@simplane')).map((name) => `@simplane/${name}`).sort();
  lines.push(`npm install (${since(step)}): ${Object.keys(manifest.dependencies).join(', ')}, which brought ${installed.join(', ')}`);

  // What development brings (a server to test against) is not what the project's users install.
  const ls = ['ls', '--all', '--json', ...(devSimplane.length > 0 ? ['--omit=dev'] : [])];
  const listed = await run('npm', ls, dir);
  if (listed.code !== 0) throw new CheckFailed(`${consumer.name}: npm ${ls.join(' ')} reports problems (exit ${listed.code})`, `${listed.stdout}${listed.stderr}`.trim());
  const names = namesIn(JSON.parse(listed.stdout));
  const matches = (name, rule) => (typeof rule === 'string' ? name === rule : rule.test(name));
  const unwanted = names.filter(({ name }) => consumer.absent.some((rule) => matches(name, rule)) || (consumer.only !== undefined && !consumer.only.includes(name)));
  if (unwanted.length > 0) throw new CheckFailed(`${consumer.name}: npm ${ls.join(' ')} shows what it must not`, unwanted.map(({ path }) => `  ${path}`).join('\n'));
  const distinct = [...new Set(names.map(({ name }) => name))];
  lines.push(`npm ${ls.filter((arg) => arg !== '--json').join(' ')}: ${distinct.length} packages${consumer.only === undefined ? '' : ` (${distinct.join(', ')})`}, none of ${consumer.absent.map(String).join(', ')}`);
  if (consumer.dependencies.includes('express')) {
    // A peer dependency: the host uses the app's own Express, never a copy of its own.
    if (existsSync(join(dir, 'node_modules', '@simplane', 'host-express', 'node_modules', 'express'))) throw new CheckFailed(`${consumer.name}: host-express installed an Express of its own`);
    lines.push(`express: one copy, the app's own, which host-express uses as its peer`);
  }

  for (const tsconfig of consumer.tsconfigs ?? ['tsconfig.json']) {
    step = Date.now();
    await must(`${consumer.name}: tsc --noEmit -p ${tsconfig} (types through the exports map, libraries checked too)`, process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], dir);
    lines.push(`tsc --noEmit -p ${tsconfig} (${since(step)}): clean, with skipLibCheck off`);
  }

  // Generous timeouts: the suites build documents, and CI may be busy with the other consumer.
  step = Date.now();
  const results = join(dir, 'vitest-results.json');
  const tested = await run(process.execPath, [join(dir, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--testTimeout=60000', '--hookTimeout=60000', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`], dir);
  if (tested.code !== 0) throw new CheckFailed(`${consumer.name}: vitest failed (exit ${tested.code})`, `${tested.stdout}${tested.stderr}`.trim());
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  if (summary.numTotalTests === 0 || summary.numPassedTests !== summary.numTotalTests) throw new CheckFailed(`${consumer.name}: vitest ran ${summary.numPassedTests} of ${summary.numTotalTests} tests`, tested.stdout);
  const suites = summary.testResults.map((r) => relative(dir, r.name).split(sep).join('/')).join(', ');
  lines.push(`vitest (${since(step)}): ${summary.numPassedTests} of ${summary.numTotalTests} tests passed (${suites})`);
  return lines;
}

/** A document for the global install's mock: one list, nothing else. */
const MOCK_DOCUMENT = `openapi: 3.0.3
info: {title: Greetings, version: 1.0.0}
paths:
  /greetings:
    get:
      operationId: listGreetings
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: object, required: [id, text], properties: {id: {type: string}, text: {type: string}}}}
`;

/** The policy every answer under /console carries (@simplane/http), written out so a change fails here too. */
const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** How long the installed mock has to build its document and print its address. */
const MOCK_START_MS = 120_000;

/**
 * Installs every tarball globally into a temporary prefix, as the documentation says, then runs
 * the installed `simplane mock` on a document in a folder outside the repository (its state in
 * a data directory there too) and calls its root: nothing of the clone is on its way.
 */
async function checkGlobalInstall(tmp, tarballs) {
  const prefix = join(tmp, 'global');
  const project = join(tmp, 'global-project');
  mkdirSync(project);
  writeFileSync(join(project, 'greetings.yaml'), MOCK_DOCUMENT);
  const lines = [];
  let step = Date.now();
  await must('global install: npm install -g', 'npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs], project);
  const command = join(prefix, process.platform === 'win32' ? 'simplane.cmd' : join('bin', 'simplane'));
  if (!existsSync(command)) throw new CheckFailed(`global install: no ${command} after npm install -g`);
  lines.push(`npm install -g --prefix <tmp> <tarballs> (${since(step)}): ${relative(tmp, command)}`);

  step = Date.now();
  const env = { ...childEnv(), SIMPLANE_DATA_DIR: join(project, 'data') };
  for (const name of ['SIMPLANE_DATABASE_URL', 'SIMPLANE_S3_BUCKET', 'SIMPLANE_CONFIG']) delete env[name];
  const child = spawn(command, ['mock', 'greetings.yaml', '--port', '0'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolveExit) => child.once('close', resolveExit));
  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new CheckFailed('global install: simplane mock printed no address', output)), MOCK_START_MS);
      const check = () => {
        // Ready once it has said where it listens and where its console is.
        const match = /listening on (http:\/\/\S+)[^\n]*\nConsole: \S+\n/.exec(output);
        if (match === null) return;
        clearTimeout(timer);
        resolveUrl(match[1]);
      };
      child.stdout.on('data', check);
      child.once('close', (code) => {
        clearTimeout(timer);
        reject(new CheckFailed(`global install: simplane mock exited with ${code}`, output));
      });
    });
    const answer = await fetch(`${url}/greetings`);
    const body = await answer.text();
    if (answer.status !== 200 || !Array.isArray(JSON.parse(body))) throw new CheckFailed(`global install: GET ${url}/greetings answered ${answer.status}`, body);
    lines.push(`simplane mock greetings.yaml (${since(step)}): GET /greetings at the root answered 200 without a token`);
    // The web console came along with the command: its page, on the mock's origin, under its policy.
    if (!output.includes(`Console: ${url}/console`)) throw new CheckFailed('global install: simplane mock printed no console address', output);
    const page = await fetch(`${url}/console`);
    const html = await page.text();
    const policy = page.headers.get('content-security-policy');
    if (page.status !== 200 || !page.headers.get('content-type')?.startsWith('text/html') || !/<html/i.test(html)) throw new CheckFailed(`global install: GET ${url}/console answered ${page.status} ${page.headers.get('content-type')}`, html.slice(0, 500));
    if (policy !== CONSOLE_CSP) throw new CheckFailed(`global install: GET ${url}/console has the policy ${policy}, not ${CONSOLE_CSP}`);
    lines.push(`GET /console answered the console's page (${html.length} bytes) with its Content-Security-Policy`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return lines;
}

async function main() {
  await must('npm run build', 'npm', ['run', 'build', '--silent'], root);
  say(`built (tsc -b and the console's bundle, ${since(started)})`);

  const tmp = mkdtempSync(join(tmpdir(), 'simplane-packed-'));
  if (!relative(root, tmp).startsWith('..')) throw new CheckFailed(`the temporary folder ${tmp} is inside the workspace`);
  try {
    const packs = join(tmp, 'tarballs');
    mkdirSync(packs);
    const list = await packWorkspaces(packs, childEnv()).catch((error) => {
      throw new CheckFailed(error.message);
    });
    const tarballs = new Map(list.map((pack) => [pack.name, join(packs, pack.filename)]));
    const problems = [...list.flatMap((pack) => tarballProblems(pack).map((problem) => `  ${pack.name}: ${problem}`)), ...missingBundles(list).map((problem) => `  ${problem}`)];
    if (problems.length > 0) throw new CheckFailed('the tarballs break their promises (build output without a source is left from an earlier build: npm run clean && npm run build)', problems.join('\n'));
    const size = list.reduce((sum, pack) => sum + pack.size, 0);
    say(`packed ${list.length} packages (${(size / 1024).toFixed(0)} KiB) into ${tmp}`);
    say(`  every tarball: dist and src without tests, maps and declarations resolve, exports and bins exist, not private; ${Object.keys(BUNDLES).join(', ')} with its bundle`);

    const checks = [...consumers.map((consumer) => ({ name: consumer.name, run: () => checkConsumer(consumer, tmp, tarballs) })), { name: 'global install', run: () => checkGlobalInstall(tmp, [...tarballs.values()]) }];
    // The consumers run side by side; the global install after them, so its mock's start-up
    // (an embedded database created from nothing) does not wait behind three type-checks.
    const reports = [...(await Promise.allSettled(checks.slice(0, -1).map((check) => check.run()))), ...(await Promise.allSettled([checks.at(-1).run()]))];
    const failures = reports.filter((r) => r.status === 'rejected').map((r) => r.reason);
    reports.forEach((report, i) => {
      if (report.status === 'fulfilled') for (const line of report.value) say(`  ${checks[i].name}: ${line}`);
    });
    if (failures.length > 0) throw new CheckFailed(failures.map((failure) => (failure instanceof CheckFailed ? failure.message : (failure?.stack ?? String(failure)))).join('\n\n'));
  } finally {
    if (process.env.SIMPLANE_PACKED_KEEP === '1') say(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
  say(`passed in ${since(started)}`);
}

main().catch((error) => {
  process.stderr.write(`check:packed: FAILED: ${error instanceof CheckFailed ? error.message : (error?.stack ?? error)}\n`);
  process.exitCode = 1;
});
