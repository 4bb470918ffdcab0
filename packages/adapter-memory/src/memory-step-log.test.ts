import { describe, expect, it } from 'vitest';
import type { StepEntry } from '@simplane/core';
import { sampleStepEntry } from '@simplane/core/testing';
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

/** An entry with its messages' bodies left out. */
function withoutBodies(entry: StepEntry): unknown {
  return { ...entry, request: { ...entry.request, body: undefined }, response: { ...entry.response, body: undefined } };
}

describe('MemoryStepLog steps', () => {
  it('gives back every step exactly, across chunks of its arena and steps larger than a chunk', async () => {
    const log = new MemoryStepLog();
    const sizes = [10, 5_000, 2_000_000, 3, 70_000, ...Array.from({ length: 500 }, (_, i) => (i * 37) % 900)];
    const entries = sizes.map((size, i) => {
      const entry = sampleStepEntry(i + 1);
      // Non-ASCII text: UTF-8 takes more bytes than the string has characters.
      const body = new TextEncoder().encode('é€😀x'.repeat(size).slice(0, size));
      entry.request = { ...entry.request!, body, body_bytes: body.byteLength };
      entry.response = { status: 201, headers: { 'content-type': 'application/json' }, body: body.subarray(0, 7), body_bytes: 7 };
      return entry;
    });
    for (const entry of entries) expect(await log.append('sim_a', entry)).toBe(true);
    for (const entry of entries) {
      const got = (await log.get('sim_a', entry.view.step))!;
      // Bytes compared as bytes (toEqual walks a typed array element by element), then the rest.
      expect(Buffer.compare(got.request!.body!, entry.request!.body!)).toBe(0);
      expect(Buffer.compare(got.response!.body!, entry.response!.body!)).toBe(0);
      expect(withoutBodies(got)).toEqual(withoutBodies(entry));
    }
    expect(await log.changesJson('sim_a', 2, 5)).toEqual(entries.slice(2, 5).map((e) => JSON.stringify(e.changes)));
  });

  it('numbers steps on from a snapshot the log starts with, as a fork does', async () => {
    const log = new MemoryStepLog();
    await log.putSnapshot('sim_f', { step: 40, bytes: new TextEncoder().encode('{}') });
    expect(await log.head('sim_f')).toBe(40);
    expect(await log.append('sim_f', sampleStepEntry(40))).toBe(false);
    expect(await log.append('sim_f', sampleStepEntry(41))).toBe(true);
    expect(await log.append('sim_f', sampleStepEntry(42))).toBe(true);
    expect((await log.list('sim_f', { afterStep: 0, limit: 10 })).map((v) => v.step)).toEqual([41, 42]);
    expect((await log.list('sim_f', { afterStep: 41, limit: 10 })).map((v) => v.step)).toEqual([42]);
    expect(await log.get('sim_f', 40)).toBeNull();
    expect(await log.get('sim_f', 43)).toBeNull();
    expect((await log.changes('sim_f', 40, 42)).map((c) => c.step)).toEqual([41, 42]);
    expect(await log.changes('sim_f', 42, 41)).toEqual([]);
  });
});

describe('MemoryStepLog with a step JSON cannot encode', () => {
  it('fails that log at its next read, without failing the process or other logs', async () => {
    const log = new MemoryStepLog();
    const bad = sampleStepEntry(1);
    bad.changes = [{ op: 'put', collection: 'pets', key: '1', value: { big: 1n } as never }];
    expect(await log.append('sim_bad', bad)).toBe(true);
    expect(await log.append('sim_ok', sampleStepEntry(1))).toBe(true);
    // The turn's steps are encoded after it; the bad one must not throw out of that.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(log.list('sim_bad', { afterStep: 0, limit: 10 })).rejects.toThrow('step 1 could not be encoded');
    await expect(log.changesJson('sim_bad', 0, 1)).rejects.toThrow('step 1 could not be encoded');
    expect(await log.head('sim_bad')).toBe(1);
    expect((await log.list('sim_ok', { afterStep: 0, limit: 10 })).map((v) => v.step)).toEqual([1]);
  });
});
