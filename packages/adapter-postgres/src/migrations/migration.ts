/** One versioned schema change. Versions only grow; a released migration is never edited. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
