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
  /**
   * Header names in lower case. A header sent more than once is the array of its copies, in
   * order: every host passes every copy, so a header that may be sent only once is refused
   * alike wherever the request came in (`singleHeader`).
   */
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
 * A header's value, or undefined. Copies of a header sent more than once are joined as one
 * list (RFC 9110 section 5.3), cookies as one cookie header (RFC 6265 section 5.4).
 */
export function headerOf(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(name === 'cookie' ? '; ' : ', ') : value;
}

/**
 * A header that holds one value, or undefined. Sent more than once it is `refusal`: two
 * copies are a confused client or a request smuggled past a proxy that read the other one, so
 * neither is trusted.
 */
export function singleHeader(request: HttpRequest, name: string, refusal: () => Error): string | undefined {
  const value = request.headers[name];
  if (!Array.isArray(value)) return value;
  if (value.length > 1) throw refusal();
  return value[0];
}

/**
 * A credential header that holds one value (Authorization, Simulation-Token): sent more than
 * once it reads as empty, so it is refused where and as any invalid credential is.
 */
export function credentialHeader(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? (value.length === 1 ? value[0] : '') : value;
}
