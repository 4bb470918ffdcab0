import { Inflate } from 'fflate';
import { reject, SpecificationRejected } from '../../diagnostics/diagnostics.js';
import { BUNDLE_LIMITS } from './bundle-limits.js';
import { normaliseBundlePath } from './bundle-path.js';

/**
 * Reads a zip from its central directory, refusing what could hurt before inflating anything
 * (too many entries, names that leave the folder, links, duplicates), then inflating each entry
 * in small slices while counting what comes out. An entry may inflate to no more than its
 * header claims, and the claims are held to the limits first, so a bomb stops within a few
 * megabytes whatever its headers say. fflate's own unzip inflates a whole entry in one call, which is
 * exactly what a bomb needs.
 */

/** One file of the archive, in central-directory order. */
export interface ZipFile {
  path: string;
  bytes: Uint8Array;
}

interface Entry {
  name: string;
  path: string;
  method: number;
  compressedSize: number;
  /** As the central directory claims: checked before inflating, and held to while inflating. */
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes handed to the inflater at a time: at deflate's 1032:1 at most ~4 MiB comes out of one slice. */
const SLICE = 4096;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function invalid(why: string): never {
  return reject('bundle_invalid', { location: 'spec' }, `The upload starts like a zip but cannot be read: ${why}.`);
}

function unsafe(name: string, why: string): never {
  return reject('bundle_unsafe', { location: name === '' ? 'spec' : `spec!${name}` }, why);
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) if (view.getUint32(at, true) === EOCD) return at;
  return invalid('no end of central directory record (a truncated or spanned archive)');
}

/** Entries worth reading: files, not folders or macOS resource forks, checked for safety. */
function readCentralDirectory(bytes: Uint8Array, view: DataView): Entry[] {
  const eocd = findEndOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  if (count === 0xffff || view.getUint32(eocd + 16, true) === 0xffffffff) invalid('ZIP64 archives are not read');
  if (count > BUNDLE_LIMITS.maxEntries) unsafe('', `The zip has ${count} entries; at most ${BUNDLE_LIMITS.maxEntries} are read.`);
  const decoder = new TextDecoder('utf-8');
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let at = view.getUint32(eocd + 16, true);
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) invalid(`central directory entry ${i + 1} is damaged`);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const mode = view.getUint32(at + 38, true) >>> 16;
    const localOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > bytes.length) invalid(`central directory entry ${i + 1} is damaged`);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    const slashed = name.replace(/\\/g, '/');
    if (slashed.endsWith('/') || slashed.startsWith('__MACOSX/')) continue;
    const path = normaliseBundlePath(slashed);
    if (path === null || path === '') unsafe(name, `The zip entry ${JSON.stringify(name)} is an absolute path or climbs out of the archive's folder with ../.`);
    if ((mode & S_IFMT) === S_IFLNK) unsafe(name, `The zip entry ${JSON.stringify(name)} is a symbolic link; links are not followed.`);
    if (seen.has(path)) unsafe(name, `The zip holds ${JSON.stringify(path)} twice.`);
    if ((flags & 1) !== 0) invalid(`the entry ${JSON.stringify(name)} is encrypted`);
    if (method !== 0 && method !== 8) invalid(`the entry ${JSON.stringify(name)} uses compression method ${method}; only stored and deflated entries are read`);
    seen.add(path);
    entries.push({ name, path, method, compressedSize, size, localOffset });
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header. */
function compressedData(bytes: Uint8Array, view: DataView, entry: Entry): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) invalid(`the local header of ${JSON.stringify(entry.name)} is missing`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) invalid(`the data of ${JSON.stringify(entry.name)} runs past the end of the archive`);
  return bytes.subarray(start, start + entry.compressedSize);
}

class Budget {
  total = 0;

  /** Refuses what the headers admit to before anything is inflated: an honest bomb costs nothing. */
  check(entries: Entry[]): void {
    let claimed = 0;
    for (const entry of entries) {
      claimed += entry.size;
      this.#limit(entry, entry.size, claimed);
    }
  }

  /** Counts `n` more inflated bytes of the entry, refusing the archive when a bound is passed. */
  spend(entry: Entry, inflated: number, n: number): void {
    this.total += n;
    if (inflated > entry.size) unsafe(entry.name, `The zip entry ${JSON.stringify(entry.name)} inflates past the ${entry.size} bytes its header gives; it is refused.`);
    this.#limit(entry, inflated, this.total);
  }

  #limit(entry: Entry, inflated: number, total: number): void {
    if (total > BUNDLE_LIMITS.maxInflatedBytes) unsafe(entry.name, `The zip inflates to more than ${BUNDLE_LIMITS.maxInflatedBytes / 1024 / 1024} MiB (at ${JSON.stringify(entry.name)}); it is refused.`);
    if (inflated > BUNDLE_LIMITS.ratioFreeBytes && inflated > BUNDLE_LIMITS.maxRatio * Math.max(1, entry.compressedSize)) {
      unsafe(entry.name, `The zip entry ${JSON.stringify(entry.name)} inflates more than ${BUNDLE_LIMITS.maxRatio} times its compressed size (a zip bomb); it is refused.`);
    }
  }
}

function inflateEntry(data: Uint8Array, entry: Entry, budget: Budget): Uint8Array {
  if (entry.method === 0) {
    budget.spend(entry, data.length, data.length);
    return data.slice();
  }
  const chunks: Uint8Array[] = [];
  let inflated = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    inflated += chunk.length;
    budget.spend(entry, inflated, chunk.length);
    chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < data.length; at += SLICE) inflater.push(data.subarray(at, Math.min(at + SLICE, data.length)), at + SLICE >= data.length);
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof SpecificationRejected) throw error;
    invalid(`the entry ${JSON.stringify(entry.name)} does not inflate (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!ended && data.length > 0) invalid(`the entry ${JSON.stringify(entry.name)} is truncated`);
  const out = new Uint8Array(inflated);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The archive's files, inflated within BUNDLE_LIMITS, or a `bundle_invalid`/`bundle_unsafe` rejection. */
export function unzipBounded(bytes: Uint8Array): ZipFile[] {
  if (bytes.length < 22) invalid('it is shorter than an empty archive');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(bytes, view);
  const budget = new Budget();
  budget.check(entries);
  return entries.map((entry) => ({ path: entry.path, bytes: inflateEntry(compressedData(bytes, view, entry), entry, budget) }));
}
