import createClient, { type Client } from 'openapi-fetch';
import { Caller } from './caller.js';
import { Credentials } from './credentials.js';
import type { paths } from './generated/control-plane.js';
import { Simulations } from './simulations.js';
import { Simulators } from './simulators.js';
import { boundedFetch, sleep, type Fetch, type TransportLimits, type Wait } from './transport.js';
import type { Quota } from './types.js';
import { Worlds } from './worlds.js';

export interface SimplaneClientOptions extends Partial<TransportLimits> {
  /** The control plane's base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /**
   * The workspace's API key (or a sealed session, `sps1...`), sent as a bearer token; never part
   * of an error or a message. Absent: no Authorization header, for a page in a browser whose
   * `simplane_session` cookie the control plane reads instead (name the workspace in `workspaceId`).
   */
  apiKey?: string;
  /** The workspace a session acts in, sent as `X-Workspace-Id` (an API key names its own). */
  workspaceId?: string;
  /** The fetch to send requests with (default: the runtime's own). */
  fetch?: Fetch;
  /** How the client pauses between polls and retries (default: a timer); tests may speed it up. */
  wait?: Wait;
}

/** An API key longer than this is not one the control plane made or a configuration holds. */
const MAX_KEY_LENGTH = 1024;

const DEFAULT_LIMITS: TransportLimits = {
  timeoutMs: 30_000,
  uploadTimeoutMs: 10 * 60_000,
  maxAnswerBytes: 32 * 1024 * 1024,
  readRetries: 5,
  maxRetryWaitSeconds: 5,
};

/**
 * The Simplane control plane, typed: every call's body and answer are the types generated
 * from its OpenAPI document. A refusal is thrown as SimplaneApiError, a request that got no
 * usable answer as SimplaneConnectionError. Works wherever `fetch` does.
 */
export class SimplaneClient {
  /** The base URL, without a trailing slash. */
  readonly url: string;
  /**
   * The openapi-fetch client underneath, for a route the groups below do not cover. Its
   * answers are openapi-fetch's `{ data, error, response }`: refusals are not thrown.
   */
  readonly api: Client<paths>;
  readonly simulators: Simulators;
  readonly simulations: Simulations;
  readonly worlds: Worlds;
  readonly credentials: Credentials;
  private readonly caller: Caller;

  constructor(options: SimplaneClientOptions) {
    this.url = baseUrl(options.url);
    if (options.apiKey !== undefined) checkKey(options.apiKey);
    if (options.workspaceId !== undefined) checkKey(options.workspaceId, 'workspace ID');
    const wait = options.wait ?? sleep;
    const limits: TransportLimits = { ...DEFAULT_LIMITS, ...definedOnly(options) };
    const fetchImpl: Fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    this.api = createClient<paths>({
      baseUrl: this.url,
      headers: {
        accept: 'application/json',
        ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
        ...(options.workspaceId === undefined ? {} : { 'x-workspace-id': options.workspaceId }),
      },
      fetch: boundedFetch(this.url, fetchImpl, limits, wait),
    });
    this.caller = new Caller(this.api, this.url, wait);
    this.simulators = new Simulators(this.caller);
    this.simulations = new Simulations(this.caller);
    this.worlds = new Worlds(this.caller);
    this.credentials = new Credentials(this.caller);
  }

  /** The workspace's quota ledger: what is used and what is allowed. */
  quota(): Promise<Quota> {
    return this.caller.answer(this.api.GET('/v1/quota'));
  }
}

function baseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`'${text}' is not a URL`);
  }
  // Refused without echoing it: such a URL holds a password.
  if (url.username !== '' || url.password !== '') throw new TypeError('the URL must not carry a user or password; pass the API key as apiKey');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`'${text}' is not an http or https URL`);
  if (url.search !== '' || url.hash !== '') throw new TypeError(`'${text}' must not have a query or fragment`);
  return url.href.replace(/\/+$/, '');
}

/** Refuses a key that could not be sent as a header, without ever showing it. */
function checkKey(key: string, what = 'API key'): void {
  if (typeof key !== 'string' || key === '') throw new TypeError(`the ${what} is empty`);
  if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) throw new TypeError(`the ${what} is not a single line of printable characters`);
}

function definedOnly(options: Partial<TransportLimits>): Partial<TransportLimits> {
  const limits: Partial<TransportLimits> = {};
  for (const name of Object.keys(DEFAULT_LIMITS) as Array<keyof TransportLimits>) {
    const value = options[name];
    if (value !== undefined) limits[name] = value;
  }
  return limits;
}
