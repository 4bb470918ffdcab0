import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Brings every package's `dist` up to date before a run that `npm test` did not build for, the console's bundle too (as `npm run build`). */
export default function setup(): void {
  const root = fileURLToPath(new URL('.', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('./node_modules/typescript/bin/tsc', import.meta.url)), '-b'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [fileURLToPath(new URL('./packages/console/scripts/bundle.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
}
