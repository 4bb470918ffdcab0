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
 * Groups being written at once. A flush's time is mostly the disk's; a second group written
 * while the first waits lets the file system commit both together, and the records that
 * arrive meanwhile wait less.
 */
const GROUPS_IN_FLIGHT = 2;

/** A group handed to the file system: where it goes, and how its write ended. */
interface InFlight {
  group: Waiting[];
  segment: number;
  offset: number;
  state: 'writing' | 'written' | 'failed';
  error?: unknown;
}

/**
 * Group commit for a step log's segment files. Records that arrive in one turn go together, at
 * its end (a microtask), in one write and one `fdatasync` (or one write to a segment opened
 * with O_DSYNC); up to two groups are written at once, the next taking every record that
 * arrived while the others were under way. A group's place in the segment is fixed when it is
 * handed over, and its records' `written` run only once it and every group before it are on
 * disk, in the order the records were added: so whatever a crash leaves, every acknowledged
 * record follows only whole ones. A failed write or flush fails its group and every record
 * after it: what reached the disk is unknown, so nothing more is appended (`broken` says why)
 * until the log is opened again and recovery reads what is there.
 */
export class GroupWriter {
  private queue: Waiting[] = [];
  private readonly inFlight: InFlight[] = [];
  private scheduled = false;
  private rolling = false;
  private idleWaiters: Array<() => void> = [];
  broken: unknown = undefined;

  constructor(
    private readonly next: (current: ActiveSegment) => Promise<ActiveSegment>,
    private active: ActiveSegment,
    private readonly segmentBytes: number,
  ) {}

  add(record: Buffer, written: (at: Written) => void, failed: (error: unknown) => void): void {
    if (this.broken !== undefined) {
      failed(this.broken);
      return;
    }
    this.queue.push({ record, written, failed });
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** The segment being appended to. */
  get segment(): ActiveSegment {
    return this.active;
  }

  /** Resolves once every record added so far is written (or failed). */
  async idle(): Promise<void> {
    if (this.isIdle()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && this.inFlight.length === 0 && !this.rolling;
  }

  /** Hands groups to the file system while fewer than GROUPS_IN_FLIGHT are under way. */
  private pump(): void {
    while (this.queue.length > 0 && this.inFlight.length < GROUPS_IN_FLIGHT && !this.rolling && this.broken === undefined) {
      if (this.active.size >= this.segmentBytes) {
        // The next segment begins once every write to this one has ended.
        if (this.inFlight.length === 0) this.roll();
        return;
      }
      const group = this.take();
      const bytes = group.length === 1 ? group[0]!.record : Buffer.concat(group.map((w) => w.record));
      const flight: InFlight = { group, segment: this.active.segment, offset: this.active.size, state: 'writing' };
      this.active.size += bytes.length;
      this.inFlight.push(flight);
      void this.write(this.active, bytes, flight.offset).then(
        () => this.ended(flight, 'written'),
        (error: unknown) => this.ended(flight, 'failed', error),
      );
    }
    if (this.broken !== undefined) this.failQueue();
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async write(active: ActiveSegment, bytes: Buffer, offset: number): Promise<void> {
    await writeAt(active.handle.fd, bytes, offset);
    if (!active.synced) await syncData(active.handle.fd);
  }

  /** Settles the groups at the front that have ended, in order, then hands over more. */
  private ended(flight: InFlight, state: 'written' | 'failed', error?: unknown): void {
    flight.state = state;
    flight.error = error;
    while (this.inFlight.length > 0 && this.inFlight[0]!.state !== 'writing') {
      const done = this.inFlight.shift()!;
      if (done.state === 'failed') this.broken ??= done.error;
      if (this.broken !== undefined) {
        for (const w of done.group) w.failed(this.broken);
        continue;
      }
      let offset = done.offset;
      for (const w of done.group) {
        w.written({ segment: done.segment, offset });
        offset += w.record.length;
      }
    }
    this.pump();
  }

  private roll(): void {
    this.rolling = true;
    this.next(this.active).then(
      (created) => {
        this.active = created;
        this.rolling = false;
        this.pump();
      },
      (error: unknown) => {
        this.broken ??= error;
        this.rolling = false;
        this.pump();
      },
    );
  }

  private failQueue(): void {
    for (const w of this.queue.splice(0)) w.failed(this.broken);
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
