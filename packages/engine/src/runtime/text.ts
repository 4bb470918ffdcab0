/** Lower case without separators: how the artifact's decisions name values and fields to compare (`next_cursor` with `nextCursor`, `closed` with `Closed`). */
export function squash(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}
