import { incrementBase32, ulid } from 'ulid';

/** Resource ID prefixes (DESIGN section 2). IDs are prefix + 26-character ULID. */
export const ID_PREFIX = {
  simulator: 'smr',
  simulation: 'sim',
  world: 'wld',
  credential: 'crd',
  clockAdvance: 'adv',
  workspace: 'wsp',
  organization: 'org',
  request: 'req',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';
const patterns = new Map<IdKind, RegExp>(
  (Object.keys(ID_PREFIX) as IdKind[]).map((kind) => [kind, new RegExp(`^${ID_PREFIX[kind]}_${ULID}$`)]),
);

export function isId(kind: IdKind, value: string): boolean {
  return patterns.get(kind)!.test(value);
}

/** Port: mints IDs. Tests inject a deterministic one; production uses ULIDs. */
export interface IdGenerator {
  next(kind: IdKind): string;
}

/**
 * ULIDs, monotonic within the process so IDs minted in one millisecond still sort. The library
 * mints the first ULID of each millisecond; later ones in the same millisecond (or after the
 * clock went back) keep its time part and increment its random part, as ulid's own monotonic
 * factory does, which encodes the time again on every call: two thirds of an ID's cost, and
 * every response carries a fresh `Request-Id`.
 */
export class UlidIdGenerator implements IdGenerator {
  private readonly random = pooledRandom();
  private lastTime = -1;
  private timePart = '';
  private randomPart = '';

  constructor(private readonly now: () => number = Date.now) {}

  next(kind: IdKind): string {
    const time = this.now();
    if (time > this.lastTime) {
      const first = ulid(time, this.random);
      this.lastTime = time;
      this.timePart = first.slice(0, TIME_CHARS);
      this.randomPart = first.slice(TIME_CHARS);
    } else {
      this.randomPart = incrementBase32(this.randomPart);
    }
    return `${ID_PREFIX[kind]}_${this.timePart}${this.randomPart}`;
  }
}

/** A ULID is 10 characters of time and 16 of randomness. */
const TIME_CHARS = 10;

/**
 * Uniform numbers in [0, 1) from the platform's CSPRNG, drawn 4 KiB at a time: ulid asks for
 * one number per character, and one system call per character showed up on every request
 * (each response carries a fresh `Request-Id`).
 */
export function pooledRandom(poolBytes = 4096): () => number {
  const pool = new Uint8Array(poolBytes);
  let at = pool.length;
  return () => {
    if (at === pool.length) {
      globalThis.crypto.getRandomValues(pool);
      at = 0;
    }
    return pool[at++]! / 256;
  };
}
