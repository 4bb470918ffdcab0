#!/usr/bin/env node
/**
 * `npm run package:lambda`: writes the deployable AWS Lambda zip (`dist-lambda/simplane-lambda.zip`
 * by default, or the path given) from the compiled packages (the npm script builds them first).
 * esbuild bundles `lambda/handler.ts` with every runtime dependency, so the zip needs no
 * node_modules and carries no dev dependency. Its layout:
 *
 *   index.js                re-exports the handler: the function's handler is `index.handler`
 *   package.json            {"type": "module"}: the bundles are ES modules
 *   lib/handler.js          the control plane and the Lambda host
 *   lib/build-worker.js     the build worker thread, found beside the engine's code as in `dist`
 *   lib/*.js                chunks: code both share, and what is imported on first use
 *   catalog/*               the shipped catalog documents, read from `../catalog` as in the package
 *   THIRD-PARTY-LICENSES.txt
 *
 * PGlite (the embedded default's database) is left out: the function keeps its state on
 * PostgreSQL. The zip must stay under BUDGET_BYTES (docs/deployment.md), or this fails.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { zipSync } from 'fflate';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The zip's size limit: about twice what it weighs today, far under Lambda's 50 MiB for an upload. */
export const BUDGET_BYTES = 3 * 1024 * 1024;

/** Files dated alike make the same sources give the same zip. */
const MTIME = new Date('2020-01-01T00:00:00Z');

/** Node's ES modules have no `require`; bundled CommonJS packages ask for built-in modules with it. */
const REQUIRE_BANNER = "import { createRequire as __simplaneCreateRequire } from 'node:module'; const require = __simplaneCreateRequire(import.meta.url);";

/** PGlite, answered by a module that refuses to open it, so neither its code nor its wasm is bundled. */
const withoutPglite = {
  name: 'without-pglite',
  setup(b) {
    b.onResolve({ filter: /^@electric-sql\/pglite(\/.*)?$/ }, (args) => ({ path: args.path, namespace: 'without-pglite' }));
    b.onLoad({ filter: /.*/, namespace: 'without-pglite' }, () => ({
      loader: 'js',
      // CommonJS, so any name imported from it resolves (to the refusing class or to nothing).
      contents: `
        class Unavailable { constructor() { throw new Error('This bundle has no embedded database (PGlite): set SIMPLANE_DATABASE_URL to a PostgreSQL server.'); } }
        module.exports = { PGlite: Unavailable, PGliteWorker: Unavailable };`,
    }));
  },
};

/** Bundles the handler and the build worker: their files, in memory, by path in the zip. */
async function bundle() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      handler: 'lambda/handler.ts',
      'build-worker': 'packages/engine/dist/providers/build-worker.js',
    },
    outdir: join(root, 'lib'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Whitespace and syntax only: names stay, so a stack trace in the function's log is readable.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    banner: { js: REQUIRE_BANNER },
    // pg's native binding is optional and loaded only when asked for.
    external: ['pg-native'],
    plugins: [withoutPglite],
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  const files = {};
  for (const file of result.outputFiles) files[relative(root, file.path).split(sep).join('/')] = file.contents;
  return { files, metafile: result.metafile };
}

/** Every bundled package's licence text, as their licences ask of a redistribution. */
function thirdPartyLicenses(metafile) {
  const packages = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const at = input.lastIndexOf('node_modules/');
    if (at === -1) continue;
    const rest = input.slice(at + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    const dir = join(root, input.slice(0, at), 'node_modules', name);
    if (!packages.has(dir)) packages.set(dir, name);
  }
  const sections = [...packages].sort((a, b) => a[1].localeCompare(b[1])).map(([dir, name]) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)/i.test(f));
    const text = file === undefined ? `Licence: ${manifest.license ?? 'not stated'}` : readFileSync(join(dir, file), 'utf8').trim();
    return `${name}@${manifest.version}\n\n${text}\n`;
  });
  return `Packages bundled into lib/, with their licences.\n\n${sections.join(`\n${'-'.repeat(72)}\n\n`)}`;
}

/** Writes the zip to `outFile` and answers its size and what it holds. */
export async function packageLambda(outFile = join(root, 'dist-lambda', 'simplane-lambda.zip')) {
  const { files, metafile } = await bundle();
  const catalogDir = join(root, 'packages', 'composition', 'catalog');
  for (const name of readdirSync(catalogDir)) files[`catalog/${name}`] = readFileSync(join(catalogDir, name));
  files['index.js'] = "export { handler } from './lib/handler.js';\n";
  files['package.json'] = `${JSON.stringify({ type: 'module' })}\n`;
  files['THIRD-PARTY-LICENSES.txt'] = thirdPartyLicenses(metafile);
  const entries = {};
  for (const name of Object.keys(files).sort()) {
    const data = typeof files[name] === 'string' ? new TextEncoder().encode(files[name]) : files[name];
    // A regular file readable by everyone: Lambda runs the code as a user other than the zip's owner.
    entries[name] = [data, { mtime: MTIME, os: 3, attrs: 0o100644 << 16 }];
  }
  const zip = zipSync(entries, { level: 9 });
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, zip);
  return { path: outFile, bytes: zip.byteLength, files: Object.keys(entries) };
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function main() {
  const out = process.argv[2] === undefined ? undefined : resolve(process.argv[2]);
  const zip = await packageLambda(out);
  const shown = relative(process.cwd(), zip.path) || zip.path;
  process.stdout.write(`${shown}  ${mib(zip.bytes)} (${zip.files.length} files; budget ${mib(BUDGET_BYTES)})\n`);
  if (zip.bytes > BUDGET_BYTES) {
    process.stderr.write(`package:lambda: the zip is ${mib(zip.bytes)}, over its budget of ${mib(BUDGET_BYTES)}\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`package:lambda: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
