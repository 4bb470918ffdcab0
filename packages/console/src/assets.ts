/**
 * @simplane/console's entry for servers: where the built page is. The control plane reads the
 * folder once at start and serves it at `/console` (@simplane/http's `loadConsoleAssets`).
 */
import { fileURLToPath } from 'node:url';

/** The folder holding the built console (`index.html`, `console.js`, `console.css`...): `dist/web` of this package. */
export function consoleAssetsDir(): string {
  return fileURLToPath(new URL('./web', import.meta.url));
}
