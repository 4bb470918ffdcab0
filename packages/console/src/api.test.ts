import { SimplaneApiError, SimplaneConnectionError } from '@simplane/client';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './api.js';

describe('describeFailure', () => {
  it("shows a refusal as its status and code, with the problem's detail", () => {
    const refusal = new SimplaneApiError(409, { code: 'simulation_world_owned', detail: 'manage it through its World', validation: null });
    expect(describeFailure(refusal)).toEqual({ title: '409 simulation_world_owned', detail: 'manage it through its World', status: 409 });
  });

  it('shows a request that got no answer as the reason the client gives', () => {
    expect(describeFailure(new SimplaneConnectionError('http://x', 'ECONNREFUSED'))).toEqual({ title: 'The control plane did not answer', detail: 'ECONNREFUSED', status: null });
  });

  it('shows any other failure by its name and message, never a stack', () => {
    expect(describeFailure(new RangeError('the document is too large'))).toEqual({ title: 'RangeError', detail: 'the document is too large', status: null });
    expect(describeFailure('odd')).toEqual({ title: 'Something went wrong', detail: 'odd', status: null });
  });
});
