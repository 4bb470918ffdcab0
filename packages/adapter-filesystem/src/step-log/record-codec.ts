import { crc32 } from 'node:zlib';
import type { KeptMessage, StateChange, StepEntry, StepView } from '@simplane/core';

/**
 * The bytes of one record of a step log segment. A record is framed as
 * `[u32 payload length][u32 CRC-32 of the payload][payload]`, so recovery can tell a whole
 * record from a torn or corrupted one; the payload is
 * `[u8 kind][u16 id length][id][u32 step][body]`, where the body of a `step` is its six parts
 * (the view, each message's head and body, the changes), each `[i32 length, -1 for none][bytes]`;
 * of a `snapshot`, the blob key its bytes are under; of a `delete`, nothing.
 */
export const FRAME_BYTES = 8;

export const RECORD_KINDS = { step: 1, snapshot: 2, delete: 3 } as const;
export type RecordKind = keyof typeof RECORD_KINDS;

/** A record's payload read back far enough to index it: what recovery needs, without the body. */
export interface RecordHead {
  kind: RecordKind;
  simulationId: string;
  step: number;
  /** Where the body starts in the payload. */
  bodyStart: number;
}

const decoder = new TextDecoder();
const NONE = -1;

/** A part of a record's body: text (written as UTF-8), bytes, or none. */
export type RecordPart = string | Uint8Array | null;

/** One record, framed, ready to append: `parts` are the body after the payload's head, in order. */
export function frameRecord(kind: RecordKind, simulationId: string, step: number, parts: readonly RecordPart[]): Buffer {
  const idBytes = Buffer.byteLength(simulationId);
  let payloadBytes = 1 + 2 + idBytes + 4;
  for (const part of parts) payloadBytes += 4 + (part === null ? 0 : typeof part === 'string' ? Buffer.byteLength(part) : part.length);
  const record = Buffer.allocUnsafe(FRAME_BYTES + payloadBytes);
  let at = FRAME_BYTES;
  at = record.writeUInt8(RECORD_KINDS[kind], at);
  at = record.writeUInt16LE(idBytes, at);
  at += record.write(simulationId, at);
  at = record.writeUInt32LE(step, at);
  for (const part of parts) {
    // Texts are written straight into the record, with no bytes of their own in between.
    if (part === null) at = record.writeInt32LE(NONE, at);
    else if (typeof part === 'string') {
      const length = record.write(part, at + 4);
      at = record.writeInt32LE(length, at) + length;
    } else {
      at = record.writeInt32LE(part.length, at);
      record.set(part, at);
      at += part.length;
    }
  }
  record.writeUInt32LE(payloadBytes, 0);
  record.writeUInt32LE(crc32(record.subarray(FRAME_BYTES)), 4);
  return record;
}

/** A step's record: JSON for the view, the messages' heads and the changes; bodies as their bytes. */
export function stepRecord(simulationId: string, entry: StepEntry): Buffer {
  return frameRecord('step', simulationId, entry.view.step, [
    JSON.stringify(entry.view),
    entry.request === null ? null : JSON.stringify(headOf(entry.request)),
    entry.request?.body ?? null,
    entry.response === null ? null : JSON.stringify(headOf(entry.response)),
    entry.response?.body ?? null,
    JSON.stringify(entry.changes),
  ]);
}

type MessageHead = Omit<KeptMessage, 'body'>;

function headOf(message: KeptMessage): MessageHead {
  return { method: message.method, path: message.path, query: message.query, status: message.status, headers: message.headers, body_bytes: message.body_bytes };
}

/**
 * Checks the record that starts at `at` in `bytes` and answers its payload's bounds, or null
 * when no whole record with a matching checksum starts there (the end of the bytes, a torn
 * write or a corrupted record).
 */
export function checkRecord(bytes: Buffer, at: number): { start: number; end: number } | null {
  if (at + FRAME_BYTES > bytes.length) return null;
  const length = bytes.readUInt32LE(at);
  const start = at + FRAME_BYTES;
  const end = start + length;
  if (length < 7 || end > bytes.length) return null;
  if (crc32(bytes.subarray(start, end)) !== bytes.readUInt32LE(at + 4)) return null;
  return { start, end };
}

/** The head of a checked payload; throws on a kind this version does not know. */
export function readHead(payload: Buffer): RecordHead {
  const code = payload.readUInt8(0);
  const kind = (Object.keys(RECORD_KINDS) as RecordKind[]).find((k) => RECORD_KINDS[k] === code);
  if (kind === undefined) throw new Error(`step log: unknown record kind ${code}`);
  const idBytes = payload.readUInt16LE(1);
  const simulationId = payload.toString('utf8', 3, 3 + idBytes);
  const step = payload.readUInt32LE(3 + idBytes);
  return { kind, simulationId, step, bodyStart: 3 + idBytes + 4 };
}

/** The parts of a payload's body, each a view of the payload's bytes (null for none). */
export function readParts(payload: Buffer, bodyStart: number): Array<Buffer | null> {
  const parts: Array<Buffer | null> = [];
  for (let at = bodyStart; at < payload.length; ) {
    const length = payload.readInt32LE(at);
    at += 4;
    if (length === NONE) parts.push(null);
    else {
      parts.push(payload.subarray(at, at + length));
      at += length;
    }
  }
  return parts;
}

/** The view part of a step's payload. */
export function stepView(payload: Buffer, bodyStart: number): StepView {
  return JSON.parse(text(readParts(payload, bodyStart)[0]!)) as StepView;
}

/** The changes part of a step's payload, as the JSON text it was written as (one line). */
export function stepChangesJson(payload: Buffer, bodyStart: number): string {
  return text(readParts(payload, bodyStart)[5]!);
}

/** A whole step entry from its payload; the bodies are copies, not views of the payload. */
export function stepEntry(payload: Buffer, bodyStart: number): StepEntry {
  const [view, requestHead, requestBody, responseHead, responseBody, changes] = readParts(payload, bodyStart);
  return {
    view: JSON.parse(text(view!)) as StepView,
    request: message(requestHead!, requestBody!),
    response: message(responseHead!, responseBody!),
    changes: JSON.parse(text(changes!)) as StateChange[],
  };
}

/** The blob key a snapshot record names. */
export function snapshotKeyOf(payload: Buffer, bodyStart: number): string {
  return text(readParts(payload, bodyStart)[0]!);
}

function message(head: Buffer | null, body: Buffer | null): KeptMessage | null {
  if (head === null) return null;
  const { body_bytes, ...rest } = JSON.parse(text(head)) as MessageHead;
  return { ...rest, body: body === null ? null : new Uint8Array(body), body_bytes };
}

function text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
