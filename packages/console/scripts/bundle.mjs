// Bundles the console into dist/web: index.html, console.js and console.css, minified. The
// page carries no inline script or style, so the strict Content-Security-Policy /console is
// served with holds; its empty icon spares the browser a request for /favicon.ico. Fails when
// console.js is over its budget (150 KB gzipped, issue 37).
// Run after `tsc -b`: @simplane/client is bundled from its built dist.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const BUDGET_BYTES = 150 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));
const out = fileURLToPath(new URL('../dist/web/', import.meta.url));

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Simplane</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/console/console.css">
    <script type="module" src="/console/console.js"></script>
  </head>
  <body>
    <div id="app"></div>
    <noscript>The Simplane console needs JavaScript. The API and the simplane command work without it.</noscript>
  </body>
</html>
`;

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await esbuild.build({
  absWorkingDir: root,
  entryPoints: { console: 'src/main.tsx' },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
  minify: true,
  legalComments: 'none',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
await writeFile(new URL('index.html', `file://${out}`), INDEX_HTML);

const script = await readFile(new URL('console.js', `file://${out}`));
const gzipped = gzipSync(script, { level: 9 }).byteLength;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`console.js: ${kb(script.byteLength)} minified, ${kb(gzipped)} gzipped (budget ${kb(BUDGET_BYTES)})`);
if (gzipped > BUDGET_BYTES) {
  console.error(`console.js is over its budget: ${kb(gzipped)} gzipped, at most ${kb(BUDGET_BYTES)}`);
  process.exit(1);
}
