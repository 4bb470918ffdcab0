#!/usr/bin/env node
/**
 * `npm run pack`: writes every workspace package's tarball to one folder (`dist-packages/` by
 * default, or the folder given), replacing the tarballs an earlier run left there, so
 *
 *   npm install -g dist-packages/*.tgz
 *
 * installs the `simplane` command with the packages it needs from that folder alone. The
 * packages are built first by the npm script. check-packed.mjs packs the same way.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

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
