/**
 * One MCP exchange over the Streamable HTTP transport, served statelessly: every POST is
 * answered by a fresh server made for that request (its caller and its Simulation, World or
 * workspace), with one JSON response and no session, so any process of a horizontally scaled
 * deployment answers any request. The SDK's handler speaks web-standard Request and Response;
 * this module translates the neutral request to one and the answer back.
 */
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan, SimplaneError } from '@simplane/core';
import { contentLengthOf } from '../body/body-headers.js';
import { readBody } from '../body/read-body.js';
import { headerOf } from '../http-types.js';
import type { RouteContext, RouteResult } from '../route.js';

/** Largest JSON-RPC message accepted: a tool call's arguments are a request body of the API. */
export const MCP_BODY_LIMIT = 1024 * 1024;

/** Headers the SDK's handler reads; the rest (credentials among them) stay with the route. */
const FORWARDED = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id', 'mcp-method', 'mcp-name'];

/** Answers one MCP POST with the server `makeServer` builds for it. */
export async function mcpExchange(context: RouteContext, makeServer: () => Server): Promise<RouteResult> {
  const { request } = context;
  const body = request.body === null ? Buffer.alloc(0) : await readBody(request.body, { maxBytes: MCP_BODY_LIMIT, timeoutMs: context.bodyTimeoutMs, declaredLength: contentLengthOf(request) });
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = headerOf(request, name);
    try {
      if (value !== undefined) headers.set(name, value);
    } catch {
      // A value no HTTP header may hold (a host passed it through): refused as any malformed request is.
      throw new SimplaneError('bad_request', `The ${name} header is not a valid header value.`);
    }
  }
  const web = new Request(`http://simplane.invalid${request.url}`, { method: request.method.toUpperCase(), headers, body: request.method.toUpperCase() === 'POST' ? body : null });
  const answer = await serve(web, body, makeServer);
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    out[name] = value;
  });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return { status: answer.status, headers: out, body: bytes.byteLength === 0 ? null : bytes };
}

/**
 * Clients of the 2025 revisions (most agents today) are served by a transport without sessions
 * that answers JSON; the 2026 revision's stateless requests by the SDK's own handler, whose
 * answers are JSON too unless a tool sent notifications first (none does).
 */
async function serve(web: Request, body: Buffer, makeServer: () => Server): Promise<Response> {
  const text = body.toString('utf8');
  if (jsonNestsDeeperThan(text)) throw new SimplaneError('bad_request', `The message nests deeper than ${JSON_MAX_DEPTH} levels.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (await isLegacyRequest(web, parsed, { maxRequestBodySize: MCP_BODY_LIMIT })) {
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = makeServer();
    await server.connect(transport);
    try {
      return await transport.handleRequest(web, parsed === undefined ? {} : { parsedBody: parsed });
    } finally {
      await server.close();
    }
  }
  const handler = createMcpHandler(() => makeServer(), { legacy: 'reject', maxRequestBodySize: MCP_BODY_LIMIT, keepAliveMs: 0 });
  try {
    return await handler.fetch(web, parsed === undefined ? {} : { parsedBody: parsed });
  } finally {
    await handler.close();
  }
}
