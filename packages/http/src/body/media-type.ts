/** A parsed `Content-Type`: lower-case essence and lower-case parameter names. */
export interface MediaType {
  essence: string;
  params: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** Parses a Content-Type header; null when it is absent or malformed. */
export function parseMediaType(header: string | undefined): MediaType | null {
  if (header === undefined || header.length > 1024) return null;
  const [head, ...rest] = header.split(';');
  const essence = head!.trim().toLowerCase();
  const [type, subtype, extra] = essence.split('/');
  if (type === undefined || subtype === undefined || extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype)) return null;
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const value = part.slice(eq + 1).trim();
    params[part.slice(0, eq).trim().toLowerCase()] = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return { essence, params };
}

/** `application/json` or any `application/*+json`, in UTF-8. */
export function isJsonMediaType(media: MediaType | null): boolean {
  if (media === null) return false;
  const json = media.essence === 'application/json' || (media.essence.startsWith('application/') && media.essence.endsWith('+json'));
  const charset = media.params.charset?.toLowerCase();
  return json && (charset === undefined || charset === 'utf-8' || charset === 'utf8');
}
