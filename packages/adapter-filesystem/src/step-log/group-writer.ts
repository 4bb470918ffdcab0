import { fdatasync, write } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';

const writeSome = promisify((fd: number, bytes: Buffer, from: number, position: number, done: (error: NodeJS.ErrnoException | null, written: number) => void) => {
  write(fd, bytes, from, bytes.length - from, position, done);
});
const syncData = promisify(fdatasync);

/** Writes all of `bytes` at `position`: a write may take fewer bytes than it was given. */
async function writeAt(fd: number, bytes: Buffer, position: number): Promise<void> {
  for (let from = 0; from < bytes.length; ) from += await writeSome(fd, bytes, from, position + from);
}

/** Where a written record's bytes are: its segment and the record's first byte in it. */
export interface Written {
  segment: number;
  offset: number;
}

/** The segment records are appended to: its number, its open file and its length so far. */
export interface ActiveSegment {
  segment: number;
  handle: FileHandle;
  size: number;
  /** Opened so that a write returns only once its bytes are on disk (O_DSYNC): no flush after it. */
  synced: boolean;
}

interface Waiting {
  record: Buffer;
  written: (at: Written) => void;
  failed: (error: unknown) => void;
}

/** Records written in one group at most, and bytes: a group is joined into one buffer. */
const MAX_GROUP_RECORDS = 4_096;
const MAX_GROUP_BYTES = 16 * 1024 * 1024;

/**
 * Group commit for a step log's segment files. While one group is being written and flushed,
 * the records that arrive wait, and go together in one write and one `fdatasync` (or one
 * write to a segment opened with O_DSYNC) when it returns; a record that arrives when nothing is being written goes at the end of the current
 * turn (a microtask), with the others of that turn. Each record's `written` runs once its bytes
 * are on disk, in the order the records were added. A failed write or flush fails its group and
 * every record after it: what reached the disk is unknown, so nothing more is appended
 * (`broken` says why) until the log is opened again and recovery reads what is there.
 */
export class GroupWriter {
  private queue: Waiting[] = [];
  private draining: Promise<void> | undefined;
  broken: unknown = undefined;

  constructor(private readonly next: (current: ActiveSegment) => Promise<ActiveSegment>, private active: ActiveSegment, private readonly segmentBytes: number) {}

  add(record: Buffer, written: (at: Written) => void, failed: (error: unknown) => void): void {
    if (this.broken !== undefined) {
      failed(this.broken);
      return;
    }
    this.queue.push({ record, written, failed });
    this.draining ??= Promise.resolve().then(() => this.drain());
  }

  /** The segment being appended to. */
  get segment(): ActiveSegment {
    return this.active;
  }

  /** Resolves once every record added so far is written (or failed). */
  async idle(): Promise<void> {
    await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.take();
      try {
        if (this.active.size >= this.segmentBytes) this.active = await this.next(this.active);
        const bytes = group.length === 1 ? group[0]!.record : Buffer.concat(group.map((w) => w.record));
        await writeAt(this.active.handle.fd, bytes, this.active.size);
        if (!this.active.synced) await syncData(this.active.handle.fd);
      } catch (error) {
        this.broken = error;
        for (const w of [...group, ...this.queue.splice(0)]) w.failed(error);
        break;
      }
      let offset = this.active.size;
      for (const w of group) {
        w.written({ segment: this.active.segment, offset });
        offset += w.record.length;
      }
      this.active.size = offset;
    }
    this.draining = undefined;
  }

  private take(): Waiting[] {
    let bytes = 0;
    let count = 0;
    while (count < this.queue.length && count < MAX_GROUP_RECORDS && (count === 0 || bytes + this.queue[count]!.record.length <= MAX_GROUP_BYTES)) {
      bytes += this.queue[count]!.record.length;
      count += 1;
    }
    return this.queue.splice(0, count);
  }
}
