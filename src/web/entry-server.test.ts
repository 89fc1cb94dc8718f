// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ROUTES, routePath, type RouteName } from '#shared/routes';
import { pageOf } from './entry-server';

describe("the server entry's page choice (ADR 051)", () => {
  it('renders on the server exactly the routes the table marks so; the browser renders the rest', () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const path = routePath(name, { id: 7, slug: 'panaderia', seccion: 'pagos' });
      const { kind } = pageOf(path, '');
      if ('ssr' in ROUTES[name]) expect(kind, path).toBe(name);
      else expect(kind, path).toBe('client');
    }
  });

  it('answers an unknown path with the not-found page, and the map view is the browser’s', () => {
    expect(pageOf('/otra-cosa', '').kind).toBe('not-found');
    expect(pageOf('/comercio/0', '').kind).toBe('not-found');
    expect(pageOf('/', '?vista=mapa').kind).toBe('client');
  });
});
