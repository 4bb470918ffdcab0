// `npm run bench`: every benchmark, one after the other, from the compiled packages.
await import('./build-time.mjs');
await import('./fork-latency.mjs');
await import('./list-cost.mjs');
await import('./first-simulation.mjs');
await import('./clock-advance.mjs');
await import('./world-start.mjs');
// Servers run in child processes, so the load generator and the server have a core each.
await import('./data-plane.mjs');
await import('./soap.mjs');
// `serve` on memory, the embedded default and Postgres (a scratch database): creates, forks, start-up.
await import('./storage.mjs');
// Spawns a fresh --expose-gc process per row, so its heap figures start clean.
await import('./simulation-memory.mjs');
// The packaged Lambda zip: cold starts, each a process of its own, against warm invocations.
await import('./lambda-cold-start.mjs');
// The web console in Debian's Chromium: the Simulations list's first paint against a static page.
await import('./console-paint.mjs');
