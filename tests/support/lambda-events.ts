/**
 * Events as AWS delivers them to a function, with realistic fields: API Gateway REST (payload
 * 1.0, proxy integration, stage `prod`) and payload 2.0, which HTTP APIs (named or `$default`
 * stage) and function URLs share.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

export const API_ID = 'a1b2c3d4e5';
export const URL_ID = 'abcdefghijklmnopqrstuvwxyz012345';

/** What a client sent: `target` is the path and optional query, e.g. `/v1/credentials?limit=2`. */
export interface EventRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string | null;
  isBase64Encoded: boolean;
}

/** API Gateway REST API, proxy integration, stage `prod`: `path` is without the stage. */
export function restApiEvent(request: EventRequest): APIGatewayProxyEvent {
  const url = new URL(request.target, 'https://example.invalid');
  const headers = request.headers;
  const multiQuery: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (multiQuery[name] ??= []).push(value);
  const singleQuery = Object.fromEntries(Object.entries(multiQuery).map(([name, values]) => [name, values.at(-1)!]));
  const hasQuery = Object.keys(multiQuery).length > 0;
  return {
    resource: '/{proxy+}',
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: hasQuery ? singleQuery : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: { proxy: url.pathname.slice(1) },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: API_ID,
      authorizer: null,
      domainName: `${API_ID}.execute-api.us-east-1.amazonaws.com`,
      domainPrefix: API_ID,
      extendedRequestId: 'ABCDefGHIjkLMno=',
      httpMethod: request.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '203.0.113.7',
        user: null,
        userAgent: 'vitest/1.0',
        userArn: null,
      },
      path: `/prod${url.pathname}`,
      protocol: 'HTTP/1.1',
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      requestTime: '09/Apr/2025:12:34:56 +0000',
      requestTimeEpoch: 1744202096000,
      resourceId: 'abc123',
      resourcePath: '/{proxy+}',
      stage: 'prod',
    },
    body: request.body,
    isBase64Encoded: request.isBase64Encoded,
  };
}

export interface V2Options {
  stage: string;
  domainName: string;
  /** Function URLs and `$default` stages have no prefix; a named HTTP API stage does. */
  pathPrefix: string;
  routeKey: string;
  cookies?: string[];
}

/** HTTP API (payload 2.0) and function URLs: lower-case headers, raw path and raw query. */
export function payloadV2Event(request: EventRequest, options: V2Options): APIGatewayProxyEventV2 {
  const queryAt = request.target.indexOf('?');
  const path = queryAt < 0 ? request.target : request.target.slice(0, queryAt);
  const rawQueryString = queryAt < 0 ? '' : request.target.slice(queryAt + 1);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  headers.host = options.domainName;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: options.routeKey,
    rawPath: `${options.pathPrefix}${path}`,
    rawQueryString,
    headers,
    requestContext: {
      accountId: options.domainName.includes('lambda-url') ? 'anonymous' : '123456789012',
      apiId: options.domainName.split('.')[0]!,
      domainName: options.domainName,
      domainPrefix: options.domainName.split('.')[0]!,
      http: {
        method: request.method,
        path: `${options.pathPrefix}${path}`,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'vitest/1.0',
      },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: options.routeKey,
      stage: options.stage,
      time: '09/Apr/2025:12:34:56 +0000',
      timeEpoch: 1744202096000,
    },
    isBase64Encoded: false,
  };
  if (rawQueryString.length > 0) {
    // API Gateway also sends the decoded parameters, repeated ones joined with commas.
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(rawQueryString)) params[name] = name in params ? `${params[name]},${value}` : value;
    event.queryStringParameters = params;
  }
  if (options.cookies !== undefined) event.cookies = options.cookies;
  if (request.body !== null) event.body = request.body;
  event.isBase64Encoded = request.isBase64Encoded;
  return event;
}

/** An HTTP API's `$default` stage and route. */
export const HTTP_API: V2Options = { stage: '$default', pathPrefix: '', routeKey: '$default', domainName: `${API_ID}.execute-api.us-east-1.amazonaws.com` };

/** A function URL: payload 2.0 from the function's own `lambda-url` domain. */
export const FUNCTION_URL: V2Options = { stage: '$default', pathPrefix: '', routeKey: '$default', domainName: `${URL_ID}.lambda-url.us-east-1.on.aws` };
