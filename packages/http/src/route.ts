import type { ErrorCode, Principal } from '@simplane/core';
import type { z } from 'zod';
import type { HttpRequest, ResponseBody } from './http-types.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route handler sees: the request, its path parameters and helpers bound to limits. */
export interface RouteContext {
  request: HttpRequest;
  requestId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The authenticated caller; present on every route with `auth: true`. */
  principal: Principal;
  /** How long a body may keep the server waiting (configured `body_timeout_ms`). */
  bodyTimeoutMs: number;
  /**
   * Reads and validates a JSON body under the operation's size limit. `optional`: a request
   * without a body (no Content-Type, no bytes) reads as `{}`.
   */
  json<S extends z.ZodType>(schema: S, options?: { optional?: boolean }): Promise<z.output<S>>;
}

export interface RouteResult {
  status: number;
  /** Serialised as `application/json` unless `body` is given. */
  json?: unknown;
  body?: ResponseBody;
  headers?: Record<string, string>;
}

/** How a route appears in the OpenAPI document; the route table is its only source. */
export interface RouteDoc {
  operationId: string;
  summary: string;
  tag: string;
  query?: Record<string, { schema: Record<string, unknown>; description: string }>;
  /** Request headers the operation reads, by their canonical name. */
  headers?: Record<string, { schema: Record<string, unknown>; description: string; required: boolean }>;
  /** `required` defaults to true; false for a body that may be left out. */
  requestBody?: { contentType: string; schema: z.ZodType | Record<string, unknown>; required?: boolean };
  /** Success responses by status; `schema` omitted for empty bodies. */
  responses: Record<number, { description: string; schema?: z.ZodType | Record<string, unknown> }>;
  /** Error codes this operation can answer besides the ones every operation can. */
  errors: ErrorCode[];
}

export interface Route {
  method: HttpMethod;
  /** OpenAPI-style template, e.g. `/v1/credentials/{id}`. */
  path: string;
  /**
   * A path parameter whose value may hold `/` as sent: a Simulator reference such as
   * `catalog/petstore:1.0` reaches the route whether its slash is encoded or not.
   */
  spanning?: { name: string; description: string };
  /** False only for the few public routes (the OpenAPI document). */
  auth: boolean;
  /** Largest JSON body accepted; defaults to the handler's JSON limit. */
  maxJsonBytes?: number;
  doc: RouteDoc;
  handle(context: RouteContext): Promise<RouteResult>;
}
