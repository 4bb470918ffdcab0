/** Diagnostics of a rejected build (SPEC sections 2.7 and 2.8). */
export const ISSUE_KINDS = ['invalid', 'unsupported', 'incomplete', 'unknown'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

export interface SpecificationIssue {
  code: string;
  kind: IssueKind;
  /** Operation ID, or `METHOD /path`; empty for document-level issues. At most 243 characters. */
  operation: string;
  /** Readable endpoint or field. At most 512 characters. */
  location: string;
  message: string;
  suggestion: string;
}

export interface SpecificationValidation {
  /** At most 20 issues. */
  issues: SpecificationIssue[];
}

export const VALIDATION_LIMITS = { issues: 20, operation: 243, location: 512 } as const;
