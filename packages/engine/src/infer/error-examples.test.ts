import { describe, expect, it } from 'vitest';
import type { ArtifactOperation, ErrorFormat, JsonSchema } from '../artifact/artifact.js';
import type { Json } from '../json.js';
import { keepsText } from './error-example-plan.js';
import { withErrorExamples } from './error-examples.js';
import { SchemaLookup } from './schema-lookup.js';

// RFC 9457's example of a problem.
const outOfCredit = { type: 'https://example.com/probs/out-of-credit', title: 'You do not have enough credit.', status: 403, detail: 'Your current balance is 30, but that costs 50.' };
const schemas: Record<string, JsonSchema> = {
  // GitHub's basic-error: every field optional.
  BasicError: { type: 'object', properties: { message: { type: 'string' }, documentation_url: { type: 'string' }, status: { type: 'string' } } },
  // Twilio's error: the same, with numeric codes; `more_info` required here to show a required field kept.
  TwilioError: { type: 'object', required: ['more_info'], properties: { code: { type: 'integer' }, message: { type: 'string' }, more_info: { type: 'string' }, status: { type: 'integer' } } },
  Problem: { type: 'object', properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } }, examples: [outOfCredit] },
};
const lookup = new SchemaLookup(schemas);
const ref = (name: string): JsonSchema => ({ $ref: `#/schemas/${name}` });

/** An operation answering 200, and each given status with the schema and examples. */
function op(id: string, errors: Record<string, { schema: string; examples: Json[] }>, success = true): ArtifactOperation {
  const responses: ArtifactOperation['responses'] = success ? { '200': { description: 'ok', headers: {}, content: {} } } : {};
  for (const [status, { schema, examples }] of Object.entries(errors)) {
    responses[status] = { description: status, headers: {}, content: { 'application/json': { schema: ref(schema), examples: examples.map((value, i) => ({ name: `e${i}`, value })) } } };
  }
  return { id, operationId: id, method: 'GET', path: `/${id}`, summary: null, tags: [], deprecated: false, parameters: [], requestBody: null, responses, security: [], behaviour: 'read', resource: null, readOnly: true, list: null, action: null };
}

const format = (schema: string): ErrorFormat => ({ mediaType: 'application/json', schema: ref(schema) });

describe("the document's example of an error, chosen at build time", () => {
  it('is the example most operations give, its status fields written by the refusal and a generic message kept', () => {
    const notFound = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' };
    const other = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/gists', status: '404' };
    const ops = [op('a', { '404': { schema: 'BasicError', examples: [other] } }), op('b', { '404': { schema: 'BasicError', examples: [notFound] } }), op('c', { '404': { schema: 'BasicError', examples: [notFound] } })];
    const out = withErrorExamples({ '404': format('BasicError') }, ops, lookup)['404']!;
    expect(out.example).toEqual({ value: notFound, status: 404, fills: [{ path: ['status'], with: 'status' }] });
    // The operation whose own example differs keeps it for its own refusals.
    expect(out.operationExamples).toEqual({ a: { value: other, status: 404, fills: [{ path: ['status'], with: 'status' }] } });
  });

  it('on a tie, prefers an example whose message fits any refusal, then the first in the document', () => {
    const particular = { message: 'Budget with ID 550e8400-e29b-41d4-a716-446655440000 not found.' };
    const generic = { message: 'Not Found' };
    const out = withErrorExamples({ '404': format('BasicError') }, [op('a', { '404': { schema: 'BasicError', examples: [particular] } }), op('b', { '404': { schema: 'BasicError', examples: [generic, { message: 'Gone' }] } })], lookup)['404']!;
    // The operations disagree on the message, so no operation's text is the API's: the refusal's own answers.
    expect(out.example).toEqual({ value: generic, status: 404, fills: [{ path: ['message'], with: 'message' }] });
    const tie = withErrorExamples({ '404': format('BasicError') }, [op('a', { '404': { schema: 'BasicError', examples: [{ message: 'Missing' }] } }), op('b', { '404': { schema: 'BasicError', examples: [generic] } })], lookup)['404']!;
    expect(tie.example?.value).toEqual({ message: 'Missing' });
  });

  it("leaves out a value the operations give differently, or that one operation alone gives, where the schema allows; keeps what most agree on", () => {
    const ops = [
      op('create', { '404': { schema: 'BasicError', examples: [{ message: 'Not Found', documentation_url: 'https://docs.github.com/rest/billing#create' }] } }),
      op('update', { '404': { schema: 'BasicError', examples: [{ message: 'Budget with ID b1 not found.', documentation_url: 'https://docs.github.com/rest/billing#update' }, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/billing#update' }] } }),
      op('delete', { '404': { schema: 'BasicError', examples: [{ message: 'Not Found', status: '404' }] } }),
    ];
    const out = withErrorExamples({ '404': format('BasicError') }, ops, lookup)['404']!;
    // `Not Found` is given by all three; each link by one; the status by one of them alone.
    expect(out.example).toEqual({ value: { message: 'Not Found' }, status: 404, fills: [] });
    const twilio = [
      op('message', { '400': { schema: 'TwilioError', examples: [{ code: 21604, message: "A 'To' phone number is required.", more_info: 'https://www.twilio.com/docs/errors/21604', status: 400 }] } }),
      op('call', { '400': { schema: 'TwilioError', examples: [{ code: 21201, message: "No 'To' number is specified", more_info: 'https://www.twilio.com/docs/errors/21201', status: 400 }] } }),
    ];
    const split = withErrorExamples({ '400': format('TwilioError') }, twilio, lookup)['400']!;
    // The optional code is left out; the required link is kept as the example the document gives first.
    expect(split.example?.value).toEqual({ message: "A 'To' phone number is required.", more_info: 'https://www.twilio.com/docs/errors/21604', status: 400 });
    expect(split.example?.fills).toEqual([
      { path: ['message'], with: 'message' },
      { path: ['status'], with: 'status' },
    ]);
    // Each operation keeps its own code for its own refusals.
    expect(split.operationExamples?.call?.value).toMatchObject({ code: 21201 });
    expect(split.operationExamples?.message?.value).toMatchObject({ code: 21604 });
  });

  it("takes the schema's own example where no operation gives one, documenting the status its status field names", () => {
    const out = withErrorExamples({ default: format('Problem') }, [op('a', { default: { schema: 'Problem', examples: [] } })], lookup).default!;
    // The detail names figures of one request: the refusal's own sentence replaces it.
    expect(out.example).toEqual({
      value: outOfCredit,
      status: 403,
      fills: [
        { path: ['status'], with: 'status' },
        { path: ['detail'], with: 'message' },
      ],
    });
  });

  it('finds the field a refusal is about, optional where the schema lets it be left out, in an envelope or an errors array', () => {
    const stripe = { type: 'object', required: ['error'], properties: { error: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' }, param: { type: 'string' } } } } };
    const validation = { type: 'object', properties: { message: { type: 'string' }, errors: { type: 'array', items: { type: 'object', required: ['field'], properties: { field: { type: 'string' }, code: { type: 'string' } } } } } };
    const local = new SchemaLookup({ Stripe: stripe, Validation: validation });
    const example = { error: { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: currency.', param: 'currency' } };
    const out = withErrorExamples({ '400': format('Stripe'), '422': format('Validation') }, [op('a', { '400': { schema: 'Stripe', examples: [example] }, '422': { schema: 'Validation', examples: [{ message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] }] } })], local);
    expect(out['400']!.example?.fills).toEqual([
      { path: ['error', 'message'], with: 'message' },
      { path: ['error', 'param'], with: 'field', optional: true },
    ]);
    expect(out['422']!.example?.fills).toEqual([{ path: ['errors', 0, 'field'], with: 'field' }]);
  });

  it("reads a `default` as an error only where the operation declares its success apart, and an example of a default without a status as any status's", () => {
    const envelope = { message: 'Something went wrong.', documentation_url: 'https://docs.example.com/errors' };
    const successOnly = withErrorExamples({ default: format('BasicError') }, [op('a', { default: { schema: 'BasicError', examples: [envelope] } }, false)], lookup).default!;
    expect(successOnly.example).toBeUndefined();
    const out = withErrorExamples({ default: format('BasicError') }, [op('a', { default: { schema: 'BasicError', examples: [envelope] } })], lookup).default!;
    // Of no known status, its message cannot be known to describe the refusal: the refusal's own answers.
    expect(out.example).toEqual({ value: envelope, status: null, fills: [{ path: ['message'], with: 'message' }] });
  });

  it('leaves a format without examples as it was', () => {
    const formats = { '404': format('BasicError') };
    expect(withErrorExamples(formats, [op('a', { '404': { schema: 'BasicError', examples: [] } })], lookup)).toEqual(formats);
  });
});

describe("an example's message", () => {
  it('stands where it names nothing particular to one request', () => {
    for (const text of ['Not Found', 'Validation Failed', 'Authenticate', 'Requires authentication', 'Insufficient permissions', "You can't perform that action at this time.", 'Read and/or write access required']) {
      expect([text, keepsText(text)]).toEqual([text, true]);
    }
  });

  it("is the refusal's own where it names a record, a field or a value", () => {
    for (const text of [
      "No such customer: 'cus_NffrFeUfNV2Hib'",
      'Missing required param: currency.',
      'Budget with ID 550e8400-e29b-41d4-a716-446655440000 not found.',
      'The requested resource /2010-04-01/Accounts/AC123/Calls/CA123.json was not found',
      'The alert_number is not valid',
      'Your current balance is 30, but that costs 50.',
      'The field "title" is required',
      'See https://docs.example.com for details',
      'No user has the address ada@example.com',
    ]) {
      expect([text, keepsText(text)]).toEqual([text, false]);
    }
  });
});
