/**
 * The neutral request and response every host translates to and from. Bodies stream: a host
 * hands over an async iterable of chunks (or one buffer when it already has the whole body).
 */
export type HeaderValue = string | string[] | undefined;

export type RequestBody = AsyncIterable<Uint8Array> | Uint8Array | null;
export type ResponseBody = AsyncIterable<Uint8Array> | Uint8Array | null;

export interface HttpRequest {
  method: string;
  /** Origin-form request target: path and optional query, e.g. `/v1/credentials?limit=5`. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, HeaderValue>;
  body: RequestBody;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: ResponseBody;
}

export type Handler = (request: HttpRequest) => Promise<HttpResponse>;

/**
 * A copy of a header map that more headers are added to afterwards. Not `{ ...headers }`: V8
 * adds keys to a spread copy on a slow path, which every data-plane response paid. A header
 * named `__proto__` stays an own property, as it would in a spread.
 */
export function copyHeaders<T>(headers: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const name of Object.keys(headers)) {
    if (name === '__proto__') Object.defineProperty(out, name, { value: headers[name], enumerable: true, writable: true, configurable: true });
    else out[name] = headers[name] as T;
  }
  return out;
}

/** The first value of a header, or undefined. */
export function headerOf(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
