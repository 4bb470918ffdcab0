import type { Handler, HttpRequest, HttpResponse } from '@simplane/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarnessFetch } from './harness-fetch.js';

/** A promise with its resolver, to let a test step a stream one chunk at a time. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

/** A handler that records what it was given and answers `answer` (200, empty, by default). */
function recording(answer: (request: HttpRequest) => Promise<HttpResponse> = async () => ({ status: 200, headers: {}, body: null })) {
  const seen: HttpRequest[] = [];
  const handle: Handler = async (request) => {
    seen.push(request);
    return answer(request);
  };
  return { seen, handle };
}

/** No TCP server or socket is open: nothing here listens or connects. */
const tcpHandles = () => process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP'));
/** Files before this one in the same worker may still be closing sockets of their own: a test adds none. */
const tcpBefore = tcpHandles().length;

afterEach(() => vi.restoreAllMocks());

describe('the harness fetch', () => {
  it('gives the handler the path under the base, the method and the headers, lower-cased', async () => {
    const { seen, handle } = recording(async () => ({ status: 201, headers: { 'content-type': 'application/json', 'x-answer': 'yes' }, body: bytes('{"ok":true}') }));
    const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test' });
    const response = await fetch(new URL('http://simplane.test/v1/things?limit=5#part'), { method: 'PUT', headers: new Headers({ 'X-Trace': 'abc', Authorization: 'Bearer k' }) });

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/v1/things?limit=5', body: null });
    expect(seen[0]!.headers).toMatchObject({ 'x-trace': 'abc', authorization: 'Bearer k', host: 'simplane.test', accept: '*/*' });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers).toBeInstanceOf(Headers);
    expect(response.headers.get('X-Answer')).toBe('yes');
    expect(response.url).toBe('http://simplane.test/v1/things?limit=5');
    expect(await response.json()).toEqual({ ok: true });
    expect(tcpHandles().length).toBeLessThanOrEqual(tcpBefore);
  });

  it('takes a Request as input, with its method, headers and body', async () => {
    const { seen, handle } = recording(async (request) => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of request.body as AsyncIterable<Uint8Array>) chunks.push(chunk);
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.concat(chunks) };
    });
    const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test' });
    const request = new Request('http://simplane.test/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"n":1}' });
    const response = await fetch(request);

    expect(seen[0]).toMatchObject({ method: 'POST', url: '/echo' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(await response.text()).toBe('{"n":1}');
  });

  it('declares the length of a body it knows whole, as fetch does, and none for a stream', async () => {
    const { seen, handle } = recording();
    const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test' });
    await fetch('http://simplane.test/a', { method: 'POST', body: 'héllo' });
    await fetch('http://simplane.test/b', { method: 'POST', body: new ReadableStream({ start: (c) => c.close() }), duplex: 'half' } as RequestInit);
    expect(seen[0]!.headers['content-length']).toBe('6');
    expect(seen[0]!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(seen[1]!.headers['content-length']).toBeUndefined();
  });

  it('streams a request body to the handler chunk by chunk, never reading it whole first', async () => {
    const second = gate();
    const firstSeen = gate<string>();
    const handle: Handler = async (request) => {
      const iterator = (request.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
      const first = await iterator.next();
      firstSeen.open(text(first.value));
      const rest: string[] = [];
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) rest.push(text(next.value));
      return { status: 200, headers: {}, body: bytes([text(first.value), ...rest].join('|')) };
    };
    const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test' });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes('one'));
        // The second chunk exists only once the handler has read the first.
        await second.promise;
        controller.enqueue(bytes('two'));
        controller.close();
      },
    });
    const answered = fetch('http://simplane.test/upload', { method: 'POST', body, duplex: 'half' } as RequestInit);

    expect(await firstSeen.promise).toBe('one');
    second.open();
    expect(await (await answered).text()).toBe('one|two');
  });

  it('streams a response body out as the handler makes it', async () => {
    const second = gate();
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield bytes('first ');
      await second.promise;
      yield bytes('second');
    }
    const fetch = createHarnessFetch(async () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: chunks() }), { baseUrl: 'http://simplane.test' });
    const response = await fetch('http://simplane.test/stream');
    expect(response.body).toBeInstanceOf(ReadableStream);

    const reader = response.body!.getReader();
    // The response and its first chunk arrive while the handler cannot yet make the second.
    expect(text((await reader.read()).value)).toBe('first ');
    second.open();
    expect(text((await reader.read()).value)).toBe('second');
    expect((await reader.read()).done).toBe(true);
  });

  it('ends the handler\'s body stream when the reader cancels it', async () => {
    let finished = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) yield bytes('x');
      } finally {
        finished = true;
      }
    }
    const fetch = createHarnessFetch(async () => ({ status: 200, headers: {}, body: endless() }), { baseUrl: 'http://simplane.test' });
    const reader = (await fetch('http://simplane.test/endless')).body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });

  it('answers a null body for 204, 304 and HEAD, as fetch does', async () => {
    const fetch = createHarnessFetch(async (request) => ({ status: request.url === '/gone' ? 204 : 200, headers: { 'content-length': '3' }, body: bytes('abc') }), { baseUrl: 'http://simplane.test' });
    expect((await fetch('http://simplane.test/gone', { method: 'DELETE' })).body).toBeNull();
    const head = await fetch('http://simplane.test/x', { method: 'HEAD' });
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).toBe('3');
  });

  it('rejects a URL outside its base with a TypeError naming it, and calls nothing', async () => {
    const real = vi.spyOn(globalThis, 'fetch');
    const { seen, handle } = recording();
    const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test' });
    for (const url of ['https://api.github.com/user', 'https://simplane.test/v1/x', 'http://simplane.test:8080/v1/x', 'http://simplane.test.example.com/']) {
      const refused = fetch(url);
      await expect(refused).rejects.toBeInstanceOf(TypeError);
      await expect(refused).rejects.toThrow(url);
    }
    // A relative URL has no base outside a browser, in fetch as here.
    await expect(fetch('/v1/x')).rejects.toBeInstanceOf(TypeError);
    expect(seen).toEqual([]);
    expect(real).not.toHaveBeenCalled();
  });

  it('serves a base with a path as a prefix the handler never sees', async () => {
    const { seen, handle } = recording();
    const fetch = createHarnessFetch(handle, { baseUrl: 'https://api.example.test/simplane/' });
    await fetch('https://api.example.test/simplane/v1/quota');
    await fetch('https://api.example.test/simplane');
    expect(seen.map((r) => r.url)).toEqual(['/v1/quota', '/']);
    await expect(fetch('https://api.example.test/simplanes/v1/quota')).rejects.toThrow(TypeError);
    await expect(fetch('https://api.example.test/v1/quota')).rejects.toThrow('https://api.example.test/v1/quota');
    expect(seen).toHaveLength(2);
  });

  it('adds its default headers only where the request sets none', async () => {
    const { seen, handle } = recording();
    const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test', headers: { 'Simulation-Token': 'default' } });
    await fetch('http://simplane.test/a');
    await fetch('http://simplane.test/b', { headers: { 'simulation-token': 'mine' } });
    expect(seen.map((r) => r.headers['simulation-token'])).toEqual(['default', 'mine']);
  });

  describe('with an abort signal', () => {
    it('rejects with an AbortError, without calling the handler, when already aborted', async () => {
      const { seen, handle } = recording();
      const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test' });
      const refused = fetch('http://simplane.test/x', { signal: AbortSignal.abort() });
      await expect(refused).rejects.toMatchObject({ name: 'AbortError' });
      expect(seen).toEqual([]);
    });

    it('rejects with the abort reason while the handler works, and ends the request body it reads', async () => {
      const reading = gate();
      let bodyError: unknown;
      const handle: Handler = async (request) => {
        try {
          for await (const chunk of request.body as AsyncIterable<Uint8Array>) {
            void chunk;
            reading.open();
          }
        } catch (error) {
          bodyError = error;
        }
        return { status: 200, headers: {}, body: null };
      };
      const fetch = createHarnessFetch(handle, { baseUrl: 'http://simplane.test' });
      const controller = new AbortController();
      // A body that sends one chunk and then never ends.
      const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(bytes('a')) });
      const answered = fetch('http://simplane.test/slow', { method: 'POST', body, duplex: 'half', signal: controller.signal } as RequestInit);
      await reading.promise;
      controller.abort();
      await expect(answered).rejects.toMatchObject({ name: 'AbortError' });
      await vi.waitFor(() => expect(bodyError).toMatchObject({ name: 'AbortError' }));
    });

    it('errors a response body that is still being read', async () => {
      const never = gate();
      async function* stalled(): AsyncGenerator<Uint8Array> {
        yield bytes('part');
        await never.promise;
      }
      const fetch = createHarnessFetch(async () => ({ status: 200, headers: {}, body: stalled() }), { baseUrl: 'http://simplane.test' });
      const controller = new AbortController();
      const reader = (await fetch('http://simplane.test/x', { signal: controller.signal })).body!.getReader();
      expect(text((await reader.read()).value)).toBe('part');
      const pending = reader.read();
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('rejects with the reason given to abort()', async () => {
      const fetch = createHarnessFetch(() => new Promise<HttpResponse>(() => undefined), { baseUrl: 'http://simplane.test' });
      const controller = new AbortController();
      const answered = fetch('http://simplane.test/hang', { signal: controller.signal });
      const reason = new Error('test gave up');
      controller.abort(reason);
      await expect(answered).rejects.toBe(reason);
    });
  });
});
