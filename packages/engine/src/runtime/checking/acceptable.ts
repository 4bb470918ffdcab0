import type { ArtifactOperation } from '../../artifact/artifact.js';
import { acceptedMedia } from '../answers/accept.js';
import type { Refusal } from '../answers/refusal-reason.js';
import { chooseSuccess } from '../answers/respond.js';

/** The media types an operation's answers declare, per loaded operation. */
const offeredBy = new WeakMap<ArtifactOperation, string[]>();

/**
 * The media types an operation can answer in: those of its success responses (2xx, `2XX`),
 * else of its `default`, else of the response it answers instead (respond.ts). A `default`
 * beside declared successes is the error answer, which is not negotiated.
 */
function offered(operation: ArtifactOperation): string[] {
  let media = offeredBy.get(operation);
  if (media === undefined) {
    const keys = Object.keys(operation.responses).filter((key) => /^2(\d\d|XX)$/.test(key));
    const responses = keys.length > 0 ? keys.map((key) => operation.responses[key]!) : [operation.responses.default ?? chooseSuccess(operation, 200).response];
    media = [...new Set(responses.flatMap((response) => Object.keys(response?.content ?? {})))];
    offeredBy.set(operation, media);
  }
  return media;
}

/**
 * 406 where the request's `Accept` takes none of the media types the operation answers in.
 * An operation that answers no body (a 204) has nothing to negotiate.
 */
export function notAcceptable(operation: ArtifactOperation, accept: string | undefined): Refusal | null {
  if (accept === undefined) return null;
  const media = offered(operation);
  if (media.length === 0 || acceptedMedia(media, accept).length > 0) return null;
  return { status: 406, code: 'not_acceptable', message: `the answer is ${media.join(' or ')}, which Accept: ${accept} does not take`, field: null };
}
