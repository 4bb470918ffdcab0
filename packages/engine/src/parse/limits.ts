/**
 * Fixed limits that keep hostile documents cheap to refuse. Real OpenAPI documents nest a few
 * dozen levels at most; 512 leaves room while keeping every later recursive pass safe on the
 * default stack.
 */
export const PARSE_LIMITS = {
  maxDepth: 512,
  /**
   * How large YAML aliases may make a document once expanded, counted in nodes plus string
   * characters (keys included): about the length of the JSON it amounts to. A document without
   * aliases stays near its own length; a billion-laughs document needs millions of times it.
   */
  expansion: {
    /** Times the written length (the text, plus any overlays applied to it). */
    factor: 10,
    /** Allowed whatever the length, so small documents may share parts freely. */
    minimum: 2_000_000,
    /** Never more than this: about the largest document accepted at all (64 MiB). */
    maximum: 64 * 1024 * 1024,
  },
} as const;

/** The expanded size allowed for a document written in `length` characters. */
export function expansionLimit(length: number): number {
  const { factor, minimum, maximum } = PARSE_LIMITS.expansion;
  return Math.min(maximum, Math.max(minimum, factor * length));
}
