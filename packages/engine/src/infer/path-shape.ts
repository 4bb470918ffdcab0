export type Segment = { kind: 'literal'; text: string } | { kind: 'param'; name: string } | { kind: 'pattern'; text: string; names: string[] };

/**
 * A format extension ending a template (`/Messages.json`, `/Messages/{Sid}.json`, as Twilio
 * writes every path): it names the representation, not a resource, so `Messages.json` is the
 * collection `Messages` and `{Sid}.json` its id. Only for understanding paths: routing matches
 * the template as written.
 */
const FORMAT_EXTENSION = /\.(json|xml)$/i;

/** `/users/{id}/orders` → literal, param, literal. Mixed segments (`{id}-v2`) are patterns. */
export function parseSegments(template: string): Segment[] {
  const trimmed = template.replace(/^\/+/, '').replace(FORMAT_EXTENSION, '');
  if (trimmed === '') return [];
  return trimmed.split('/').map((text): Segment => {
    const whole = /^\{([^{}]+)\}$/.exec(text);
    if (whole) return { kind: 'param', name: whole[1] as string };
    if (text.includes('{')) return { kind: 'pattern', text, names: [...text.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] as string) };
    return { kind: 'literal', text };
  });
}

/** Templates that differ only in parameter names share a shape: `/pets/{}` for both `{id}` and `{petId}`. */
export function shapeKey(segments: readonly Segment[]): string {
  return `/${segments.map((s) => (s.kind === 'literal' ? s.text : s.kind === 'param' ? '{}' : s.text.replace(/\{[^{}]+\}/g, '{}'))).join('/')}`;
}

export function paramNames(segments: readonly Segment[]): string[] {
  return segments.flatMap((s) => (s.kind === 'param' ? [s.name] : s.kind === 'pattern' ? s.names : []));
}
