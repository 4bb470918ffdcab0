import { describe, expect, it } from 'vitest';
import { UsageError } from '../../config/arguments.js';
import { isLoopback, MOCK_DEFAULT_PORT, parseMockArguments } from './mock-arguments.js';

describe('simplane mock arguments', () => {
  it('reads one document against the working directory, with the defaults', () => {
    const args = parseMockArguments(['petstore.yaml'], '/work/project');
    expect(args).toMatchObject({ document: '/work/project/petstore.yaml', port: MOCK_DEFAULT_PORT, host: '127.0.0.1', memory: false, reset: false, watch: false, readOnly: false, noToken: false });
    expect(args.seed).toBeUndefined();
  });

  it('reads every option', () => {
    const args = parseMockArguments(
      ['api.json', '--port', '0', '--host', '::1', '--seed', 'demo', '--start-time', '2025-01-01T00:00:00Z', '--sample-records', '0', '--watch', '--read-only', '--no-token', '--reset', '--data-dir', 'state'],
      '/p',
    );
    expect(args).toMatchObject({ port: 0, host: '::1', seed: 'demo', startTime: '2025-01-01T00:00:00Z', sampleRecords: 0, watch: true, readOnly: true, noToken: true, reset: true, dataDir: '/p/state' });
  });

  it.each([
    [[], 'mock needs a document'],
    [['a.yaml', 'b.yaml'], 'mock takes one document, got 2'],
    [['a.yaml', '--port', '65536'], '--port must be a whole number from 0 to 65535'],
    [['a.yaml', '--sample-records', '1001'], '--sample-records must be a whole number from 0 to 1000'],
    [['a.yaml', '--sample-records', '1.5'], '--sample-records must be a whole number from 0 to 1000'],
    [['a.yaml', '--seed', ''], "Option '--seed' needs a value"],
    [['a.yaml', '--start-time', 'yesterday'], '--start-time must be an RFC 3339 time in UTC'],
    [['a.yaml', '--memory', '--reset'], '--memory always starts over'],
    [['a.yaml', '--memory', '--data-dir', 'x'], '--memory keeps nothing on disk'],
    [['a.yaml', '--prot', '80'], "Unknown option '--prot'"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseMockArguments(argv, '/p')).toThrow(UsageError);
    expect(() => parseMockArguments(argv, '/p')).toThrow(message);
  });

  it('takes --help without a document', () => {
    expect(parseMockArguments(['--help'], '/p').help).toBe(true);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['10.0.0.1', false],
    ['example.com', false],
  ])('takes %s as loopback: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});
