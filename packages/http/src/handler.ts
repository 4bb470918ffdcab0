import { copyOwn, sendableHeaders, SimplaneError, type AuthService, type IdGenerator, type Logger, type Principal, type SimulationTraffic } from '@simplane/core';
import { requestOrigin } from './request-origin.js';
import { authAttemptOf } from './auth-attempt.js';
import { readJsonBody } from './body/json-body.js';
import type { ConsoleAssets } from './console/console-assets.js';
import { consoleResponse, isConsolePath } from './console/console-response.js';
import { isPreflight, preflightResponse, withCors } from './cors.js';
import { dispatchDataPlane, isDataPlaneTarget, pathOfTarget } from './data-plane.js';
import { headerOf, type Handler, type HttpRequest, type HttpResponse } from './http-types.js';
import { problemResponse, toSimplaneError } from './problem.js';
import { requestIdFor } from './request-id.js';
import { dispatchRoot, type RootSimulation } from './root-simulation.js';
import type { Route, RouteContext, RouteResult } from './route.js';
import { Router, type RouteMatch } from './router.js';

export interface HandlerOptions {
  /** Largest JSON body, in bytes (SPEC section 8: 1 MiB). */
  jsonBodyLimit: number;
  /** Time for a request body to arrive before 408. */
  bodyTimeoutMs: number;
  /**
   * One Simulation's API at the root, for paths no control-plane route answers (`simplane
   * mock`); needs the data plane. Absent, such paths are unknown routes.
   */
  root?: RootSimulation;
  /**
   * The web console's bundle, served under `/console` (`loadConsoleAssets`). Absent, `/console`
   * answers 404; the path is the console's either way, before the routes and the root.
   */
  console?: ConsoleAssets;
}

export const DEFAULT_HANDLER_OPTIONS: HandlerOptions = { jsonBodyLimit: 1024 * 1024, bodyTimeoutMs: 30_000 };

export interface HandlerServices {
  auth: AuthService;
  ids: IdGenerator;
  logger: Logger;
  /** The data plane under `/sim/`; without it those paths are unknown routes. */
  dataPlane?: SimulationTraffic;
}

const MAX_TARGET_LENGTH = 8192;

/**
 * The one entry point every host calls: route, authenticate, run, and turn every failure into
 * a problem response. Every response carries `Request-Id`.
 */
export function createHandler(routes: readonly Route[], services: HandlerServices, options: HandlerOptions): Handler {
  const router = new Router(routes);
  return async (request: HttpRequest): Promise<HttpResponse> => {
    const started = performance.now();
    const requestId = requestIdFor(headerOf(request, 'request-id'), services.ids);
    let response: HttpResponse;
    let path = '';
    const dataPlane = services.dataPlane;
    let simulated = dataPlane !== undefined && isDataPlaneTarget(request.url);
    let preflight = simulated && isPreflight(request);
    try {
      checkTarget(request.url);
      // The data plane comes before the route table: its paths belong to the simulated APIs,
      // which parse them themselves. A browser's preflight is the platform's to answer.
      if (simulated && dataPlane !== undefined) {
        path = pathOfTarget(request.url);
        response = preflight ? preflightResponse(request) : await dispatchDataPlane(dataPlane, request, options.bodyTimeoutMs);
      } else {
        const target = parseTarget(request.url);
        path = target.pathname;
        if (isConsolePath(path)) {
          // The console's page and files: before the routes, and before a Simulation at the root.
          response = consoleResponse(options.console, request, path);
        } else {
          const match = router.match(request.method.toUpperCase(), target.pathname);
          // At the root, the control plane's routes win; every other path is the simulated API's.
          if (options.root !== undefined && dataPlane !== undefined && match.kind === 'not_found') {
            simulated = true;
            preflight = isPreflight(request);
            response = preflight ? preflightResponse(request) : await dispatchRoot(options.root, dataPlane, request, options.bodyTimeoutMs);
          } else {
            response = await dispatch(match, request, target, requestId, services, options);
          }
        }
      }
    } catch (error) {
      response = problemResponse(toSimplaneError(error, services.logger, requestId));
    }
    if (request.method.toUpperCase() === 'HEAD') response = withoutBody(response);
    response.headers['request-id'] = requestId;
    if (simulated) {
      response = withCors(request, response, preflight);
      // A simulated API's headers come from its document and its requests: one a host cannot
      // write would fail the answer after this line logs it, so it is left out here, and the
      // status logged is the status sent.
      response.headers = sendableHeaders(response.headers, (name) => services.logger.warn('response header left out: it cannot be sent on HTTP', { request_id: requestId, header: name.slice(0, 64) }));
    }
    services.logger.request({
      request_id: requestId,
      method: request.method,
      path: path.slice(0, 256),
      status: response.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
    return response;
  };
}

async function dispatch(
  match: RouteMatch,
  request: HttpRequest,
  target: URL,
  requestId: string,
  services: HandlerServices,
  options: HandlerOptions,
): Promise<HttpResponse> {
  if (match.kind === 'not_found') throw new SimplaneError('not_found', 'No such route.');
  if (match.kind === 'method_not_allowed') {
    throw new SimplaneError('method_not_allowed', `Use ${match.allow.join(', ')} on this route.`, {
      headers: { allow: match.allow.join(', ') },
    });
  }
  const { route, params } = match;
  const principal: Principal | undefined = route.auth ? withOrigin(await services.auth.authenticate(authAttemptOf(request)), request) : undefined;
  const context: RouteContext = {
    request,
    requestId,
    params,
    query: target.searchParams,
    bodyTimeoutMs: options.bodyTimeoutMs,
    get principal(): Principal {
      if (principal === undefined) throw new Error(`route ${route.path} is public and has no principal`);
      return principal;
    },
    json: (schema, read) =>
      readJsonBody(request, schema, { maxBytes: route.maxJsonBytes ?? options.jsonBodyLimit, timeoutMs: options.bodyTimeoutMs, optional: read?.optional === true }),
  };
  return toResponse(await route.handle(context));
}

/** The caller with where it reached this server, for the absolute addresses answers name. */
function withOrigin(principal: Principal, request: HttpRequest): Principal {
  const origin = requestOrigin(request);
  return origin === undefined ? principal : { ...principal, origin };
}

/** Origin-form only, and bounded. */
function checkTarget(url: string): void {
  if (!url.startsWith('/') || url.startsWith('//') || url.length > MAX_TARGET_LENGTH) {
    throw new SimplaneError('bad_request', 'The request target is not a valid path.');
  }
}

function parseTarget(url: string): URL {
  try {
    return new URL(url, 'http://simplane.invalid');
  } catch {
    throw new SimplaneError('bad_request', 'The request target is not a valid path.');
  }
}

/** A HEAD answer: the GET answer's status and headers, its length, and no body. */
function withoutBody(response: HttpResponse): HttpResponse {
  const headers = copyOwn(response.headers);
  if (response.body instanceof Uint8Array) headers['content-length'] = String(response.body.byteLength);
  return { status: response.status, headers, body: null };
}

function toResponse(result: RouteResult): HttpResponse {
  const headers = copyOwn(result.headers ?? {});
  if (result.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    return { status: result.status, headers, body: Buffer.from(JSON.stringify(result.json)) };
  }
  return { status: result.status, headers, body: result.body ?? null };
}
