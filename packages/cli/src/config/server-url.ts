import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where `serve` leaves the address it listens on, beside the API key in the data directory,
 * so the client commands find a server started with `--port 9000` (or `--port 0`) the way
 * they find its key, with no SIMPLANE_URL to set.
 */
export function serverUrlFile(dataDir: string): string {
  return join(dataDir, 'url');
}

/** A URL longer than this is not one `serve` wrote. */
const MAX_URL_LENGTH = 2048;

/** Writes the URL whole (through a temporary file and a rename), so a reader never sees half of it. */
export function writeServerUrl(dataDir: string, url: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = serverUrlFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${url}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/** Removes the file when it still names this server: another `serve` on the same data directory may have written its own since. */
export function removeServerUrl(dataDir: string, url: string): void {
  const file = serverUrlFile(dataDir);
  try {
    if (readFileSync(file, 'utf8').trim() === url) unlinkSync(file);
  } catch {
    // Gone already, or unreadable: nothing of ours to remove.
  }
}

/** The URL a running `serve` left, or undefined when there is none; only the first bytes a URL can have are read. */
export function readServerUrl(dataDir: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(serverUrlFile(dataDir), 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(MAX_URL_LENGTH + 2);
    const read = readSync(fd, buffer, 0, buffer.byteLength, 0);
    const text = buffer.toString('utf8', 0, read).trim();
    return text === '' ? undefined : text;
  } finally {
    closeSync(fd);
  }
}

/** The address a client on this machine reaches the server at: an unspecified host (0.0.0.0, ::) is reached on loopback. */
export function reachableUrl(host: string, port: number): string {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
