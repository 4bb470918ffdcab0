import type { Client } from 'openapi-fetch';
import { SimplaneApiError, SimplaneConnectionError } from './errors.js';
import type { paths } from './generated/control-plane.js';
import type { Wait } from './transport.js';

/** What openapi-fetch answers: the parsed body of a success, or of a refusal. */
type Result<D> = { data: D; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/** What every group of calls (simulators, simulations, ...) shares: the typed client and how answers are read. */
export class Caller {
  constructor(
    readonly api: Client<paths>,
    readonly url: string,
    readonly wait: Wait,
  ) {}

  /** A success's body; a refusal thrown as SimplaneApiError, an unreadable answer as SimplaneConnectionError. */
  async answer<D>(pending: Promise<Result<D>>): Promise<NonNullable<D>> {
    let result: Result<D>;
    try {
      result = await pending;
    } catch (error) {
      if (error instanceof SyntaxError) throw new SimplaneConnectionError(this.url, 'an answer that is not JSON', { cause: error });
      throw error;
    }
    if (!result.response.ok) throw SimplaneApiError.from(result.response, result.error);
    // A success without a body (204) is answered as undefined; no caller reads it.
    return result.data as NonNullable<D>;
  }
}
