/** A specification issue as the control plane reports it (SPEC 2.8). */
export interface Issue {
  code: string;
  kind: string;
  operation: string;
  location: string;
  message: string;
  suggestion: string;
}

/**
 * Something a client command could not do: the control plane unreachable, no API key, a build
 * that failed. The command prints the message and exits 1; the message never holds the key.
 */
export class ClientError extends Error {
  /** Lines printed after the message (a failed build's issues, say). */
  readonly details: readonly string[];

  constructor(message: string, details: readonly string[] = []) {
    super(message);
    this.details = details;
  }
}

/** The control plane refused a request: its status and problem code, as it answered them. */
export class ControlPlaneError extends ClientError {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly issues: readonly Issue[] = [],
    /** The Retry-After the refusal carried, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status} ${code}: ${detail}`, issues.map(describeIssue));
  }
}

/** One line per issue: where, what, and how to fix it. */
export function describeIssue(issue: Issue): string {
  const where = [issue.operation, issue.location].filter((part) => part !== '').join(' at ');
  return `${issue.code} (${issue.kind})${where === '' ? '' : ` ${where}`}: ${issue.message}${issue.suggestion === '' ? '' : ` ${issue.suggestion}`}`;
}
