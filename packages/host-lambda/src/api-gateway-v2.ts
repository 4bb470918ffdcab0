import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Handler } from '@simplane/http';
import { decodeBody, encodeBody, lowerHeaders, stripStage } from './lambda-base.js';

/**
 * HTTP API (payload 2.0) and Lambda function URLs, which share the shape. Cookies arrive in
 * their own array and go back the same way.
 */
export async function handleV2(handle: Handler, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const headers = lowerHeaders(event.headers);
  if (event.cookies !== undefined && event.cookies.length > 0) headers.cookie = event.cookies.join('; ');
  const path = stripStage(event.rawPath, event.requestContext.stage);
  const response = await handle({
    method: event.requestContext.http.method,
    url: event.rawQueryString.length > 0 ? `${path}?${event.rawQueryString}` : path,
    headers,
    body: decodeBody(event.body, event.isBase64Encoded),
  });
  // Payload 2.0 returns cookies in their own array, not as a Set-Cookie header.
  const { 'set-cookie': setCookie, ...rest } = response.headers;
  return { statusCode: response.status, headers: rest, ...(setCookie === undefined ? {} : { cookies: [setCookie] }), ...(await encodeBody(response)) };
}
