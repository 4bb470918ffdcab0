import { copyOwn, remembered, setOwn, SimplaneError, type SimulationTraffic } from '@simplane/core';
import { parseMediaType } from './body/media-type.js';
import { contentLengthOf } from './body/body-headers.js';
import { readBody } from './body/read-body.js';
import { credentialHeader, headerOf, type HttpRequest, type HttpResponse } from './http-types.js';

const MiB = 1024 * 1024;

/** Body caps on the data plane (SPEC section 8), by media type. */
export const DATA_PLANE_LIMITS = { ordinary: 10 * MiB, multipart: 201 * MiB, xml: 268 * MiB } as const;

export const TOKEN_HEADER = 'simulation-token';
export const READ_ONLY_HEADER = 'service-read-only';
const PREFIX = '/sim/';

/** True for request targets the data plane answers: everything under `/sim/`. */
export function isDataPlaneTarget(url: string): boolean {
  return url.startsWith(PREFIX);
}

/**
 * A data-plane request: `/sim/<id>/<path of the simulated API>`. The platform checks what is
 * its own (the Simulation, the `Simulation-Token`, the `Service-Read-Only` header, body
 * limits) and answers those failures as problem+json; everything else is the simulated API's
 * answer, passed through as the runtime returns it. The simulated API's own `Authorization`
 * is passed through untouched.
 */
export async function dispatchDataPlane(traffic: SimulationTraffic, request: HttpRequest, bodyTimeoutMs: number): Promise<HttpResponse> {
  const rawPath = pathOfTarget(request.url);
  const query = request.url.slice(rawPath.length + 1);
  const afterPrefix = rawPath.slice(PREFIX.length);
  const slash = afterPrefix.indexOf('/');
  const simulationId = slash === -1 ? afterPrefix : afterPrefix.slice(0, slash);
  const path = slash === -1 ? '/' : afterPrefix.slice(slash);
  // `_sim` is reserved for the platform: nothing under it reaches a simulated API.
  if (reserved(path) || simulationId.length === 0) {
    throw new SimplaneError('simulation_not_found', 'No such Simulation endpoint.');
  }
  return forwardToSimulation(traffic, request, { simulationId, path, query }, bodyTimeoutMs);
}

/** Where a request goes, and what the server that received it allows on its way. */
export interface SimulationTarget {
  simulationId: string;
  /** The simulated API's path, starting with `/`. */
  path: string;
  query: string;
  /** No `Simulation-Token` is asked for (the root of `simplane mock` on a loopback address). */
  tokenless?: boolean;
  /** Every request is read-only, as with `Service-Read-Only: true`. */
  readOnly?: boolean;
  /** Where the client reached the Simulation, when not at `/sim/<id>`. */
  endpoint?: string;
}

/**
 * Hands a request to its Simulation: the platform's own headers are taken out and read here,
 * the body is read only once the request is allowed, and within the data plane's limits.
 */
export async function forwardToSimulation(traffic: SimulationTraffic, request: HttpRequest, target: SimulationTarget, bodyTimeoutMs: number): Promise<HttpResponse> {
  const readOnly = readOnlyHeader(request.headers[READ_ONLY_HEADER]) || target.readOnly === true;
  const headers: HttpRequest['headers'] = {};
  for (const name of Object.keys(request.headers)) {
    if (name !== TOKEN_HEADER && name !== READ_ONLY_HEADER) setOwn(headers, name, request.headers[name]);
  }
  const source = request.body;
  const response = await traffic.handle({
    simulationId: target.simulationId,
    token: credentialHeader(request, TOKEN_HEADER),
    readOnly,
    method: request.method.toUpperCase(),
    path: target.path,
    query: target.query,
    headers,
    readBody:
      source === null
        ? null
        : async () => {
            const bytes = await readBody(source, {
              maxBytes: bodyLimit(headerOf(request, 'content-type')),
              timeoutMs: bodyTimeoutMs,
              declaredLength: contentLengthOf(request),
            });
            return bytes.byteLength === 0 && !(source instanceof Uint8Array) ? null : bytes;
          },
    ...(target.tokenless === true ? { tokenless: true } : {}),
    ...(target.endpoint === undefined ? {} : { endpoint: target.endpoint }),
  });
  return { status: response.status, headers: copyOwn(response.headers), body: response.body };
}

/** The path of a request target, without its query. */
export function pathOfTarget(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** `Service-Read-Only`: absent is false; otherwise exactly one `true` or `false`. */
export function readOnlyHeader(value: string | string[] | undefined): boolean {
  if (value === undefined) return false;
  const single = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  if (single === 'true') return true;
  if (single === 'false') return false;
  throw new SimplaneError('invalid_read_only_header', 'Service-Read-Only must be one value, true or false.');
}

/** The body cap for a Content-Type; remembered, as clients send the same few. */
export function bodyLimit(contentType: string | undefined): number {
  return contentType === undefined ? DATA_PLANE_LIMITS.ordinary : limitFor(contentType);
}

const limitFor = remembered((contentType: string): number => {
  const essence = parseMediaType(contentType)?.essence;
  if (essence === 'multipart/form-data') return DATA_PLANE_LIMITS.multipart;
  if (essence === 'text/xml' || essence === 'application/soap+xml') return DATA_PLANE_LIMITS.xml;
  return DATA_PLANE_LIMITS.ordinary;
});

/** Whether the path's first segment is `_sim`, written plainly or percent-encoded (`%5Fsim`). */
export function reserved(path: string): boolean {
  const end = path.indexOf('/', 1);
  const first = end === -1 ? path.slice(1) : path.slice(1, end);
  if (first === '_sim') return true;
  if (!first.includes('%')) return false;
  try {
    return decodeURIComponent(first) === '_sim';
  } catch {
    return false;
  }
}
