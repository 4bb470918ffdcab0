#!/usr/bin/env node
/**
 * Writes the console's bundle into dist/web/. A stand-in page until the console's own build
 * (esbuild over src/) replaces this script: one page, one script, one style sheet, each a file
 * of its own, as the served page's Content-Security-Policy wants (no inline script or style).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../dist/web/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(
  `${out}index.html`,
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simplane console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/console/console.css">
<script type="module" src="/console/console.js"></script>
</head>
<body>
<main id="app"><h1>Simplane console</h1><p>Loading...</p></main>
</body>
</html>
`,
);
writeFileSync(`${out}console.js`, `document.querySelector('#app p').textContent = 'The console is served by this control plane.';\n`);
writeFileSync(`${out}console.css`, `body { font-family: system-ui, sans-serif; margin: 2rem; color: #1b1b1f; background: #fff; }\n`);
