import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore, ChunkedSnapshot, Snapshot, StateChange, StepEntry, StepLog, StepView } from '@simplane/core';
import { GroupWriter, type ActiveSegment } from './group-writer.js';
import { frameRecord, snapshotKeyOf, stepChangesJson, stepEntry, stepRecord, stepView, FRAME_BYTES, readHead } from './record-codec.js';
import { compact } from './compaction.js';
import { createLog, createSegment, listSegments, openForAppend, scanSegment, segmentName } from './segment-files.js';
import { SimulationIndex, type Place } from './simulation-index.js';

/** A segment is closed and the next begun once it holds this many bytes. */
const SEGMENT_BYTES = 64 * 1024 * 1024;
/** A log is compacted on opening once records nothing reads take more than this, and more than the rest. */
const COMPACT_AFTER_BYTES = 64 * 1024 * 1024;
/** Neighbouring records are read together when the bytes between them stay under this. */
const READ_SPAN_BYTES = 8 * 1024 * 1024;

/** A step or snapshot of a log kept before this one (moved in when the log is first made). */
export type MovedRecord = { simulationId: string; entry: StepEntry } | { simulationId: string; snapshot: { step: number; key: string } };

export interface FileStepLogOptions {
  /** Bytes a segment holds before the next is begun (tests make it small). */
  segmentBytes?: number;
  /** Bytes of records nothing reads (deleted Simulations') past which opening compacts the log. */
  compactAfterBytes?: number;
  /**
   * Records to start a new log with, read only when the folder does not exist yet: steps in
   * ascending order per Simulation. The log is made with all of them or not at all.
   */
  moveIn?: () => AsyncIterable<MovedRecord>;
}

/** What opening found at the end of the segments. */
export interface Recovery {
  /** Bytes after the last whole record of a segment (a torn write or a corrupted record), left out. */
  ignoredBytes: number;
  /** Whether `moveIn`'s records were read, this being the log's first opening. */
  moved: boolean;
}

/**
 * The StepLog port as append-only segment files in a folder, for a store locked to one process
 * (the embedded default). Each step, snapshot index entry and deletion is a length-prefixed,
 * checksummed record; appends from every Simulation are written together and flushed with one
 * `fdatasync` per group (group-writer.ts), and an append answers only once its record is on
 * disk. Opening compacts the log when deleted Simulations' records outweigh the rest
 * (compaction.ts), and reads the segments once to index every Simulation (recovery stops at a
 * segment's first torn or corrupted record and cuts it off), so heads and the optimistic check
 * of an append are answered from memory; steps are read back from the files. Snapshots' bytes
 * go to the BlobStore under `snapshots/<simulationId>/<step>`, written before the record that
 * names them.
 */
export class FileStepLog implements StepLog {
  private readonly readers = new Map<number, Promise<FileHandle>>();

  private constructor(
    private readonly folder: string,
    private readonly blobs: BlobStore,
    private readonly index: Map<string, SimulationIndex>,
    private readonly writer: GroupWriter,
    readonly recovery: Recovery,
  ) {}

  /** Opens the log in `folder`, making it (with `moveIn`'s records) if it does not exist. */
  static async open(folder: string, blobs: BlobStore, options: FileStepLogOptions = {}): Promise<FileStepLog> {
    let segments = await listSegments(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    const moved = segments === null;
    if (segments === null) {
      await createLog(folder, encodeMoved(options.moveIn?.()));
      segments = await listSegments(folder);
    }
    const segmentBytes = options.segmentBytes ?? SEGMENT_BYTES;
    let read = await readIndex(folder, segments);
    if (read.totalBytes - read.liveBytes > Math.max(read.liveBytes, options.compactAfterBytes ?? COMPACT_AFTER_BYTES)) {
      segments = await compact(folder, segments, read.index, segmentBytes);
      read = await readIndex(folder, segments);
    }
    const { index, ignoredBytes, last } = read;
    for (const log of index.values()) log.reserved = log.head;
    const lastSegment = segments.at(-1);
    const active = lastSegment === undefined ? await createSegment(folder, 1) : await openForAppend(folder, lastSegment, last.validBytes, last.fileBytes);
    const next = async (current: ActiveSegment) => {
      const created = await createSegment(folder, current.segment + 1);
      await current.handle.close();
      return created;
    };
    return new FileStepLog(folder, blobs, index, new GroupWriter(next, active, segmentBytes), { ignoredBytes, moved });
  }

  append(simulationId: string, entry: StepEntry): Promise<boolean> {
    const log = this.logOf(simulationId);
    const step = entry.view.step;
    if (step !== log.reserved + 1) return Promise.resolve(false);
    // Encoded now: the record is framed before the caller's next turn, so nothing of the entry is held.
    const record = stepRecord(simulationId, entry);
    log.reserved = step;
    return new Promise((resolve, reject) => {
      this.writer.add(
        record,
        (at) => {
          log.addStep(step, placeOf(at, record));
          resolve(true);
        },
        reject,
      );
    });
  }

  async head(simulationId: string): Promise<number> {
    return this.index.get(simulationId)?.head ?? 0;
  }

  async heads(simulationIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(simulationIds.map((id) => [id, this.index.get(id)?.head ?? 0]));
  }

  async list(simulationId: string, page: { afterStep: number; limit: number }): Promise<StepView[]> {
    const log = this.index.get(simulationId);
    if (log === undefined) return [];
    const found = log.placesBetween(page.afterStep, page.afterStep + page.limit);
    return (await this.read(found.map((f) => f.place))).map((payload) => stepView(payload, readHead(payload).bodyStart));
  }

  async get(simulationId: string, step: number): Promise<StepEntry | null> {
    const found = this.index.get(simulationId)?.placesBetween(step - 1, step) ?? [];
    if (found.length === 0) return null;
    const [payload] = await this.read([found[0]!.place]);
    return stepEntry(payload!, readHead(payload!).bodyStart);
  }

  async changes(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: StateChange[] }>> {
    const lines = await this.changeLines(simulationId, from, to);
    return lines.map(({ step, json }) => ({ step, changes: JSON.parse(json) as StateChange[] }));
  }

  async changesJson(simulationId: string, from: number, to: number): Promise<string[]> {
    return (await this.changeLines(simulationId, from, to)).map((l) => l.json);
  }

  async putSnapshot(simulationId: string, snapshot: Snapshot | ChunkedSnapshot): Promise<void> {
    this.refuseIfBroken();
    // The bytes first: a record never names a blob that was not written.
    const key = `snapshots/${simulationId}/${snapshot.step}`;
    if ('chunks' in snapshot) await this.blobs.putStream(key, each(snapshot.chunks));
    else await this.blobs.put(key, snapshot.bytes);
    const log = this.logOf(simulationId);
    log.reserved = Math.max(log.reserved, snapshot.step);
    await new Promise<void>((resolve, reject) => {
      this.writer.add(
        frameRecord('snapshot', simulationId, snapshot.step, [key]),
        () => {
          log.addSnapshot(snapshot.step, key);
          resolve();
        },
        reject,
      );
    });
  }

  async latestSnapshot(simulationId: string, atOrBefore: number): Promise<Snapshot | null> {
    const snapshots = this.index.get(simulationId)?.snapshots ?? [];
    // A blob gone from under its record (a crash while deleting) is passed over for the next older one.
    for (let i = snapshots.length - 1; i >= 0; i -= 1) {
      const { step, key } = snapshots[i]!;
      if (step > atOrBefore) continue;
      const bytes = await this.blobs.get(key);
      if (bytes !== null) return { step, bytes };
    }
    return null;
  }

  async deleteAll(simulationId: string): Promise<void> {
    const log = this.index.get(simulationId);
    if (log === undefined) return;
    this.refuseIfBroken();
    // Out of the index at once: an append from here on starts the Simulation's log anew, after the deletion's record.
    this.index.delete(simulationId);
    await new Promise<void>((resolve, reject) => this.writer.add(frameRecord('delete', simulationId, 0, []), () => resolve(), reject));
    // The record first, then the blobs: a crash between leaves unnamed blobs, never a log half gone.
    await Promise.all(log.snapshots.map((s) => this.blobs.delete(s.key)));
  }

  /** Waits for the appends under way, then closes the files. */
  async close(): Promise<void> {
    await this.writer.idle();
    await this.writer.segment.handle.close();
    const readers = [...this.readers.values()];
    this.readers.clear();
    await Promise.all(readers.map(async (reader) => (await reader).close()));
  }

  private logOf(simulationId: string): SimulationIndex {
    return this.index.get(simulationId) ?? this.index.set(simulationId, new SimulationIndex()).get(simulationId)!;
  }

  private refuseIfBroken(): void {
    if (this.writer.broken !== undefined) throw this.writer.broken;
  }

  private async changeLines(simulationId: string, from: number, to: number): Promise<Array<{ step: number; json: string }>> {
    const found = this.index.get(simulationId)?.placesBetween(from, to) ?? [];
    const payloads = await this.read(found.map((f) => f.place));
    return payloads.map((payload, i) => ({ step: found[i]!.step, json: stepChangesJson(payload, readHead(payload).bodyStart) }));
  }

  /** The payloads at `places`, in order: neighbours in one segment are read with one read. */
  private async read(places: readonly Place[]): Promise<Buffer[]> {
    const payloads: Buffer[] = [];
    for (let i = 0; i < places.length; ) {
      const first = places[i]!;
      let j = i + 1;
      while (j < places.length && places[j]!.segment === first.segment && places[j]!.offset >= first.offset && places[j]!.offset + places[j]!.length - first.offset <= READ_SPAN_BYTES) j += 1;
      const end = Math.max(...places.slice(i, j).map((p) => p.offset + p.length));
      const span = Buffer.allocUnsafe(end - first.offset);
      const reader = await this.reader(first.segment);
      const { bytesRead } = await reader.read(span, 0, span.length, first.offset);
      if (bytesRead !== span.length) throw new Error(`step log: segment ${first.segment} is shorter than its index`);
      for (const place of places.slice(i, j)) payloads.push(span.subarray(place.offset - first.offset, place.offset - first.offset + place.length));
      i = j;
    }
    return payloads;
  }

  private reader(segment: number): Promise<FileHandle> {
    let reader = this.readers.get(segment);
    if (reader === undefined) {
      reader = open(join(this.folder, segmentName(segment)), 'r');
      this.readers.set(segment, reader);
    }
    return reader;
  }
}

/**
 * Reads every segment once and indexes what it holds: each Simulation's steps and snapshots, as
 * of its last deletion. Answers the index, the bytes left out after the last whole record of
 * each segment, the last segment's lengths, and the bytes of records still indexed against all.
 */
async function readIndex(folder: string, segments: readonly number[]) {
  const index = new Map<string, SimulationIndex>();
  let ignoredBytes = 0;
  let totalBytes = 0;
  let last = { validBytes: 0, fileBytes: 0 };
  for (const segment of segments) {
    last = await scanSegment(join(folder, segmentName(segment)), ({ head, offset, payload }) => {
      if (head.kind === 'delete') {
        index.delete(head.simulationId);
        return;
      }
      const log = index.get(head.simulationId) ?? index.set(head.simulationId, new SimulationIndex()).get(head.simulationId)!;
      if (head.kind === 'step') log.addStep(head.step, { segment, offset, length: payload.length });
      else log.addSnapshot(head.step, snapshotKeyOf(payload, head.bodyStart));
    });
    ignoredBytes += last.fileBytes - last.validBytes;
    totalBytes += last.validBytes;
  }
  let liveBytes = 0;
  for (const log of index.values()) {
    for (const place of log.places) liveBytes += FRAME_BYTES + place.length;
    // A snapshot's record: its frame, its head and its key, about as long as this.
    liveBytes += log.snapshots.length * (FRAME_BYTES + 64);
  }
  return { index, ignoredBytes, last, totalBytes, liveBytes };
}

/** The payload's place, from where its record was written. */
function placeOf(at: { segment: number; offset: number }, record: Buffer): Place {
  return { segment: at.segment, offset: at.offset + FRAME_BYTES, length: record.length - FRAME_BYTES };
}

async function* encodeMoved(records: AsyncIterable<MovedRecord> | undefined): AsyncGenerator<Buffer> {
  if (records === undefined) return;
  for await (const record of records) {
    if ('entry' in record) yield stepRecord(record.simulationId, record.entry);
    else yield frameRecord('snapshot', record.simulationId, record.snapshot.step, [record.snapshot.key]);
  }
}

/** The chunks of a snapshot as the stream a blob store takes. */
async function* each(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}
