/**
 * Port: structured logging. Callers pass facts, never secrets: credential values, API keys,
 * session tokens and request bodies are not logged anywhere.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
