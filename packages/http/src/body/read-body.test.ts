import { PassThrough } from 'node:stream';
import { SimplaneError } from '@simplane/core';
import { describe, expect, it } from 'vitest';
import { readBody } from './read-body.js';

const limits = { maxBytes: 10, timeoutMs: 50 };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (SimplaneError.is(error)) return error.code;
    throw error;
  }
  throw new Error('the body was accepted');
}

/** The same answers whether the body is a Node stream (read by its events) or any other chunk source. */
describe.each([
  { kind: 'a Node stream', make: () => new PassThrough() },
  {
    kind: 'an async iterable',
    make: () => {
      const stream = new PassThrough();
      return Object.assign(stream, { source: { [Symbol.asyncIterator]: () => stream[Symbol.asyncIterator]() } });
    },
    iterable: true,
  },
])('readBody of $kind', ({ make, iterable }) => {
  const body = (stream: PassThrough & { source?: AsyncIterable<Uint8Array> }) => stream.source ?? stream;

  it('joins the chunks in order', async () => {
    const stream = make();
    const read = readBody(body(stream), limits);
    stream.write('{"a":');
    stream.end('1}');
    expect((await read).toString()).toBe('{"a":1}');
  });

  it('refuses with payload_too_large at the first byte past the limit, leaving the rest unread', async () => {
    const stream = make();
    const read = readBody(body(stream), limits);
    stream.write('123456');
    stream.write('7890X');
    expect(await refusal(read)).toBe('payload_too_large');
    if (iterable !== true) expect(stream.isPaused()).toBe(true);
  });

  it('refuses with request_timeout when the body does not end in time', async () => {
    const stream = make();
    const read = readBody(body(stream), limits);
    stream.write('12');
    expect(await refusal(read)).toBe('request_timeout');
  });

  it('refuses with bad_request when the stream fails', async () => {
    const stream = make();
    const read = readBody(body(stream), limits);
    stream.write('12');
    stream.destroy(new Error('connection reset'));
    expect(await refusal(read)).toBe('bad_request');
  });
});

describe('readBody of a Node stream', () => {
  it('refuses with bad_request when the stream closes before it ends (a client that hung up)', async () => {
    const stream = new PassThrough();
    const read = readBody(stream, limits);
    stream.write('12');
    stream.destroy();
    expect(await refusal(read)).toBe('bad_request');
  });

  it('refuses a declared length past the limit before reading anything', async () => {
    const stream = new PassThrough();
    expect(await refusal(readBody(stream, { ...limits, declaredLength: 11 }))).toBe('payload_too_large');
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('leaves no listeners or timer behind once read', async () => {
    const stream = new PassThrough();
    const read = readBody(stream, limits);
    stream.end('ok');
    await read;
    for (const event of ['data', 'end', 'error', 'close']) expect(stream.listenerCount(event)).toBe(0);
  });
});
