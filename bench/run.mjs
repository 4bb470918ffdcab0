// `npm run bench`: every benchmark, one after the other, from the compiled packages.
await import('./build-time.mjs');
