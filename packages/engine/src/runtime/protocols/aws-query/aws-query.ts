/**
 * AWS's query protocol (IAM, SNS, STS, EC2...), as converted documents give it: each call at
 * `/#Action=CreateUser`, in a GET variant with its parameters in the query and a POST variant
 * whose body the document declares as XML. The SDKs POST the parameters form-encoded
 * (`Action=CreateUser&Version=...&UserName=bob`) and read XML answers wrapped in
 * `<CreateUserResponse><CreateUserResult>`, lists as `<member>` elements, and errors as
 * `<ErrorResponse><Error><Code>`.
 */
import type { SimRequest, SimResponse } from '@simplane/core';
import type { ArtifactOperation } from '../../../artifact/artifact.js';
import { isObject, setOwn, type Json } from '../../../json.js';
import type { RuntimeModel } from '../../model.js';
import { essence } from '../rest/request-body.js';
import { declaredExceptions } from '../aws-json/aws-errors.js';
import type { Refusal } from '../../answers/refusal-reason.js';
import { uuidFrom, type GenerateContext } from '../../values/generate-value.js';

/** Operations by the query-protocol call they name: every answer asks. */
const actions = new WeakMap<ArtifactOperation, string | null>();

/** The call an operation of the query protocol names (`CreateUser`), else null. */
export function queryAction(operation: ArtifactOperation | null): string | null {
  if (operation === null) return null;
  let action = actions.get(operation);
  if (action === undefined) {
    action = /#Action=([A-Za-z][A-Za-z0-9]*)$/.exec(operation.path)?.[1] ?? null;
    actions.set(operation, action);
  }
  return action;
}

/** Documents by whether they speak the query protocol. */
const speaksQuery = new WeakMap<object, boolean>();

/**
 * A form-encoded POST to a query-protocol document as the call it is: its parameters in the
 * query and no body, the form the documents give as each call's GET variant, which declares the
 * parameters one by one. Any other request as it is.
 */
export function asQueryCall(model: RuntimeModel, request: SimRequest): SimRequest {
  if (request.body === null || !isQueryForm(model, request)) return request;
  const form = Buffer.from(request.body).toString('utf8');
  return { ...request, method: 'GET', query: [request.query, form].filter((part) => part !== '').join('&'), body: null };
}

/** Whether a request is a form POST to a document of the query protocol, whose call is named in the form. */
export function isQueryForm(model: RuntimeModel, request: SimRequest): boolean {
  if (request.method.toUpperCase() !== 'POST') return false;
  const type = request.headers['content-type'];
  if (essence(Array.isArray(type) ? (type[0] ?? '') : (type ?? '')) !== 'application/x-www-form-urlencoded') return false;
  let known = speaksQuery.get(model.artifact);
  if (known === undefined) {
    known = model.artifact.operations.some((op) => queryAction(op) !== null);
    speaksQuery.set(model.artifact, known);
  }
  return known;
}

/**
 * A query-protocol call's parameters as the body its behaviour reads (a create's record, an
 * update's fields), without the protocol's own `Action` and `Version`. Undefined for any other call.
 */
export function queryCallBody(operation: ArtifactOperation, query: Record<string, Json>): Json | undefined {
  if (queryAction(operation) === null) return undefined;
  const body: Record<string, Json> = {};
  for (const [name, value] of Object.entries(query)) if (name !== 'Action' && name !== 'Version') setOwn(body, name, value);
  return body;
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A field's name as an element's: characters XML names do not allow, and a first one they cannot start with, as `_`. */
const tagOf = (name: string): string => name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^(?![A-Za-z_])/, '_');

/** A value as the query protocol's XML: a field per element, a list's items as `<member>`s. */
function element(name: string, value: Json): string {
  const tag = tagOf(name);
  if (Array.isArray(value)) return `<${tag}>${value.map((item) => element('member', item)).join('')}</${tag}>`;
  if (isObject(value)) return `<${tag}>${Object.entries(value).map(([key, inner]) => element(key, inner as Json)).join('')}</${tag}>`;
  return `<${tag}>${value === null ? '' : escape(String(value))}</${tag}>`;
}

/** A success answer's body: the value's fields inside `<ActionResult>`, inside `<ActionResponse>`, with a request id. */
export function queryAnswerXml(action: string, value: Json, requestId: string): string {
  const fields = isObject(value) ? Object.entries(value).map(([key, inner]) => element(key, inner as Json)).join('') : '';
  return `<?xml version="1.0" encoding="UTF-8"?><${action}Response><${action}Result>${fields}</${action}Result><ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></${action}Response>`;
}

/** Words of an error code that say which refusal it is, by status. */
const CODE_WORDS: Record<number, RegExp> = {
  400: /InvalidInput|InvalidParameter|Validation|Malformed/,
  404: /NoSuchEntity|NotFound|NoSuch/,
  409: /AlreadyExists|Conflict|InUse/,
};
const FALLBACK: Record<number, string> = { 401: 'InvalidClientTokenId', 403: 'AccessDenied', 404: 'NoSuchEntity', 409: 'EntityAlreadyExists' };

/**
 * A refusal as the query protocol answers it: `<ErrorResponse><Error><Type>Sender</Type>
 * <Code>NoSuchEntity</Code><Message>`, the code one the operation declares (its documents list
 * exceptions as responses described by name, `NoSuchEntityException`; the code is the name
 * without `Exception`, as the SDKs map it) that fits the refusal, with the refusal's status.
 */
export function queryRefusal(operation: ArtifactOperation, refusal: Refusal, ctx: GenerateContext): SimResponse {
  const declared = declaredExceptions(operation).map((name) => name.replace(/(Exception|Fault)$/, ''));
  const words = CODE_WORDS[refusal.status === 422 ? 400 : refusal.status];
  const code = (words === undefined ? undefined : declared.find((name) => words.test(name))) ?? FALLBACK[refusal.status] ?? 'InvalidInput';
  const body = `<?xml version="1.0" encoding="UTF-8"?><ErrorResponse><Error><Type>Sender</Type><Code>${escape(code)}</Code><Message>${escape(refusal.message)}</Message></Error><RequestId>${uuidFrom(ctx.random)}</RequestId></ErrorResponse>`;
  return { status: refusal.status === 422 ? 400 : refusal.status, headers: { ...refusal.headers, 'content-type': 'text/xml' }, body: Buffer.from(body) };
}
