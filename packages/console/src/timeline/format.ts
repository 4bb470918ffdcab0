/** How the timeline writes times, bodies and errors: pure, so the views stay about layout. */

/** A virtual time as people read it, in UTC: `2024-01-01 00:00:00Z` (milliseconds only when set). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toISOString().replace('T', ' ').replace('.000Z', 'Z');
}

/** The value of a `datetime-local` input showing `iso` in UTC, to the second. */
export function toDateTimeLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().slice(0, 19);
}

/**
 * The RFC 3339 time a `datetime-local` value names, read as UTC (the console's clock is
 * shown in UTC, whatever the browser's zone); null when the value is not a time.
 */
export function fromDateTimeLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export interface RecordedBody {
  body: string | null;
  body_encoding: 'utf8' | 'base64';
  body_truncated: boolean;
  body_bytes: number;
}

/** A recorded body as text: JSON pretty-printed, binary named by its size, a cut body said so. */
export function formatBody(recorded: RecordedBody): { text: string; note: string | null } {
  const cut = recorded.body_truncated ? `cut at 64 KiB of ${recorded.body_bytes} bytes` : null;
  if (recorded.body === null || recorded.body === '') return { text: '', note: cut };
  if (recorded.body_encoding === 'base64') return { text: recorded.body, note: [`binary, ${recorded.body_bytes} bytes, base64`, cut].filter(Boolean).join('; ') };
  if (!recorded.body_truncated) {
    try {
      return { text: JSON.stringify(JSON.parse(recorded.body), null, 2), note: null };
    } catch {
      // Not JSON: shown as it came.
    }
  }
  return { text: recorded.body, note: cut };
}

/** One line for a refusal or a lost connection; the client's errors already say both. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A key for `Idempotency-Key`: `crypto.randomUUID` exists only on secure origins, this everywhere. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
