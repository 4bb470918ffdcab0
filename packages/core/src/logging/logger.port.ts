/**
 * Port: structured logging. Callers pass facts, never secrets: credential values, API keys,
 * session tokens and request bodies are not logged anywhere.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /**
   * The access line of one answered request, at `info` with the message `request`. A shape of
   * its own because every request writes one: an adapter can encode these five fields
   * directly rather than through a general-purpose encoder (docs/performance.md).
   */
  request(line: RequestLine): void;
}

/** What the access line of a request says. `ms` is the handler's time, to hundredths. */
export interface RequestLine {
  request_id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, request() {} };
