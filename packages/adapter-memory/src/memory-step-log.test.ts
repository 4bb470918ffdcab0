import { describe, expect, it } from 'vitest';
import { MemoryStepLog } from './memory-step-log.js';

describe('MemoryStepLog snapshots', () => {
  it('copies a snapshot that views part of a larger buffer, so the buffer is not kept', async () => {
    const log = new MemoryStepLog();
    const backing = Buffer.from('xx{"v":1}yy');
    await log.putSnapshot('sim_a', { step: 1, bytes: backing.subarray(2, 9) });
    backing.write('zzzzzzz', 2);
    const kept = (await log.latestSnapshot('sim_a', 1))!.bytes;
    expect(Buffer.from(kept).toString()).toBe('{"v":1}');
    expect(kept.buffer.byteLength).toBe(7);
  });
});
