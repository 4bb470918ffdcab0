import type { Logger } from '@simplane/core';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

/** JSON lines on a stream. Callers pass facts only; nothing here inspects or prints secrets. */
export function createConsoleLogger(level: LogLevel, write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const emit = (lvl: Exclude<LogLevel, 'silent' | 'debug'>, message: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...fields })}\n`);
  };
  return {
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}
