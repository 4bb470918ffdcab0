/**
 * The media type of each kind of file a web bundle holds, by file extension: the one list the
 * console's asset table reads. A file of another kind is sent as `application/octet-stream`,
 * which a browser never runs or renders (its answers carry `nosniff`).
 */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
};

const UNKNOWN = 'application/octet-stream';

/** The `Content-Type` of a file by its name. */
export function mediaTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return (Object.hasOwn(MEDIA_TYPES, extension) ? MEDIA_TYPES[extension] : undefined) ?? UNKNOWN;
}
