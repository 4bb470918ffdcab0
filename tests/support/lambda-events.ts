/**
 * Events as AWS delivers them to a function: API Gateway REST (payload 1.0, stage `prod`), an
 * HTTP API (payload 2.0, `$default` stage) and a function URL (payload 2.0 from a
 * `lambda-url` domain). A body is sent base64-encoded when it is bytes, as both gateways do for
 * binary media such as multipart uploads.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

export interface EventCall {
  method: string;
  /** Path and optional query, e.g. `/v1/simulators?limit=2`. */
  target: string;
  headers?: Record<string, string>;
  /** Sent as JSON text with `content-type: application/json`. */
  json?: unknown;
  /** Sent base64-encoded; give its content-type in `headers`. */
  bytes?: Uint8Array;
}

const API_ID = 'a1b2c3d4e5';
const URL_ID = 'abcdefghijklmnopqrstuvwxyz012345';

function headersOf(call: EventCall, host: string): Record<string, string> {
  return {
    host,
    'user-agent': 'vitest/1.0',
    'x-forwarded-for': '203.0.113.7',
    'x-forwarded-proto': 'https',
    ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...call.headers,
  };
}

function bodyOf(call: EventCall): { body: string | null; isBase64Encoded: boolean } {
  if (call.bytes !== undefined) return { body: Buffer.from(call.bytes).toString('base64'), isBase64Encoded: true };
  if (call.json !== undefined) return { body: JSON.stringify(call.json), isBase64Encoded: false };
  return { body: null, isBase64Encoded: false };
}

/** API Gateway REST API, proxy integration on `/{proxy+}`. */
export function restApiEvent(call: EventCall): APIGatewayProxyEvent {
  const url = new URL(call.target, 'https://example.invalid');
  const headers = headersOf(call, `${API_ID}.execute-api.us-east-1.amazonaws.com`);
  const multiQuery: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (multiQuery[name] ??= []).push(value);
  const hasQuery = Object.keys(multiQuery).length > 0;
  return {
    resource: '/{proxy+}',
    path: url.pathname,
    httpMethod: call.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: hasQuery ? Object.fromEntries(Object.entries(multiQuery).map(([name, values]) => [name, values.at(-1)!])) : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: { proxy: url.pathname.slice(1) },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: API_ID,
      authorizer: null,
      domainName: `${API_ID}.execute-api.us-east-1.amazonaws.com`,
      domainPrefix: API_ID,
      httpMethod: call.method,
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
      requestTimeEpoch: 1744202096000,
      resourceId: 'abc123',
      resourcePath: '/{proxy+}',
      stage: 'prod',
    },
    ...bodyOf(call),
  };
}

function payloadV2(call: EventCall, domainName: string, domainPrefix: string, apiId: string): APIGatewayProxyEventV2 {
  const url = new URL(call.target, 'https://example.invalid');
  const { body, isBase64Encoded } = bodyOf(call);
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers: headersOf(call, domainName),
    ...(url.search === '' ? {} : { queryStringParameters: Object.fromEntries(url.searchParams) }),
    requestContext: {
      accountId: '123456789012',
      apiId,
      domainName,
      domainPrefix,
      http: { method: call.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'vitest/1.0' },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: '$default',
      stage: '$default',
      time: '09/Apr/2025:12:34:56 +0000',
      timeEpoch: 1744202096000,
    },
    isBase64Encoded,
    ...(body === null ? {} : { body }),
  };
}

/** An HTTP API (payload 2.0), `$default` route and stage. */
export function httpApiEvent(call: EventCall): APIGatewayProxyEventV2 {
  return payloadV2(call, `${API_ID}.execute-api.us-east-1.amazonaws.com`, API_ID, API_ID);
}

/** A function URL: payload 2.0 from the function's own `lambda-url` domain. */
export function functionUrlEvent(call: EventCall): APIGatewayProxyEventV2 {
  return payloadV2(call, `${URL_ID}.lambda-url.us-east-1.on.aws`, URL_ID, URL_ID);
}
