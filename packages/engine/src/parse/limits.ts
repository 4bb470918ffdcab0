/**
 * Fixed limits that keep hostile documents cheap to refuse. Real OpenAPI documents nest a few
 * dozen levels at most; 512 leaves room while keeping every later recursive pass safe on the
 * default stack.
 */
export const PARSE_LIMITS = {
  maxDepth: 512,
  /** YAML alias expansions; a billion-laughs document needs thousands. */
  maxAliasCount: 100,
} as const;
