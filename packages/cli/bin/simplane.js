#!/usr/bin/env node
// The installed `simplane` command. It exists before the first build, so npm links it on a fresh
// `npm install`; the command itself is compiled to dist by `npm run build` (or `npm start`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('simplane: not built yet; run `npm run build` (or `npm start`) first.\n');
  process.exit(1);
}
await import(entry.href);
