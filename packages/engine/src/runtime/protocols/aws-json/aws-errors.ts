import type { SimResponse } from '@simplane/core';
import type { ArtifactOperation } from '../../../artifact/artifact.js';
import { encode } from '../../answers/encode.js';
import type { Refusal } from '../../answers/refusal-reason.js';

/** Words of an AWS exception's name that say which refusal it is, by status. */
const EXCEPTION_WORDS: Record<number, RegExp> = {
  400: /Validation|InvalidParameter|InvalidRequest|BadRequest/,
  401: /NotAuthorized|Unrecognized|AccessDenied|InvalidSignature|MissingAuthentication/,
  403: /AccessDenied|NotAuthorized|Forbidden/,
  404: /NotFound/,
  409: /InUse|AlreadyExists|Conflict/,
  415: /Validation|SerializationException/,
  422: /Validation|InvalidParameter/,
};

/** The exception AWS names for each refusal when the operation declares none that fits. */
const FALLBACK: Record<number, string> = { 401: 'UnrecognizedClientException', 403: 'AccessDeniedException', 404: 'ResourceNotFoundException', 409: 'ResourceInUseException' };

/** An operation of AWS's JSON protocol: its call named in `X-Amz-Target`. */
export function isAwsJsonCall(operation: ArtifactOperation | null): operation is ArtifactOperation {
  return operation !== null && operation.path.includes('#X-Amz-Target=');
}

/** The exceptions an AWS operation declares: converted documents list them as responses described by name, under invented statuses 480 and up. */
export function declaredExceptions(operation: ArtifactOperation): string[] {
  return Object.values(operation.responses)
    .map((response) => response?.description ?? '')
    .filter((name) => /^[A-Za-z]+(Exception|Fault)$/.test(name));
}

/**
 * A refusal as AWS's JSON protocol answers it: every client error is a 400 (an unknown or bad
 * signature a 400 or 403) whose body names the exception in `__type`, the one the SDKs read
 * to raise it. The exception is one the operation declares (its documents list them as
 * responses described by name, under invented statuses 480 and up) whose name fits the
 * refusal: `ResourceNotFoundException` for a record that is not there.
 */
export function awsJsonRefusal(operation: ArtifactOperation, refusal: Refusal): SimResponse {
  const declared = declaredExceptions(operation);
  const words = EXCEPTION_WORDS[refusal.status];
  const type = (words === undefined ? undefined : declared.find((name) => words.test(name))) ?? FALLBACK[refusal.status] ?? 'ValidationException';
  const status = refusal.status === 403 ? 403 : 400;
  return encode(status, 'application/x-amz-json-1.1', { __type: type, message: refusal.message }, { ...refusal.headers, 'x-amzn-errortype': type });
}
