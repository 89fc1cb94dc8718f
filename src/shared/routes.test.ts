import { describe, expect, it } from 'vitest';
import { matchRoute, OPERADOR_SECCIONES, parseId, ROUTES, routePath, type RouteName, type RouteParams } from './routes';

/** Every path the app answers, by the route that must answer it. */
const KNOWN: Array<[string, RouteName, RouteParams]> = [
  ['/', 'lista', {}],
  ['/promociones', 'promociones', {}],
  ['/promociones/', 'promociones', {}],
  ['/comercio/42', 'detalle', { id: 42 }],
  ['/comercio/42-panaderia-la-espiga', 'detalle', { id: 42, slug: 'panaderia-la-espiga' }],
  ['/comercio/7/', 'detalle', { id: 7 }],
  ['/comercio/2147483647', 'detalle', { id: 2_147_483_647 }],
  ['/comercio/42/editar', 'editar', { id: 42 }],
  ['/favoritos', 'favoritos', {}],
  ['/mis-comercios', 'mis-comercios', {}],
  ['/mis-comercios/comprobante/9', 'comprobante', { id: 9 }],
  ['/registrar', 'registro', {}],
  ['/mi-cuenta', 'mi-cuenta', {}],
  ['/nueva-contrasena', 'nueva-contrasena', {}],
  ['/verificar-email', 'verificar-email', {}],
  ['/operador', 'operador', {}],
  ...OPERADOR_SECCIONES.map((s): [string, RouteName, RouteParams] => [`/operador/${s}`, 'operador', { seccion: s }]),
];

const UNKNOWN = [
  '/otra-cosa',
  '/comercio',
  '/comercio/',
  '/comercio/0',
  '/comercio/abc',
  '/comercio/abc-panaderia',
  '/comercio/-3',
  '/comercio/1.5',
  '/comercio/2147483648',
  '/comercio/99999999999',
  '/comercio/12/editar/mas',
  '/comercio/x/editar',
  '/mis-comercios/comprobante',
  '/mis-comercios/comprobante/0',
  '/operador/nada',
  '/operador/comercios/5',
  '/promociones/hoy',
  '/api/comercios',
  '/PROMOCIONES',
];

describe('the route table', () => {
  it('gives every known path its one route and parameters', () => {
    for (const [path, name, params] of KNOWN) expect(matchRoute(path), path).toEqual({ name, params });
  });

  it('covers every route with a known path', () => {
    expect(new Set(KNOWN.map(([, name]) => name))).toEqual(new Set(Object.keys(ROUTES)));
  });

  it('answers nothing else: an unknown path, a bad id or section is no page (404)', () => {
    for (const path of UNKNOWN) expect(matchRoute(path), path).toBeNull();
  });

  it('writes each route back to a path that matches it with the same parameters', () => {
    for (const [path, name, params] of KNOWN) {
      const written = routePath(name, params);
      expect(matchRoute(written), path).toEqual({ name, params });
      if (!path.endsWith('/') || path === '/') expect(written).toBe(path);
    }
    // An empty optional parameter leaves its part out.
    expect(routePath('detalle', { id: 3, slug: '' })).toBe('/comercio/3');
    // Other properties (a whole view) are ignored.
    expect(routePath('editar', { name: 'editar', id: 3 })).toBe('/comercio/3/editar');
  });

  it('reads a row id only as the database can hold it', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2_147_483_647);
    for (const raw of [null, '', '0', '2147483648', '01x', '-1', '1e3']) expect(parseId(raw), String(raw)).toBeNull();
  });
});
