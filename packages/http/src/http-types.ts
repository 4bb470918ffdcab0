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

/** The first value of a header, or undefined. */
export function headerOf(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
