/**
 * The web console's files, read once when the control plane starts and kept in memory (a
 * bundle is a few hundred KiB). Only what this listing found is ever served: a request names a
 * key of the table, never a path on disk, so no request reaches a file outside the bundle.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mediaTypeOf } from './console-media-types.js';

export interface ConsoleAsset {
  /** The body, sent as it is. */
  body: Buffer;
  contentType: string;
  /** A strong validator: a digest of the body. */
  etag: string;
  cacheControl: string;
}

export interface ConsoleAssets {
  /** Where the files were read from, for messages. */
  readonly directory: string;
  /** Each file by its path under the directory, `/`-separated (`console.js`, `fonts/a.woff2`). */
  readonly files: ReadonlyMap<string, ConsoleAsset>;
  /** `index.html`: the page, answered for the console's own routes too. */
  readonly index: ConsoleAsset;
}

export const CONSOLE_INDEX = 'index.html';

/** Bounds on what is read into memory: a bundle is far below them, a wrong directory is not. */
const MAX_FILES = 500;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_DEPTH = 4;

/**
 * A name a bundler gave a content hash (`console-5XKQJ2ZP.js`, `chunk-3f9a01bc.css`): such a file
 * never changes under its name, so a browser may keep it for a year. Every other file is
 * revalidated (`no-cache`), which its ETag makes cheap.
 */
const HASHED_NAME = /[-.](?=[A-Za-z0-9]*[0-9])(?:[A-Z0-9]{8,}|[a-f0-9]{8,})\.[A-Za-z0-9]+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Reads the bundle in `directory`. Null when there is none (no directory, or no `index.html` in
 * it: the console was not built). Dot files, symbolic links and anything but regular files are
 * left out.
 */
export function loadConsoleAssets(directory: string): ConsoleAssets | null {
  if (!existsSync(join(directory, CONSOLE_INDEX))) return null;
  const files = new Map<string, ConsoleAsset>();
  let bytes = 0;
  const walk = (dir: string, prefix: string, depth: number) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory() && depth < MAX_DEPTH) walk(join(dir, entry.name), `${prefix}${entry.name}/`, depth + 1);
      if (!entry.isFile()) continue;
      const body = readFileSync(join(dir, entry.name));
      bytes += body.byteLength;
      if (files.size >= MAX_FILES || bytes > MAX_BYTES) throw new Error(`${directory} holds more than a web console's bundle (over ${MAX_FILES} files or ${MAX_BYTES / 1024 / 1024} MiB)`);
      const path = `${prefix}${entry.name}`;
      files.set(path, assetOf(path, body));
    }
  };
  walk(directory, '', 0);
  return { directory, files, index: files.get(CONSOLE_INDEX)! };
}

function assetOf(path: string, body: Buffer): ConsoleAsset {
  return {
    body,
    contentType: mediaTypeOf(path),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    cacheControl: path !== CONSOLE_INDEX && HASHED_NAME.test(path) ? IMMUTABLE : REVALIDATE,
  };
}
