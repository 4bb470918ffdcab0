import { expect } from 'vitest';

/** The SPEC 2.6 error body. */
export interface Problem {
  code: string;
  detail: string;
  validation: unknown;
}

/** Anything with a status, headers and a JSON body: a harness, Express or Lambda reply. */
export interface ReplyLike {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json<T = unknown>(): T;
  text?(): string;
}

/** Asserts a problem+json reply with exactly `{code, detail, validation}` and answers its body. */
export function expectProblem(reply: ReplyLike, status: number, code: string): Problem {
  expect({ status: reply.status, body: reply.text?.().slice(0, 300) }).toMatchObject({ status });
  expect(reply.headers['content-type']).toBe('application/problem+json');
  const body = reply.json<Problem>();
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'validation']);
  expect(body.code).toBe(code);
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  // Control-plane refusals carry no build diagnostics; those live on the Simulator resource.
  expect(body.validation).toBeNull();
  return body;
}
