/**
 * Every refusal the REST protocol answers, by code, with the statuses it comes with. The build
 * decides once for each what an error's enumerated kind field says (ErrorRole.kinds), so a code
 * refused here without an entry has its kind left to the generator: add it here with the code.
 */
export const REST_REFUSALS = {
  unauthorized: [401],
  missing_parameter: [400],
  invalid_parameter: [400],
  invalid_body: [400],
  unsupported_media_type: [415],
  not_acceptable: [406],
  validation_failed: [400, 422],
  method_not_allowed: [405],
  not_found: [404],
  invalid_cursor: [400],
  conflict: [409],
  patch_failed: [409],
} as const satisfies Record<string, readonly number[]>;
