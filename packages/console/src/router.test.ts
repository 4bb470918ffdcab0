import { describe, expect, it } from 'vitest';
import { isRouterClick, matchRoute, pathFor } from './router.js';

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

describe('matchRoute', () => {
  it('opens the Simulations at /console, with or without a trailing slash', () => {
    expect(matchRoute('/console')).toEqual({ view: 'simulations' });
    expect(matchRoute('/console/')).toEqual({ view: 'simulations' });
  });

  it('matches every list and detail view', () => {
    expect(matchRoute('/console/simulators')).toEqual({ view: 'simulators' });
    expect(matchRoute('/console/simulators/smr_01')).toEqual({ view: 'simulator', id: 'smr_01' });
    expect(matchRoute('/console/simulations/sim_01/')).toEqual({ view: 'simulation', id: 'sim_01' });
    expect(matchRoute('/console/worlds')).toEqual({ view: 'worlds' });
    expect(matchRoute('/console/worlds/wld_01')).toEqual({ view: 'world', id: 'wld_01' });
    expect(matchRoute('/console/credentials')).toEqual({ view: 'credentials' });
    expect(matchRoute('/console/quota')).toEqual({ view: 'quota' });
  });

  it('decodes an ID, so a reference with a slash is one segment', () => {
    expect(matchRoute('/console/simulators/catalog%2Fpetstore%3A1.0')).toEqual({ view: 'simulator', id: 'catalog/petstore:1.0' });
  });

  it('answers not-found for unknown sections, extra segments, details of lists without them and bad encodings', () => {
    for (const path of ['/console/nope', '/console/simulations/sim_01/steps', '/console/quota/x', '/console/credentials/crd_1', '/console/worlds/%E0%A4%A', '/consoles', '/v1/simulations']) {
      expect(matchRoute(path)).toEqual({ view: 'not-found', path });
    }
  });
});

describe('pathFor', () => {
  it('is the inverse of matchRoute', () => {
    const routes = [{ view: 'simulators' }, { view: 'simulator', id: 'catalog/petstore:1.0' }, { view: 'simulation', id: 'sim_01' }, { view: 'world', id: 'wld 1' }, { view: 'credentials' }, { view: 'quota' }] as const;
    for (const route of routes) expect(matchRoute(pathFor(route))).toEqual(route);
  });
});

describe('isRouterClick', () => {
  it('takes a plain left click on a console link', () => {
    expect(isRouterClick(click, '/console/worlds')).toBe(true);
    expect(isRouterClick(click, '/console')).toBe(true);
  });

  it('leaves a click with a modifier, another button, a handled click or a link elsewhere to the browser', () => {
    expect(isRouterClick({ ...click, ctrlKey: true }, '/console/worlds')).toBe(false);
    expect(isRouterClick({ ...click, metaKey: true }, '/console/worlds')).toBe(false);
    expect(isRouterClick({ ...click, shiftKey: true }, '/console/worlds')).toBe(false);
    expect(isRouterClick({ ...click, button: 1 }, '/console/worlds')).toBe(false);
    expect(isRouterClick({ ...click, defaultPrevented: true }, '/console/worlds')).toBe(false);
    expect(isRouterClick(click, '/v1/openapi.json')).toBe(false);
    expect(isRouterClick(click, '#main')).toBe(false);
  });
});
