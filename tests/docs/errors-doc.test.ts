import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, RETRYABLE_CODES } from '@simplane/core';

/** Every code of SPEC.md section 7, with its status: the contract the catalogue must keep. */
const SPEC_CODES: Record<string, number> = {
  bad_request: 400, simulator_unknown: 400, invalid_read_only_header: 400, auth_invalid: 401,
  auth_forbidden: 403, simulation_read_only: 403, simulation_not_found: 404, simulator_not_found: 404,
  world_not_found: 404, not_found: 404, clock_advance_not_found: 404, method_not_allowed: 405,
  request_timeout: 408, simulator_not_ready: 409, simulation_stopped: 409, simulation_world_owned: 409,
  simulation_platform_owned: 409, simulator_in_use: 409, world_conflict: 409, clock_conflict: 409,
  payload_too_large: 413, unsupported_media_type: 415, validation: 422, simulation_quota_exceeded: 429,
  build_rate_exceeded: 429, simulation_capacity: 429, internal: 500, simulation_template_missing: 500,
  simulation_provider_unavailable: 503, internal_unavailable: 503, auth_provider_unavailable: 503,
  simulation_unreachable: 503, simulation_timeout: 504,
};

function documentedRows(): Map<string, { status: number; retryable: boolean }> {
  const text = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const rows = new Map<string, { status: number; retryable: boolean }>();
  for (const match of text.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \| (yes|no) \|/gm)) {
    rows.set(match[2]!, { status: Number(match[1]), retryable: match[3] === 'yes' });
  }
  return rows;
}

describe('the error catalogue', () => {
  it('holds every code of the contract with its status', () => {
    for (const [code, status] of Object.entries(SPEC_CODES)) {
      expect([code, ERROR_STATUS[code as keyof typeof ERROR_STATUS]]).toEqual([code, status]);
    }
  });

  it('is documented row for row in docs/errors.md', () => {
    const rows = documentedRows();
    expect([...rows.keys()].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    for (const [code, row] of rows) {
      const key = code as keyof typeof ERROR_STATUS;
      expect({ code, ...row }).toEqual({ code, status: ERROR_STATUS[key], retryable: RETRYABLE_CODES.has(key) });
    }
  });

  it('marks exactly the 503, 504 and capacity codes retryable (SPEC section 7, rule 3)', () => {
    const expected = Object.entries(ERROR_STATUS)
      .filter(([code, status]) => status === 503 || status === 504 || code === 'simulation_capacity')
      .map(([code]) => code)
      .sort();
    expect([...RETRYABLE_CODES].sort()).toEqual(expected);
  });
});
