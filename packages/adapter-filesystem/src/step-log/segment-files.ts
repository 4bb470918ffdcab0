import { closeSync, constants, fsyncSync, openSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkRecord, type RecordHead, readHead } from './record-codec.js';
import type { ActiveSegment } from './group-writer.js';

const SEGMENT_NAME = /^(\d{8})\.log$/;

/**
 * Segments are appended to with O_DSYNC where the platform has it: each write returns once its
 * bytes are on disk, one system call where a write and an `fdatasync` were two.
 */
const DSYNC = constants.O_DSYNC ?? 0;


/** A segment's file name: its number, padded so names sort as numbers do. */
export function segmentName(segment: number): string {
  return `${String(segment).padStart(8, '0')}.log`;
}

/** The numbers of the segments in `folder`, ascending. */
export async function listSegments(folder: string): Promise<number[]> {
  return (await readdir(folder))
    .map((name) => SEGMENT_NAME.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** A whole record found by a scan: its head and where its payload is in the segment. */
export interface ScannedRecord {
  head: RecordHead;
  payload: Buffer;
  /** The payload's first byte in the segment. */
  offset: number;
}

/**
 * Reads a segment's records in order up to the first that is not whole or whose checksum does
 * not match: a write torn by a crash, or bytes damaged since, at the end of the segment. Answers
 * the records and the length of the whole ones (where the next append belongs).
 */
export async function scanSegment(path: string, each: (record: ScannedRecord) => void): Promise<{ validBytes: number; fileBytes: number }> {
  const bytes = await readFile(path);
  let at = 0;
  for (let checked = checkRecord(bytes, at); checked !== null; checked = checkRecord(bytes, at)) {
    const payload = bytes.subarray(checked.start, checked.end);
    each({ head: readHead(payload), payload, offset: checked.start });
    at = checked.end;
  }
  return { validBytes: at, fileBytes: bytes.length };
}

/**
 * Opens a segment for appending at `size`, first cutting off whatever follows its whole records
 * (a torn or corrupted tail): new records then follow the last good one, and a later scan never
 * stops short of them.
 */
export async function openForAppend(folder: string, segment: number, size: number, fileBytes: number): Promise<ActiveSegment> {
  const handle = await open(join(folder, segmentName(segment)), constants.O_RDWR | DSYNC);
  if (fileBytes > size) {
    await handle.truncate(size);
    await handle.sync();
  }
  return { segment, handle, size, synced: DSYNC !== 0 };
}

/** Creates the next segment, empty, and makes its name durable in the folder. */
export async function createSegment(folder: string, segment: number): Promise<ActiveSegment> {
  const handle = await open(join(folder, segmentName(segment)), constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | DSYNC);
  syncFolder(folder);
  return { segment, handle, size: 0, synced: DSYNC !== 0 };
}

/**
 * Makes a folder whose first segment holds `records`, all at once: they are written to a
 * sibling folder, flushed, and the folder renamed into place, so a crash leaves either no log
 * (and the next open starts over) or the whole of it.
 */
export async function createLog(folder: string, records: AsyncIterable<Buffer>): Promise<void> {
  const building = `${folder}.new`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  const handle = await open(join(building, segmentName(1)), 'wx');
  try {
    let batch: Buffer[] = [];
    let bytes = 0;
    for await (const record of records) {
      batch.push(record);
      bytes += record.length;
      if (bytes >= 1024 * 1024) {
        await handle.writeFile(Buffer.concat(batch));
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length > 0) await handle.writeFile(Buffer.concat(batch));
    await handle.sync();
  } finally {
    await handle.close();
  }
  syncFolder(building);
  await rename(building, folder);
  syncFolder(dirname(folder));
}

/** Flushes a folder's entries (a file created or renamed in it). Best effort where a folder cannot be opened. */
export function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = openSync(folder, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
