import type { Connection } from './connection.js';
import { ClientError, ControlPlaneError, type Issue } from './client-error.js';

/** The most of an answer the client reads: the control plane's largest (a step with two 64 KiB bodies) is far below. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** How long an ordinary request may take; an upload gets longer. */
const REQUEST_TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** A read answered 503 with Retry-After (a server still starting, a Simulation waking) is tried again this often. */
const READ_RETRIES = 5;
const MAX_RETRY_WAIT_SECONDS = 5;

export type Query = Record<string, string | number | undefined>;

/**
 * The control plane's HTTP API as the client commands use it: JSON in and out, the API key as a
 * bearer token, problem answers turned into ControlPlaneError, and an unreachable server into
 * a ClientError that says where it looked.
 */
export class ControlPlaneClient {
  constructor(
    private readonly connection: Connection,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  get url(): string {
    return this.connection.url;
  }

  async get<T>(path: string, query: Query = {}): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.send<T>('GET', path + queryString(query), undefined, REQUEST_TIMEOUT_MS);
      } catch (error) {
        const wait = error instanceof ControlPlaneError && error.status === 503 ? error.retryAfterSeconds : null;
        if (wait === null || wait > MAX_RETRY_WAIT_SECONDS || attempt >= READ_RETRIES) throw error;
        await this.wait(wait * 1000);
      }
    }
  }

  post<T>(path: string, body: unknown = {}): Promise<T> {
    return this.send<T>('POST', path, { body: JSON.stringify(body), type: 'application/json' }, REQUEST_TIMEOUT_MS);
  }

  async delete(path: string): Promise<void> {
    await this.send('DELETE', path, undefined, REQUEST_TIMEOUT_MS);
  }

  upload<T>(path: string, form: FormData): Promise<T> {
    return this.send<T>('POST', path, { body: form }, UPLOAD_TIMEOUT_MS);
  }

  private async send<T>(method: string, path: string, payload: { body: string | FormData; type?: string } | undefined, timeoutMs: number): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.connection.apiKey}`, accept: 'application/json' };
    if (payload?.type !== undefined) headers['content-type'] = payload.type;
    let response: Response;
    try {
      response = await fetch(`${this.connection.url}${path}`, { method, headers, body: payload?.body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      throw new ClientError(`cannot reach the control plane at ${this.connection.url}: ${reason(error)}. Is 'simplane serve' running there?`);
    }
    const text = await readText(response);
    if (response.ok) return (text === '' ? null : parseJson(text, response.status)) as T;
    throw problem(response.status, text, response.headers.get('retry-after'));
  }
}

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readText(response: Response): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ClientError(`the answer of the control plane is larger than ${MAX_ANSWER_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string, status: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ClientError(`the control plane answered ${status} with a body that is not JSON.`);
  }
}

/** The problem a refusal carries, or a stand-in when its body is not one (a proxy's error page). */
function problem(status: number, text: string, retryAfter: string | null): ControlPlaneError {
  const seconds = retryAfter !== null && /^\d{1,6}$/.test(retryAfter) ? Number(retryAfter) : null;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: described below.
  }
  if (isProblem(body)) {
    const issues = Array.isArray(body.validation?.issues) ? (body.validation.issues as Issue[]) : [];
    return new ControlPlaneError(status, body.code, body.detail, issues, seconds);
  }
  return new ControlPlaneError(status, 'http_error', `the control plane answered without a problem body${text === '' ? '' : `: ${text.slice(0, 200).replace(/\s+/g, ' ')}`}`, [], seconds);
}

function isProblem(body: unknown): body is { code: string; detail: string; validation?: { issues?: unknown } | null } {
  if (typeof body !== 'object' || body === null) return false;
  const { code, detail } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof detail === 'string';
}

function reason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
