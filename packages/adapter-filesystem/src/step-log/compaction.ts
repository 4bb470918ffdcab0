import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FRAME_BYTES, frameRecord } from './record-codec.js';
import { segmentName, syncFolder } from './segment-files.js';
import type { Place, SimulationIndex } from './simulation-index.js';

/**
 * Rewrites a log without the records nothing reads any more (a deleted Simulation's steps and
 * snapshots, the deletions themselves, snapshots replaced at the same step): the records still
 * indexed are copied, in the order they were written, into new segments numbered after the
 * last, which are flushed before the old ones are removed, oldest first. A crash at any point
 * leaves a log that reads the same: copies that follow their originals are passed over as
 * repeats (a step that does not follow the last is not indexed), and a Simulation's deletion
 * is removed only after the segments holding its steps. Answers the segments now in the folder.
 */
export async function compact(folder: string, segments: readonly number[], index: ReadonlyMap<string, SimulationIndex>, segmentBytes: number): Promise<number[]> {
  const live = new Map<number, Place[]>();
  for (const log of index.values()) for (const place of log.places) (live.get(place.segment) ?? live.set(place.segment, []).get(place.segment)!).push(place);
  const out = new SegmentSequence(folder, (segments.at(-1) ?? 0) + 1, segmentBytes);
  try {
    for (const segment of segments) {
      const places = (live.get(segment) ?? []).sort((a, b) => a.offset - b.offset);
      if (places.length === 0) continue;
      const bytes = await readFile(join(folder, segmentName(segment)));
      for (const place of places) await out.write(bytes.subarray(place.offset - FRAME_BYTES, place.offset + place.length));
    }
    for (const [simulationId, log] of index) for (const { step, key } of log.snapshots) await out.write(frameRecord('snapshot', simulationId, step, [key]));
  } finally {
    await out.close();
  }
  syncFolder(folder);
  for (const segment of segments) await unlink(join(folder, segmentName(segment)));
  syncFolder(folder);
  return out.written;
}

/** New segments written one after the other, each flushed when it is full and at the end. */
class SegmentSequence {
  readonly written: number[] = [];
  private current: { handle: import('node:fs/promises').FileHandle; size: number } | null = null;

  constructor(
    private readonly folder: string,
    private next: number,
    private readonly segmentBytes: number,
  ) {}

  async write(record: Buffer): Promise<void> {
    if (this.current !== null && this.current.size >= this.segmentBytes) await this.finish();
    if (this.current === null) {
      this.current = { handle: await open(join(this.folder, segmentName(this.next)), 'wx'), size: 0 };
      this.written.push(this.next);
      this.next += 1;
    }
    await this.current.handle.writeFile(record);
    this.current.size += record.length;
  }

  async close(): Promise<void> {
    await this.finish();
  }

  private async finish(): Promise<void> {
    if (this.current === null) return;
    const { handle } = this.current;
    this.current = null;
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}
