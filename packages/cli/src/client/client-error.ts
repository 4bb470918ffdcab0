import { describeIssue, SimplaneApiError, SimplaneConnectionError } from '@simplane/client';
import type { Connection } from './connection.js';

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

/**
 * What a client command says of the typed client's failure: a refusal as its status, code and
 * detail with any issues below; no answer as where it looked, and for an address a `serve` left
 * behind, that the server there has stopped answering.
 */
export function commandFailure(error: unknown, connection: Connection | undefined): ClientError | undefined {
  if (error instanceof SimplaneApiError) return new ClientError(`${error.status} ${error.code}: ${error.detail}`, (error.validation?.issues ?? []).map(describeIssue));
  if (!(error instanceof SimplaneConnectionError)) return undefined;
  if (error.reason.startsWith('an answer')) return new ClientError(`the control plane at ${error.url} sent ${error.reason}.`);
  if (connection?.urlFile !== undefined) {
    return new ClientError(`no server is answering at ${error.url} (${error.reason}), the address 'simplane serve' left in ${connection.urlFile}: it has stopped. Start it again, or set SIMPLANE_URL or --url.`);
  }
  return new ClientError(`cannot reach the control plane at ${error.url}: ${error.reason}. Is 'simplane serve' running there?`);
}
