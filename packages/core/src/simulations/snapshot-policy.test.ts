import { describe, expect, it } from 'vitest';
import { snapshotDue } from './snapshot-policy.js';

describe('snapshotDue', () => {
  it('waits the minimum number of steps while the state is small', () => {
    expect(snapshotDue(63, 10, 64)).toBe(false);
    expect(snapshotDue(64, 10, 64)).toBe(true);
    expect(snapshotDue(64, 128, 64)).toBe(true);
    expect(snapshotDue(64, 130, 64)).toBe(false);
  });

  it('spaces snapshots out as the state grows, one step per two records', () => {
    expect(snapshotDue(64, 8_000, 64)).toBe(false);
    expect(snapshotDue(3_999, 8_000, 64)).toBe(false);
    expect(snapshotDue(4_000, 8_000, 64)).toBe(true);
    expect(snapshotDue(4_000, 8_001, 64)).toBe(false);
    expect(snapshotDue(1_000, 8_000, 64, 8)).toBe(true);
  });

  it('writes a bounded number of records per step however large the state is', () => {
    for (const records of [10, 1_000, 100_000, 1_000_000]) {
      let written = 0;
      let since = 0;
      const steps = 200_000;
      for (let step = 1; step <= steps; step += 1) {
        since += 1;
        if (snapshotDue(since, records, 64)) {
          written += records;
          since = 0;
        }
      }
      expect(written / steps).toBeLessThanOrEqual(2);
    }
  });
});
