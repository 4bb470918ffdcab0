import type { components } from './generated/control-plane.js';

/** The problem+json body every control-plane refusal carries (docs/errors.md). */
export type Problem = components['schemas']['Error'];
/** One diagnostic of a document, as a refusal's `validation` lists it. */
export type Issue = components['schemas']['SpecificationIssue'];

/**
 * The control plane refused a request. Programs key on `code` (the catalogue in
 * docs/errors.md); `detail` is for people. An answer that was not a problem body (a proxy's
 * error page) has the code `http_error` and the start of its text as the detail.
 */
export class SimplaneApiError extends Error {
  override readonly name = 'SimplaneApiError';
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /** Build diagnostics, when the refusal has any. */
  readonly validation: Problem['validation'];
  /** The Request-Id header, to quote when reporting a problem. */
  readonly requestId: string | null;
  /** The Retry-After header in seconds, when the refusal carried one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, problem: Problem, headers?: { get(name: string): string | null }) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.status = status;
    this.code = problem.code;
    this.detail = problem.detail;
    this.validation = problem.validation;
    this.requestId = headers?.get('request-id') ?? null;
    const retryAfter = headers?.get('retry-after') ?? null;
    this.retryAfterSeconds = retryAfter !== null && /^\d{1,6}$/.test(retryAfter) ? Number(retryAfter) : null;
  }

  /** The refusal a response carries, whatever its body turned out to be. */
  static from(response: Response, body: unknown): SimplaneApiError {
    if (isProblem(body)) return new SimplaneApiError(response.status, { code: body.code, detail: body.detail, validation: body.validation ?? null }, response.headers);
    const text = typeof body === 'string' ? body.slice(0, 200).replace(/\s+/g, ' ').trim() : '';
    const detail = `the control plane answered without a problem body${text === '' ? '' : `: ${text}`}`;
    return new SimplaneApiError(response.status, { code: 'http_error', detail, validation: null }, response.headers);
  }
}

/**
 * No usable answer came: the server could not be reached, did not answer in time, or answered
 * something the client cannot read (larger than its limit, or not JSON). `reason` is short and
 * stable enough to show (`ECONNREFUSED`, `no answer in time`).
 */
export class SimplaneConnectionError extends Error {
  override readonly name = 'SimplaneConnectionError';

  constructor(
    /** The control plane's base URL. */
    readonly url: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot reach the control plane at ${url}: ${reason}`, options);
  }
}

function isProblem(body: unknown): body is { code: string; detail: string; validation?: Problem['validation'] } {
  if (typeof body !== 'object' || body === null) return false;
  const { code, detail, validation } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof detail === 'string' && (validation === undefined || validation === null || (typeof validation === 'object' && Array.isArray((validation as { issues?: unknown }).issues)));
}

/** One line for an issue: its rule, kind, where, what and how to fix it. */
export function describeIssue(issue: Issue): string {
  const where = [issue.operation, issue.location].filter((part) => part !== '').join(' at ');
  return `${issue.code} (${issue.kind})${where === '' ? '' : ` ${where}`}: ${issue.message}${issue.suggestion === '' ? '' : ` ${issue.suggestion}`}`;
}
