import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Handler } from '@simplane/http';
import { decodeBody, encodeBody, lowerHeaders } from './lambda-base.js';

/** API Gateway REST API (payload 1.0). `path` is already without the stage. */
export async function handleV1(handle: Handler, event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  const query = new URLSearchParams();
  const multi = event.multiValueQueryStringParameters ?? {};
  for (const [name, values] of Object.entries(multi)) for (const value of values ?? []) query.append(name, value);
  if (Object.keys(multi).length === 0) {
    for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) if (value !== undefined) query.append(name, value);
  }
  const search = query.toString();
  const response = await handle({
    method: event.httpMethod,
    url: search.length > 0 ? `${event.path}?${search}` : event.path,
    headers: lowerHeaders(event.headers, event.multiValueHeaders),
    body: decodeBody(event.body, event.isBase64Encoded),
  });
  return { statusCode: response.status, headers: response.headers, ...(await encodeBody(response)) };
}
