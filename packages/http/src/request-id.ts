import type { IdGenerator } from '@simplane/core';

const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's own `Request-Id` when it is sane, so traces join up; otherwise mints one. */
export function requestIdFor(incoming: string | undefined, ids: IdGenerator): string {
  return incoming !== undefined && ACCEPTED.test(incoming) ? incoming : ids.next('request');
}
