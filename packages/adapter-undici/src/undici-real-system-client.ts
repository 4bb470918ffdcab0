import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import {
  pinAddress,
  type Lookup,
  type RealSystemAnswer,
  type RealSystemClient,
  type RealSystemConnection,
  type RealSystemOptions,
  type RealSystemRequest,
} from '@simplane/core';

/** The machine's resolver, all addresses of a name. */
const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true });

/**
 * RealSystemClient on undici. The base URL's host is resolved once (pinAddress) and the
 * connection's own lookup answers that address whatever it is asked, so every request of a
 * build reaches the address that was checked; TLS still verifies the certificate for the URL's
 * host name. undici follows no redirect unless told to: a 3xx is answered as it is.
 */
export class UndiciRealSystemClient implements RealSystemClient {
  constructor(private readonly lookup: Lookup = systemLookup) {}

  async open(baseUrl: string, options: RealSystemOptions): Promise<RealSystemConnection | { refused: string }> {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      return { refused: 'the base URL is not an absolute URL' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: `the base URL's scheme ${url.protocol} is not http or https` };
    const pinned = await pinAddress(url.hostname, options.policy, this.lookup);
    if ('refused' in pinned) return pinned;
    const { address, family } = pinned;
    // Node asks for every address where it may try both families (autoSelectFamily), else one.
    const lookup = ((_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all === true) (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    }) as LookupFunction;
    const agent = new Agent({ connect: { lookup, timeout: options.timeoutMs }, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, connections: 4 });
    return new UndiciConnection(url, address, agent, options);
  }
}

/** Closes a body that will not be read; what the closing raises is of no interest. */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}

class UndiciConnection implements RealSystemConnection {
  constructor(
    private readonly base: URL,
    readonly address: string,
    private readonly agent: Agent,
    private readonly options: RealSystemOptions,
  ) {}

  async send(sent: RealSystemRequest, signal?: AbortSignal): Promise<RealSystemAnswer> {
    const target = this.#target(sent.path);
    if (target === null) return { failed: `${sent.path} is not a path under ${this.base.origin}` };
    // A timer of its own, cleared when the answer is read: a signal left to fire later would abort a finished request.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.options.timeoutMs);
    try {
      const answer = await request(target, {
        dispatcher: this.agent,
        method: sent.method,
        headers: sent.headers,
        ...(sent.body === undefined ? {} : { body: sent.body }),
        signal: signal === undefined ? timeout.signal : AbortSignal.any([signal, timeout.signal]),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > this.options.maxBodyBytes) {
        discard(answer.body);
        return { status: answer.statusCode, headers, body: null, tooLarge: true };
      }
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        length += chunk.byteLength;
        if (length > this.options.maxBodyBytes) {
          discard(answer.body);
          return { status: answer.statusCode, headers, body: null, tooLarge: true };
        }
        chunks.push(chunk);
      }
      return { status: answer.statusCode, headers, body: new Uint8Array(Buffer.concat(chunks, length)) };
    } catch (error) {
      const timedOut = timeout.signal.aborted || (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' || (error as { code?: string }).code === 'UND_ERR_BODY_TIMEOUT';
      return { failed: timedOut ? `no answer within ${this.options.timeoutMs} ms` : (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The URL of a path under the base URL's path (the base URL itself for none), or null where it would leave the base URL's origin. */
  #target(path: string): URL | null {
    if (path === '') return new URL(this.base.href);
    if (!path.startsWith('/') || path.startsWith('//') || /[\u0000-\u0020\u007f\\]/.test(path)) return null;
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const target = new URL(`${basePath}${path}`, this.base.origin);
    return target.origin === this.base.origin ? target : null;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
