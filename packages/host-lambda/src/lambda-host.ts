import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, APIGatewayProxyResult, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Handler } from '@simplane/http';
import { handleV1 } from './api-gateway-v1.js';
import { handleV2 } from './api-gateway-v2.js';
import { failedResult } from './lambda-base.js';

export type LambdaEvent = APIGatewayProxyEvent | APIGatewayProxyEventV2;
export type LambdaResult = APIGatewayProxyResult | APIGatewayProxyStructuredResultV2;

/**
 * One Lambda handler for API Gateway REST (v1), HTTP API (v2) and function URLs (v2 shape).
 * It recognises the event shape and hands it to that shape's translator. A handler that fails
 * outright, or a streamed body that breaks while it is collected, is the same `500 internal`
 * problem the other hosts answer, not a rejected invocation (which API Gateway turns into a
 * 502 of its own).
 */
export function createLambdaHandler(handle: Handler): (event: LambdaEvent) => Promise<LambdaResult> {
  return async (event) => {
    try {
      return isV2(event) ? await handleV2(handle, event) : await handleV1(handle, event);
    } catch {
      return failedResult();
    }
  };
}

function isV2(event: LambdaEvent): event is APIGatewayProxyEventV2 {
  return (event as APIGatewayProxyEventV2).version === '2.0' && typeof (event as APIGatewayProxyEventV2).rawPath === 'string';
}
