/**
 * The console's routes: every view has a path under /console, so a link can be copied, opened
 * in a new tab or reloaded (the server answers index.html for any /console/* path). Pure
 * functions of the path, so they are tested without a DOM.
 */

export const BASE = '/console';

export type Route =
  | { view: 'simulators' }
  | { view: 'simulator'; id: string }
  | { view: 'simulations' }
  | { view: 'simulation'; id: string }
  | { view: 'worlds' }
  | { view: 'world'; id: string }
  | { view: 'credentials' }
  | { view: 'quota' }
  | { view: 'not-found'; path: string };

/** The view a path shows. `/console` itself opens the Simulations, the view most visits are for. */
export function matchRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '');
  if (path !== BASE && !path.startsWith(`${BASE}/`)) return { view: 'not-found', path: pathname };
  const parts = path.slice(BASE.length).split('/').filter((part) => part !== '');
  const [section, id, ...rest] = parts;
  if (rest.length > 0) return { view: 'not-found', path: pathname };
  const decoded = id === undefined ? undefined : decode(id);
  if (id !== undefined && decoded === undefined) return { view: 'not-found', path: pathname };
  switch (section) {
    case undefined:
      return { view: 'simulations' };
    case 'simulators':
      return decoded === undefined ? { view: 'simulators' } : { view: 'simulator', id: decoded };
    case 'simulations':
      return decoded === undefined ? { view: 'simulations' } : { view: 'simulation', id: decoded };
    case 'worlds':
      return decoded === undefined ? { view: 'worlds' } : { view: 'world', id: decoded };
    case 'credentials':
      return decoded === undefined ? { view: 'credentials' } : { view: 'not-found', path: pathname };
    case 'quota':
      return decoded === undefined ? { view: 'quota' } : { view: 'not-found', path: pathname };
    default:
      return { view: 'not-found', path: pathname };
  }
}

/** The path of a route; IDs are encoded, so a reference such as `catalog/petstore:1.0` stays one segment. */
export function pathFor(route: Exclude<Route, { view: 'not-found' }>): string {
  switch (route.view) {
    case 'simulator':
      return `${BASE}/simulators/${encodeURIComponent(route.id)}`;
    case 'simulation':
      return `${BASE}/simulations/${encodeURIComponent(route.id)}`;
    case 'world':
      return `${BASE}/worlds/${encodeURIComponent(route.id)}`;
    default:
      return `${BASE}/${route.view}`;
  }
}

/**
 * Whether a click on a link is the router's to handle: a plain left click on a link to a
 * console path. A click with a modifier opens a tab or a window, as the browser would.
 */
export function isRouterClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean }, href: string): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  return href === BASE || href.startsWith(`${BASE}/`);
}

function decode(segment: string): string | undefined {
  try {
    const value = decodeURIComponent(segment);
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}
