/** What ends `simplane mock`: the lines to print, the first saying what went wrong. It exits 1. */
export class MockFailure extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines[0] ?? 'the mock failed');
  }
}

/** A build that did not end ready: its code and detail, then its diagnostics, one a line. */
export class MockBuildFailed extends MockFailure {}
