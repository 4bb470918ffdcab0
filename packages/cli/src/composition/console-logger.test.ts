import { describe, expect, it } from 'vitest';
import { batchLines, createConsoleLogger } from './console-logger.js';

describe('batchLines', () => {
  it('writes the lines of one turn together, in order, once the turn is over', () => {
    const written: string[] = [];
    const scheduled: Array<() => void> = [];
    const lines = batchLines((text) => written.push(text), (flush) => scheduled.push(flush));
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(written).toEqual([]);
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    expect(written).toEqual(['a\nb\nc\n']);
    lines.write('d\n');
    expect(scheduled).toHaveLength(2);
    lines.flush();
    expect(written).toEqual(['a\nb\nc\n', 'd\n']);
    scheduled[1]!();
    expect(written).toHaveLength(2);
  });

  it('writes at once when too many lines are pending', () => {
    const written: string[] = [];
    const lines = batchLines((text) => written.push(text), () => undefined, 3);
    for (const line of ['1\n', '2\n', '3\n', '4\n']) lines.write(line);
    expect(written).toEqual(['1\n2\n3\n']);
    lines.flush();
    expect(written).toEqual(['1\n2\n3\n', '4\n']);
  });
});

describe('createConsoleLogger', () => {
  it('writes JSON lines at or above its level only', () => {
    const lines: string[] = [];
    const logger = createConsoleLogger('warn', (line) => lines.push(line));
    logger.info('quiet', { a: 1 });
    logger.warn('loud', { b: 2 });
    logger.error('louder');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      { time: expect.any(String), level: 'warn', message: 'loud', b: 2 },
      { time: expect.any(String), level: 'error', message: 'louder' },
    ]);
    expect(lines.every((l) => l.endsWith('\n'))).toBe(true);
  });
});
