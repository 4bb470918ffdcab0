import { consoleAssetsDir } from '@simplane/console';
import { loadConsoleAssets, type ConsoleAssets } from '@simplane/http';

/** Bundles read so far, by folder: a process composing many control planes (tests, the harness) reads each once. */
const read = new Map<string, ConsoleAssets | null>();

/**
 * The web console the handler serves at `/console`: the bundle in `directory`, by default the
 * one built into @simplane/console (`npm run build` writes it); null for none (`null` given, or
 * the folder holds no built page), and `/console` then answers 404.
 */
export function consoleBundle(directory: string | null | undefined): ConsoleAssets | null {
  if (directory === null) return null;
  const folder = directory ?? consoleAssetsDir();
  let assets = read.get(folder);
  if (assets === undefined) {
    assets = loadConsoleAssets(folder);
    read.set(folder, assets);
  }
  return assets;
}
