import { fstatSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { formatTime, type Logger, type RequestLine } from '@simplane/core';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

/** JSON lines on a stream. Callers pass facts only; nothing here inspects or prints secrets. */
export function createConsoleLogger(level: LogLevel, write: (line: string) => void = stderrLines().write): Logger {
  const emit = (lvl: Exclude<LogLevel, 'silent' | 'debug'>, message: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level]) return;
    write(`{"time":"${formatTime(new Date())}","level":"${lvl}","message":${JSON.stringify(message)}${fieldsText(fields)}\n`);
  };
  return {
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    // The same line `info('request', line)` writes, member for member, encoded without stringifying an object.
    request: (line) => {
      if (RANK.info < RANK[level]) return;
      write(`{"time":"${formatTime(new Date())}","level":"info","message":"request"${requestMembers(line)}}\n`);
    },
  };
}

/**
 * The access line's members. Stringifying a fields object was about a quarter of the line's
 * cost, and the line about a tenth of a stateful read's (docs/performance.md); texts that need no escape
 * (IDs, methods, most paths) are quoted as they are, anything else goes through JSON.stringify.
 */
function requestMembers(line: RequestLine): string {
  return `,"request_id":${jsonText(line.request_id)},"method":${jsonText(line.method)},"path":${jsonText(line.path)},"status":${jsonNumber(line.status)},"ms":${jsonNumber(line.ms)}`;
}

/** Printable ASCII without `"` and `\`: JSON text for which is the text in quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function jsonText(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text);
}

/** As JSON.stringify writes a number: no text for NaN or the infinities, so null. */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * The fields after the line's own three, as JSON members: one stringify of the caller's
 * object, not a spread copy (V8 builds a spread copy's keys on a slow path, and this runs for
 * every request).
 */
function fieldsText(fields: Record<string, unknown> | undefined): string {
  const text = fields === undefined ? '{}' : JSON.stringify(fields);
  return text === '{}' ? '}' : `,${text.slice(1)}`;
}

export interface LineBatcher {
  write(line: string): void;
  /** Writes what is pending now. */
  flush(): void;
}

/**
 * Collects lines and writes them once per turn of the event loop: a log line per request was
 * a system call per request, a measurable share of a data-plane request's cost. Past
 * `maxPending` lines it writes at once, so a burst never holds much.
 */
export function batchLines(sink: (text: string) => void, schedule: (flush: () => void) => void = setImmediate, maxPending = 512): LineBatcher {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    sink(text);
  };
  return {
    write: (line) => {
      pending.push(line);
      if (pending.length >= maxPending) flush();
      else if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
  };
}

/**
 * A writer straight to a descriptor that is a file or a device other than a terminal (such as
 * /dev/null), or null for anything else (pipes, sockets, terminals). For those descriptors
 * `process.stderr` is itself a synchronous write of the descriptor; writing it directly skips
 * the stream layer and the buffer it makes of every text, about 0.7 µs of a data-plane read
 * with its access line (docs/performance.md). A failed write drops the text: a log line never
 * takes the server down.
 */
export function descriptorWriter(fd: number): ((text: string) => void) | null {
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() && !(stat.isCharacterDevice() && !isatty(fd))) return null;
  } catch {
    return null;
  }
  return (text) => {
    try {
      writeSync(fd, text);
    } catch {
      // Dropped; see above.
    }
  };
}

let stderr: LineBatcher | undefined;

/** One batcher for the process's stderr, flushed when the process exits (stderr writes are synchronous then). */
function stderrLines(): LineBatcher {
  if (stderr === undefined) {
    const batcher = batchLines(descriptorWriter(2) ?? ((text) => process.stderr.write(text)));
    process.once('exit', () => batcher.flush());
    stderr = batcher;
  }
  return stderr;
}
