import { closeSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError } from '../config/arguments.js';
import { readServerUrl, serverUrlFile } from '../config/server-url.js';
import { ClientError } from './client-error.js';

/** Where the client commands find the control plane and the key they present to it. */
export interface Connection {
  url: string;
  apiKey: string;
  /** The file the URL was read from, when neither `--url` nor SIMPLANE_URL named one. */
  urlFile?: string;
}

/** Where the control plane is when nothing names it and no `serve` left its address. */
export const DEFAULT_URL = 'http://127.0.0.1:8080';

/** The options every client command takes besides its own. */
export interface ConnectionOptions {
  url?: string;
  apiKeyFile?: string;
}

/** An API key longer than this is not one `serve` made or a config file would hold. */
const MAX_KEY_LENGTH = 1024;

/**
 * The control plane's address: `--url`, else SIMPLANE_URL, else the address a running `serve`
 * left in its data directory (SIMPLANE_DATA_DIR or ~/.simplane), else `serve`'s default. The
 * key: the file `--api-key-file` names, else SIMPLANE_API_KEY, else the key `serve` generated
 * in the same data directory, so a first run on one machine needs no setup. There is no option
 * carrying the key itself: a command line is visible to every user of the machine.
 */
export function resolveConnection(env: NodeJS.ProcessEnv, options: ConnectionOptions): Connection {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const dataDir = resolve(value('SIMPLANE_DATA_DIR') ?? join(homedir(), '.simplane'));
  const named = options.url ?? value('SIMPLANE_URL');
  const left = named === undefined ? readServerUrl(dataDir) : undefined;
  const urlFile = left === undefined ? undefined : serverUrlFile(dataDir);
  const url = controlPlaneUrl(named ?? left ?? DEFAULT_URL, options.url !== undefined ? '--url' : (urlFile ?? 'SIMPLANE_URL'));
  const where = urlFile === undefined ? { url } : { url, urlFile };
  const fromEnv = value('SIMPLANE_API_KEY');
  if (options.apiKeyFile === undefined && fromEnv !== undefined) return { ...where, apiKey: checkedKey(fromEnv, 'SIMPLANE_API_KEY') };
  const file = options.apiKeyFile !== undefined ? resolve(options.apiKeyFile) : join(dataDir, 'api-key');
  let text: string;
  try {
    text = readStart(file);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (options.apiKeyFile !== undefined) throw new ClientError(`--api-key-file: cannot read ${file}${missing ? ': no such file' : ''}.`);
    throw new ClientError(`no API key: set SIMPLANE_API_KEY, pass --api-key-file, or run 'simplane serve' once to create ${file}.`);
  }
  return { ...where, apiKey: checkedKey(text.trim(), file) };
}

/** The first bytes of a key file, one more than a key may have, so a huge file (or /dev/zero) is not read whole. */
function readStart(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_KEY_LENGTH + 2);
    const read = readSync(fd, buffer, 0, buffer.byteLength, 0);
    return buffer.toString('utf8', 0, read);
  } finally {
    closeSync(fd);
  }
}

function controlPlaneUrl(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${source}: '${text}' is not a URL.`);
  }
  // Checked first and not echoed: such a URL holds a password.
  if (url.username !== '' || url.password !== '') throw new UsageError(`${source}: the URL must not carry a user or password; the API key comes from SIMPLANE_API_KEY or a key file.`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${source}: '${text}' is not an http or https URL.`);
  if (url.search !== '' || url.hash !== '') throw new UsageError(`${source}: '${text}' must not have a query or fragment.`);
  return url.href.replace(/\/+$/, '');
}

/** Refuses a key that could not be sent as a header, without ever showing it. */
function checkedKey(key: string, source: string): string {
  if (key === '') throw new ClientError(`${source}: the API key is empty.`);
  if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) throw new ClientError(`${source}: the API key is not a single line of printable characters.`);
  return key;
}
