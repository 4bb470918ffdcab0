import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchLines, createConsoleLogger, descriptorWriter } from './console-logger.js';

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

  it('writes the access line of a request as info would write the same fields, escaping what JSON escapes', () => {
    const direct: string[] = [];
    const general: string[] = [];
    const logger = createConsoleLogger('info', (line) => direct.push(line));
    const reference = createConsoleLogger('info', (line) => general.push(line));
    const paths = ['/sim/sim_01J0000000000000000000000/pets/1', '/a"b\\c', '/tab\there\u0000', '/caf\u00e9/\u{1F600}', '/lone\ud800', ''];
    const numbers = [0, 12.34, -0, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
    paths.forEach((path, i) => {
      const line = { request_id: `req_${i}`, method: i === 1 ? 'GE"T' : 'GET', path, status: 200 + i, ms: numbers[i]! };
      logger.request(line);
      reference.info('request', line);
    });
    const withoutTime = (l: string) => l.replace(/^\{"time":"[^"]+",/, '{');
    expect(direct.map(withoutTime)).toEqual(general.map(withoutTime));
    expect(JSON.parse(direct[1]!)).toMatchObject({ level: 'info', message: 'request', method: 'GE"T', path: '/a"b\\c', status: 201, ms: 12.34 });
    expect(JSON.parse(direct[4]!)).toMatchObject({ path: '/lone\ud800', ms: null });
  });

  it('writes no access line below its level', () => {
    const lines: string[] = [];
    createConsoleLogger('warn', (line) => lines.push(line)).request({ request_id: 'r', method: 'GET', path: '/', status: 200, ms: 1 });
    expect(lines).toEqual([]);
  });
});

describe('descriptorWriter', () => {
  it('writes a file descriptor directly, every text whole and in order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'simplane-log-'));
    const fd = openSync(join(dir, 'log'), 'w');
    try {
      const write = descriptorWriter(fd);
      expect(write).not.toBeNull();
      write!('{"a":"caf\u00e9"}\n');
      write!('{"b":"\u{1F600}"}\n');
      expect(readFileSync(join(dir, 'log'), 'utf8')).toBe('{"a":"caf\u00e9"}\n{"b":"\u{1F600}"}\n');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true });
    }
  });

  it('takes /dev/null, and leaves pipes and descriptors that are not open to the stream', () => {
    const nul = openSync('/dev/null', 'w');
    const dir = mkdtempSync(join(tmpdir(), 'simplane-log-'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    // Read-write, so opening the pipe does not wait for a reader.
    const fifo = openSync(join(dir, 'fifo'), 'r+');
    try {
      expect(descriptorWriter(nul)).not.toBeNull();
      expect(descriptorWriter(fifo)).toBeNull();
    } finally {
      closeSync(nul);
      closeSync(fifo);
      rmSync(dir, { recursive: true });
    }
    // A descriptor no process has open.
    expect(descriptorWriter(2_000_000)).toBeNull();
  });
});
