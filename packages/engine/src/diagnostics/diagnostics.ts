import { BUILD_LIMITS, type SpecificationIssue, VALIDATION_LIMITS } from '@simplane/core';
import { type FailureCode, RULES, type RuleCode, type WarningCode } from './rules.js';

export interface IssueAt {
  /** operationId or `METHOD /path`; empty for the document. */
  operation?: string;
  /** Readable location, e.g. `paths./pets.get.responses`. */
  location?: string;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function makeIssue(code: RuleCode, at: IssueAt, message: string, suggestion?: string): SpecificationIssue {
  const rule = RULES[code];
  return {
    code,
    kind: rule.kind,
    operation: clip(at.operation ?? '', VALIDATION_LIMITS.operation),
    location: clip(at.location ?? '', VALIDATION_LIMITS.location),
    message: clip(message, 2000),
    suggestion: suggestion ?? rule.suggestion,
  };
}

/** Thrown inside the pipeline when the document cannot be simulated; caught at its edge. */
export class SpecificationRejected extends Error {
  constructor(
    readonly issues: SpecificationIssue[],
    readonly total: number,
  ) {
    super(`specification rejected with ${total} issue(s)`);
  }
}

/**
 * Collects errors (at most 20 kept) and warnings (at most 40 kept) for one build, dropping exact
 * repeats, while counting everything so the detail can say how many were left out.
 */
export class Diagnostics {
  readonly errors: SpecificationIssue[] = [];
  readonly warnings: SpecificationIssue[] = [];
  errorTotal = 0;
  warningTotal = 0;
  private readonly seen = new Set<string>();

  error(code: FailureCode, at: IssueAt, message: string, suggestion?: string): void {
    if (!this.fresh(code, at)) return;
    this.errorTotal += 1;
    if (this.errors.length < VALIDATION_LIMITS.issues) this.errors.push(makeIssue(code, at, message, suggestion));
  }

  warn(code: WarningCode, at: IssueAt, message: string, suggestion?: string): void {
    if (!this.fresh(code, at)) return;
    this.warningTotal += 1;
    if (this.warnings.length < BUILD_LIMITS.warnings) this.warnings.push(makeIssue(code, at, message, suggestion));
  }

  get hasErrors(): boolean {
    return this.errorTotal > 0;
  }

  /** Ends the build here when anything so far makes the document unusable. */
  rejectIfErrors(): void {
    if (this.hasErrors) throw new SpecificationRejected(this.errors, this.errorTotal);
  }

  private fresh(code: string, at: IssueAt): boolean {
    const key = `${code}\u0000${at.operation ?? ''}\u0000${at.location ?? ''}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

/** Rejects at once with a single issue: for problems after which nothing else can be checked. */
export function reject(code: FailureCode, at: IssueAt, message: string, suggestion?: string): never {
  throw new SpecificationRejected([makeIssue(code, at, message, suggestion)], 1);
}
