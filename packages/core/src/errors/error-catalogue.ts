/**
 * The one error catalogue: every control-plane error code with its HTTP status.
 * Append-only. A `Record` keyed by the code type means a code cannot ship without a status;
 * `docs/errors.md` is kept in step by a test.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  simulator_unknown: 400,
  invalid_read_only_header: 400,
  auth_invalid: 401,
  auth_forbidden: 403,
  simulation_read_only: 403,
  simulation_not_found: 404,
  simulator_not_found: 404,
  world_not_found: 404,
  credential_not_found: 404,
  not_found: 404,
  clock_advance_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  simulator_not_ready: 409,
  simulation_stopped: 409,
  simulation_world_owned: 409,
  simulation_platform_owned: 409,
  simulator_in_use: 409,
  world_conflict: 409,
  clock_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  simulation_quota_exceeded: 429,
  build_rate_exceeded: 429,
  simulation_capacity: 429,
  internal: 500,
  simulation_template_missing: 500,
  simulation_provider_unavailable: 503,
  internal_unavailable: 503,
  auth_provider_unavailable: 503,
  simulation_unreachable: 503,
  simulation_timeout: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes a client may retry after a short delay (SPEC section 7, rule 3). */
export const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'simulation_capacity',
  'simulation_provider_unavailable',
  'internal_unavailable',
  'auth_provider_unavailable',
  'simulation_unreachable',
  'simulation_timeout',
]);

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
