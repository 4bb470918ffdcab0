import type { BuildProgress, BuildRequest } from '@simplane/core';
import { describeBuildProviderConformance } from '@simplane/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { bytes, compile } from '../testing/fixtures.js';
import { generateDocument } from '../testing/generate-document.js';
import { WorkerBuildProvider } from './worker-build-provider.js';

const providers: WorkerBuildProvider[] = [];
function provider(options: ConstructorParameters<typeof WorkerBuildProvider>[0] = {}): WorkerBuildProvider {
  const made = new WorkerBuildProvider(options);
  providers.push(made);
  return made;
}
afterAll(() => Promise.all(providers.map((p) => p.close())));

describeBuildProviderConformance('WorkerBuildProvider', () => provider({ workers: 1 }));

function request(spec: string, overrides: Partial<BuildRequest> = {}): BuildRequest {
  return { spec: bytes(spec), specKind: null, filter: [], overlays: [], instructions: null, deadline: new Date(Date.now() + 60_000), signal: new AbortController().signal, onProgress: () => {}, ...overrides };
}

const big = generateDocument({ operations: 1500 });

describe('WorkerBuildProvider', () => {
  it('builds off the main thread, passing progress back, with the same digest as in-thread', async () => {
    const progress: BuildProgress[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const outcome = await provider({ workers: 1 }).build(request(big, { onProgress: (p) => progress.push(p) }));
    clearInterval(timer);
    expect(outcome.ok).toBe(true);
    expect(progress.map((p) => p.stage)).toContain('compiling');
    expect(progress.at(-1)).toEqual({ stage: 'complete', operationsTotal: 1500, operationsDone: 1500 });
    // The main thread kept running while the worker compiled.
    expect(ticks).toBeGreaterThan(3);
    const inThread = await compile(big);
    expect(outcome.ok && inThread.ok && outcome.digest === inThread.digest).toBe(true);
  });

  it('terminates the worker on cancel and on the deadline, then builds again', async () => {
    const pool = provider({ workers: 1 });
    const controller = new AbortController();
    const canceled = pool.build(request(big, { signal: controller.signal, onProgress: (p) => p.stage === 'validating' && controller.abort('canceled') }));
    expect(await canceled).toMatchObject({ ok: false, code: 'build_canceled', reason: 'canceled' });
    const late = await pool.build(request(big, { deadline: new Date(Date.now() + 30) }));
    expect(late).toMatchObject({ ok: false, code: 'build_failed', reason: 'time_limit' });
    expect((await pool.build(request(generateDocument({ operations: 5 })))).ok).toBe(true);
  });

  it('queues builds beyond its size and answers a queued cancel at once', async () => {
    const pool = provider({ workers: 1 });
    const controller = new AbortController();
    const first = pool.build(request(generateDocument({ operations: 400 })));
    const second = pool.build(request(generateDocument({ operations: 5 }), { signal: controller.signal }));
    const third = pool.build(request(generateDocument({ operations: 6 })));
    controller.abort('canceled');
    expect(await second).toMatchObject({ ok: false, code: 'build_canceled' });
    expect((await first).ok).toBe(true);
    const last = await third;
    expect(last.ok && last.operations.length).toBe(6);
  });

  it('answers build_failed when a worker runs out of memory, and keeps serving', async () => {
    const pool = provider({ workers: 1, resourceLimits: { maxOldGenerationSizeMb: 64 } });
    const outcome = await pool.build(request(generateDocument({ operations: 3000 })));
    expect(outcome).toMatchObject({ ok: false, code: 'build_failed', reason: 'build_failed', detail: expect.stringMatching(/out of memory/) });
    expect((await pool.build(request(generateDocument({ operations: 3 })))).ok).toBe(true);
  }, 30_000);

  it('answers build_failed when a worker crashes or exits mid-build', async () => {
    const script = (body: string) => new URL(`data:text/javascript,${encodeURIComponent(`import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => { ${body} });`)}`);
    const thrown = await provider({ workerUrl: script("throw new Error('boom')") }).build(request('{}'));
    expect(thrown).toMatchObject({ ok: false, code: 'build_failed', reason: 'build_failed', detail: expect.stringContaining('boom') });
    const exited = await provider({ workerUrl: script('process.exit(7)') }).build(request('{}'));
    expect(exited).toMatchObject({ ok: false, code: 'build_failed', detail: expect.stringContaining('code 7') });
  });

  it('answers build_failed, never throws, when the worker script cannot start', async () => {
    const pool = provider({ workers: 1, workerUrl: new URL('./no-such-worker.js', import.meta.url) });
    const outcome = await pool.build(request(generateDocument({ operations: 2 })));
    expect(outcome).toMatchObject({ ok: false, code: 'build_failed' });
  });

  it('refuses hostile YAML in a worker as in-thread, on the worker\'s own stack', async () => {
    const pool = provider({ workers: 1 });
    const hostile: [string, string][] = [
      [`openapi: 3.0.3\nx:\n${'- '.repeat(100_000)}x\n`, 'document_too_deep'],
      [`openapi: 3.0.3\nx: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, 'document_too_deep'],
      [`openapi: 3.0.3\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n${Array.from({ length: 29 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`).join('\n')}\n`, 'yaml_aliases_excessive'],
    ];
    for (const [spec, code] of hostile) {
      const outcome = await pool.build(request(spec));
      expect(outcome.ok ? [] : outcome.validation?.issues.map((i) => i.code)).toEqual([code]);
    }
  });
});
