/**
 * Content negotiation (RFC 9110 section 12.5.1): which of the media types an answer declares a
 * request's `Accept` takes, and in which order of preference. JSON types stand for each other
 * (`application/json` takes `application/vnd.github+json` and the other way round), as do XML
 * types: clients send their API's vendor type where documents declare the plain one.
 */
import { remembered } from '@simplane/core';

interface AcceptRange {
  type: string;
  subtype: string;
  q: number;
}

/** An `Accept` header's ranges (q=0 ones too: they refuse); remembered, as clients send the same few. */
const parseAccept = remembered((header: string): AcceptRange[] => {
  const out: AcceptRange[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';');
    const [type = '', subtype = ''] = range.trim().toLowerCase().split('/');
    if (type === '' || subtype === '') continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    out.push({ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 1 });
  }
  return out;
});

/** JSON types (`json`, `vnd.api+json`) and XML types stand for each other; any other subtype only for itself. */
function sameFamily(a: string, b: string): boolean {
  const family = (subtype: string) => (subtype === 'json' || subtype.endsWith('+json') ? 'json' : subtype === 'xml' || subtype.endsWith('+xml') ? 'xml' : null);
  return family(a) !== null && family(a) === family(b);
}

/** How closely a range takes a declared media type: 3 exactly, 2 by its family, 1 by `type/*`, 0 by `*\/*`; -1 not at all. */
function specificity(range: AcceptRange, mediaType: string): number {
  const [type = '', subtype = ''] = (mediaType.split(';')[0] ?? '').trim().toLowerCase().split('/');
  // A declared range (`*/*`, `image/*`) answers whatever the request takes of it.
  if (type === '*') return 0;
  if (subtype === '*') return range.type === '*' || range.type === type ? 0 : -1;
  if (range.type === '*') return 0;
  if (range.type === type && range.subtype === subtype) return 3;
  if (sameFamily(range.subtype, subtype)) return 2;
  return range.type === type && range.subtype === '*' ? 1 : -1;
}

/** The preference (q) the request gives a media type: that of its most specific range, 0 when none takes it. */
function preference(ranges: AcceptRange[], mediaType: string): number {
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const s = specificity(range, mediaType);
    if (s > best) {
      best = s;
      q = range.q;
    }
  }
  return q;
}

/**
 * The declared media types a request takes, most preferred first (ties keep the declared
 * order); every one when the request has no `Accept` or none that can be read.
 */
export function acceptedMedia(declared: readonly string[], accept: string | undefined): string[] {
  const ranges = accept === undefined ? [] : parseAccept(accept);
  if (ranges.length === 0) return [...declared];
  return declared
    .map((mediaType, index) => ({ mediaType, index, q: preference(ranges, mediaType) }))
    .filter((m) => m.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((m) => m.mediaType);
}
