/**
 * Paths inside a bundle: `/`-separated, relative to its root, with no `.` or `..` left. Zip
 * entry names and import locations are both brought to this form, so an import finds its
 * document whatever separator or detour it was written with, and nothing can name a file
 * outside the bundle.
 */

/** The normalised path, or null when it is absolute or climbs above the root. */
export function normaliseBundlePath(raw: string): string | null {
  const slashed = raw.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed) || slashed.includes('\0')) return null;
  const out: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

/** A location that names something outside the bundle by URL (`http:`, `https:`, `file:`, `urn:`...): never fetched. */
export function isExternalLocation(location: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]+:/.test(location.trim()) || location.trim().startsWith('//');
}

/**
 * Where a relative `location` written in the document at `from` points, or null when it
 * leaves the bundle (a rooted path, or more `..` than folders). A query or fragment is dropped;
 * percent-escapes are decoded, as a URL reference's are.
 */
export function resolveBundlePath(from: string, location: string): string | null {
  let relative = location.trim().replace(/[?#].*$/, '');
  if (relative.startsWith('/') || relative.startsWith('\\')) return null;
  try {
    relative = decodeURIComponent(relative);
  } catch {
    // A stray `%` is kept as written.
  }
  const slash = from.lastIndexOf('/');
  const folder = slash < 0 ? '' : from.slice(0, slash + 1);
  return normaliseBundlePath(folder + relative);
}
