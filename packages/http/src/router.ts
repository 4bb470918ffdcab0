import type { Route } from './route.js';

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

interface CompiledRoute {
  route: Route;
  segments: Array<{ literal: string } | { param: string }>;
  /** Index of the segment that may take several path parts (the route's `spanning` parameter), or -1. */
  spans: number;
}

/** Matches paths segment by segment against OpenAPI-style templates; literals win over params. */
export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(readonly routes: readonly Route[]) {
    this.compiled = routes.map((route) => {
      const segments = route.path
        .split('/')
        .slice(1)
        .map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s }));
      const spanning = route.spanning?.name;
      const spans = spanning === undefined ? -1 : segments.findIndex((s) => 'param' in s && s.param === spanning);
      if (spanning !== undefined && spans === -1) throw new Error(`route ${route.path} has no parameter ${spanning}`);
      return { route, segments, spans };
    });
    const seen = new Set<string>();
    for (const r of routes) {
      const key = `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`;
      if (seen.has(key)) throw new Error(`duplicate route ${key}`);
      seen.add(key);
    }
  }

  match(method: string, path: string): RouteMatch {
    const parts = path.split('/').slice(1);
    const candidates: Array<{ route: Route; params: Record<string, string>; literals: number }> = [];
    for (const { route, segments, spans } of this.compiled) {
      // A spanning parameter takes the path parts the template has no segment for.
      const extra = parts.length - segments.length;
      if (extra !== 0 && (spans === -1 || extra < 0)) continue;
      const params: Record<string, string> = {};
      let literals = 0;
      const ok = segments.every((segment, i) => {
        const at = spans !== -1 && i > spans ? i + extra : i;
        if ('literal' in segment) {
          literals += 1;
          return segment.literal === parts[at];
        }
        const taken = i === spans ? parts.slice(i, i + extra + 1) : [parts[at]!];
        if (taken.some((part) => part.length === 0)) return false;
        params[segment.param] = taken.map(safeDecode).join('/');
        return true;
      });
      if (ok) candidates.push({ route, params, literals });
    }
    if (candidates.length === 0) return { kind: 'not_found' };
    const best = Math.max(...candidates.map((c) => c.literals));
    const top = candidates.filter((c) => c.literals === best);
    // HEAD is GET without the body (RFC 9110 section 9.3.2); the handler drops the body.
    const wanted = method === 'HEAD' ? 'GET' : method;
    const hit = top.find((c) => c.route.method === wanted);
    if (hit !== undefined) return { kind: 'found', route: hit.route, params: hit.params };
    const allow: string[] = [...new Set(top.map((c) => c.route.method))];
    if (allow.includes('GET')) allow.push('HEAD');
    return { kind: 'method_not_allowed', allow: allow.sort() };
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
