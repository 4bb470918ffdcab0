/**
 * Bounds on an uploaded zip, checked while it is read so a hostile archive is refused before
 * it costs memory: the entry count is known from the central directory, inflated bytes are
 * counted as they come out (a header's sizes may lie), and an entry that inflates far beyond
 * its compressed size is a bomb whatever its header says.
 */
export const BUNDLE_LIMITS = {
  maxEntries: 1000,
  maxInflatedBytes: 64 * 1024 * 1024,
  /** Inflated bytes per compressed byte allowed for one entry once it is past `ratioFreeBytes`. */
  maxRatio: 200,
  ratioFreeBytes: 1024 * 1024,
  /** Documents read by following imports: far above any real service, far below a quadratic blow-up. */
  maxDocuments: 500,
  /** Elements of all documents read together (element-budget.ts): about half a gigabyte parsed at most. */
  maxElements: 1_000_000,
} as const;
