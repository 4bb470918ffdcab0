#!/usr/bin/env node
/**
 * `npm run pack`: writes every workspace package's tarball to one folder (`dist-packages/` by
 * default, or the folder given), replacing the tarballs an earlier run left there, so
 *
 *   npm install -g dist-packages/*.tgz
 *
 * installs the `simplane` command with the packages it needs from that folder alone, the web
 * console's bundle (@simplane/console) among them. The packages are built first by the npm
 * script. check-packed.mjs packs the same way.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Packages whose `dist` holds a bundle besides tsc's output: the folder, and the file it cannot ship without. */
export const BUNDLES = { '@simplane/console': { folder: 'dist/web/', entry: 'dist/web/index.html' } };

/** A bundle missing from its package's tarball (the build that writes it did not run), as problems to print. */
export function missingBundles(packs) {
  return Object.entries(BUNDLES)
    .filter(([name, bundle]) => !packs.some((pack) => pack.name === name && pack.files.some((file) => file.path === bundle.entry)))
    .map(([name, bundle]) => `${name} has no ${bundle.entry}: npm run build bundles it`);
}

/**
 * Packs every workspace package into `destination` with `npm pack --workspaces` and answers what
 * npm reports for each (name, filename, size, files). The environment is the caller's.
 */
export function packWorkspaces(destination, env = process.env) {
  return new Promise((resolvePacks, reject) => {
    const child = spawn('npm', ['pack', '--workspaces', '--json', '--pack-destination', destination, '--loglevel=error'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePacks(JSON.parse(stdout));
      else reject(new Error(`npm pack --workspaces failed (exit ${code})\n${stdout}${stderr}`.trim()));
    });
  });
}

async function main() {
  const destination = resolve(process.argv[2] ?? join(root, 'dist-packages'));
  mkdirSync(destination, { recursive: true });
  // Tarballs of an earlier version would be installed beside the new ones.
  for (const file of readdirSync(destination)) if (file.endsWith('.tgz')) rmSync(join(destination, file));
  const packs = await packWorkspaces(destination);
  // Installed without its bundle, the console would answer 404 on every server.
  const missing = missingBundles(packs);
  if (missing.length > 0) throw new Error(missing.join('\n'));
  const shown = relative(process.cwd(), destination) || '.';
  for (const pack of packs) process.stdout.write(`${pack.filename}  ${(pack.size / 1024).toFixed(0)} KiB\n`);
  process.stdout.write(`Packed ${packs.length} packages into ${shown}. Install the command with:\n  npm install -g ${shown}/*.tgz\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`pack: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
