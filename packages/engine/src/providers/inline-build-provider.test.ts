import type { BuildProgress } from '@simplane/core';
import { describeBuildProviderConformance } from '@simplane/core/testing';
import { describe, expect, it } from 'vitest';
import { bytes } from '../testing/fixtures.js';
import { generateDocument } from '../testing/generate-document.js';
import { InlineBuildProvider } from './inline-build-provider.js';

describeBuildProviderConformance('InlineBuildProvider', () => new InlineBuildProvider());

function request(spec: string, progress: BuildProgress[] = [], signal = new AbortController().signal) {
  return { spec: bytes(spec), specKind: null, filter: [], overlays: [], instructions: null, deadline: new Date(Date.now() + 60_000), signal, onProgress: (p: BuildProgress) => progress.push(p) };
}

describe('InlineBuildProvider', () => {
  it('reports every stage in order, with operations counted as they compile', async () => {
    const progress: BuildProgress[] = [];
    const outcome = await new InlineBuildProvider().build(request(generateDocument({ operations: 120 }), progress));
    expect(outcome.ok).toBe(true);
    const stages = [...new Set(progress.map((p) => p.stage))];
    expect(stages).toEqual(['parsing', 'validating', 'compiling', 'storing', 'complete']);
    const compiling = progress.filter((p) => p.stage === 'compiling');
    expect(compiling.map((p) => p.operationsDone)).toEqual([0, 50, 100, 120]);
    expect(progress.at(-1)).toEqual({ stage: 'complete', operationsTotal: 120, operationsDone: 120 });
  });

  it('yields to the event loop between checkpoints, so a cancel lands mid-build', async () => {
    const controller = new AbortController();
    const progress: BuildProgress[] = [];
    const pending = new InlineBuildProvider().build(request(generateDocument({ operations: 300 }), progress, controller.signal));
    let ticks = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        ticks++;
        if (progress.some((p) => p.stage === 'compiling' && p.operationsDone >= 50)) {
          controller.abort('canceled');
          resolve();
        } else setImmediate(tick);
      };
      setImmediate(tick);
    });
    expect(await pending).toMatchObject({ ok: false, code: 'build_canceled', reason: 'canceled' });
    expect(ticks).toBeGreaterThan(1);
    expect(progress.at(-1)?.operationsDone).toBeLessThan(300);
  });

  it('stops at the first checkpoint past the deadline with time_limit', async () => {
    const controller = new AbortController();
    controller.abort('time_limit');
    const outcome = await new InlineBuildProvider().build(request(generateDocument({ operations: 10 }), [], controller.signal));
    expect(outcome).toMatchObject({ ok: false, code: 'build_failed', reason: 'time_limit' });
  });
});
