// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CATEGORIA_MAX_LENGTH, SEARCH_MAX_LENGTH } from '#shared/constants';
import { matchRoute, OPERADOR_SECCIONES, ROUTES, routePath, type RouteName } from '#shared/routes';
import {
  detalleBackTarget,
  EMPTY_FILTERS,
  listaView,
  MAX_INITIAL_PAGES,
  parseUrl,
  sameScreen,
  viewToUrl,
  type View,
} from './routes';

describe('parseUrl', () => {
  it('reads the home filters from the query string', () => {
    expect(parseUrl('/', '?q=pan%20casero&categoria=Panader%C3%ADa&localidad=Guaymallen')).toEqual(
      listaView({ q: 'pan casero', categoria: 'Panadería', localidad: 'Guaymallen' }),
    );
  });

  it('reads and writes home\'s "Hoy" toggle beside the other filters', () => {
    const view = listaView({ categoria: 'Café', localidad: 'Capital', hoy: true });
    expect(parseUrl('/', '?categoria=Caf%C3%A9&localidad=Capital&hoy=1')).toEqual(view);
    expect(viewToUrl(view)).toBe('/?categoria=Caf%C3%A9&localidad=Capital&hoy=1');
    expect(parseUrl('/', '?hoy=si')).toEqual(listaView());
    expect(viewToUrl(listaView({ hoy: false }))).toBe('/');
  });

  it('ignores a locality outside the three and blank values', () => {
    expect(parseUrl('/', '?localidad=Lujan&q=%20%20')).toEqual(listaView());
  });

  it('reads a locality as people write it (accents and case), and writes it back as the app does', () => {
    const view = listaView({ localidad: 'Guaymallen' });
    expect(parseUrl('/', '?localidad=Guaymall%C3%A9n')).toEqual(view);
    expect(viewToUrl(view)).toBe('/?localidad=Guaymallen');
    expect(parseUrl('/promociones', '?localidad=godoy%20cruz')).toEqual({
      name: 'promociones',
      categoria: '',
      localidad: 'Godoy Cruz',
    });
  });

  it('reads hand-edited free text as the server would accept it, so the page still searches', () => {
    expect(parseUrl('/', '?q=%00pan%09casero%E2%80%AE')).toEqual(listaView({ q: 'pan casero' }));
    const long = 'a'.repeat(SEARCH_MAX_LENGTH + 50);
    expect(parseUrl('/', `?q=${long}`)).toEqual(listaView({ q: 'a'.repeat(SEARCH_MAX_LENGTH) }));
    // An emoji straddling the limit is dropped whole, never split into half a character.
    const straddling = `${'a'.repeat(SEARCH_MAX_LENGTH - 1)}😀`;
    expect(parseUrl('/', `?q=${encodeURIComponent(straddling)}`)).toEqual(
      listaView({ q: 'a'.repeat(SEARCH_MAX_LENGTH - 1) }),
    );
    expect(parseUrl('/', `?categoria=${'c'.repeat(CATEGORIA_MAX_LENGTH + 1)}`)).toEqual(listaView());
    expect(parseUrl('/promociones', '?banco=Banco%00Naci%C3%B3n')).toEqual({
      name: 'promociones',
      categoria: '',
      banco: 'Banco Nación',
    });
  });

  it('maps every view path', () => {
    expect(parseUrl('/promociones', '?categoria=Caf%C3%A9')).toEqual({ name: 'promociones', categoria: 'Café' });
    expect(parseUrl('/promociones', '?localidad=Guaymallen')).toEqual({
      name: 'promociones',
      categoria: '',
      localidad: 'Guaymallen',
    });
    expect(parseUrl('/promociones', '?localidad=Lujan')).toEqual({ name: 'promociones', categoria: '' });
    expect(viewToUrl({ name: 'promociones', categoria: 'Café', localidad: 'Godoy Cruz' })).toBe(
      '/promociones?categoria=Caf%C3%A9&localidad=Godoy+Cruz',
    );
    expect(parseUrl('/comercio/42', '')).toEqual({ name: 'detalle', id: 42 });
    expect(parseUrl('/comercio/42/editar', '')).toEqual({ name: 'editar', id: 42 });
    expect(parseUrl('/mis-comercios', '')).toEqual({ name: 'mis-comercios' });
    expect(parseUrl('/registrar', '')).toEqual({ name: 'registro' });
  });

  it("keeps Promociones' means of payment and weekday in the URL", () => {
    const view = { name: 'promociones', categoria: '', pago: 'modo', dia: 'miercoles' } as const;
    expect(viewToUrl(view)).toBe('/promociones?pago=modo&dia=miercoles');
    expect(parseUrl('/promociones', '?pago=modo&dia=miercoles')).toEqual(view);
    // "Hoy" and a weekday both choose the day: a link with both keeps "Hoy".
    expect(parseUrl('/promociones', '?hoy=1&pago=modo&dia=miercoles')).toEqual({
      name: 'promociones',
      categoria: '',
      hoy: true,
      pago: 'modo',
    });
    expect(parseUrl('/promociones', '?pago=&dia=')).toEqual({ name: 'promociones', categoria: '' });
  });

  it('reads a business URL with or without its slug, and the pages a list URL asks for', () => {
    expect(parseUrl('/comercio/42-panaderia-la-espiga', '')).toEqual({ name: 'detalle', id: 42 });
    expect(parseUrl('/comercio/42-cualquier-cosa', '?utm_source=whatsapp')).toEqual({ name: 'detalle', id: 42 });
    expect(parseUrl('/comercio/abc-panaderia', '')).toEqual({ name: 'not-found' });
    expect(viewToUrl({ name: 'detalle', id: 42, nombre: 'Panadería La Espiga' })).toBe(
      '/comercio/42-panaderia-la-espiga',
    );
    expect(viewToUrl({ name: 'detalle', id: 42 })).toBe('/comercio/42');
    expect(parseUrl('/', '?page=3&categoria=Caf%C3%A9')).toEqual({
      name: 'lista',
      filters: { q: '', categoria: 'Café', localidad: '' },
      page: 3,
    });
    // At most MAX_INITIAL_PAGES; page 1 and nonsense mean the first page only.
    expect(parseUrl('/', '?page=999')).toMatchObject({ page: MAX_INITIAL_PAGES });
    expect(parseUrl('/', '?page=1')).toEqual(listaView());
    expect(parseUrl('/', '?page=x')).toEqual(listaView());
    expect(viewToUrl({ name: 'lista', filters: EMPTY_FILTERS, page: 2 })).toBe('/?page=2');
    expect(parseUrl('/promociones', '?page=2')).toEqual({ name: 'promociones', categoria: '', page: 2 });
    expect(viewToUrl({ name: 'promociones', categoria: '', page: 2 })).toBe('/promociones?page=2');
  });

  it('tolerates a trailing slash', () => {
    expect(parseUrl('/promociones/', '')).toEqual({ name: 'promociones', categoria: '' });
    expect(parseUrl('/comercio/7/', '')).toEqual({ name: 'detalle', id: 7 });
  });

  it('treats bad ids and unknown paths as not found', () => {
    for (const path of [
      '/comercio/0',
      '/comercio/abc',
      '/comercio/-3',
      '/comercio/99999999999',
      '/comercio/1.5',
      '/otra-cosa',
      '/comercio',
    ]) {
      expect(parseUrl(path, '')).toEqual({ name: 'not-found' });
    }
  });
});

describe('viewToUrl', () => {
  it('writes only the filters that are set', () => {
    expect(viewToUrl(listaView())).toBe('/');
    expect(viewToUrl(listaView({ localidad: 'Capital' }))).toBe('/?localidad=Capital');
    expect(viewToUrl(listaView({ q: ' medialunas ', categoria: 'Panadería' }))).toBe(
      '/?q=medialunas&categoria=Panader%C3%ADa',
    );
    expect(viewToUrl({ name: 'promociones', categoria: '' })).toBe('/promociones');
    expect(viewToUrl({ name: 'not-found' })).toBeNull();
  });

  it('keeps the map view ("Lista / Mapa") in the URL, and nothing else turns it on', () => {
    expect(viewToUrl({ name: 'lista', filters: { q: '', categoria: '', localidad: 'Capital' }, mapa: true })).toBe(
      '/?localidad=Capital&vista=mapa',
    );
    expect(parseUrl('/', '?vista=lista')).toEqual(listaView());
    expect(parseUrl('/', '?vista=mapa&q=pan')).toEqual({
      name: 'lista',
      filters: { q: 'pan', categoria: '', localidad: '' },
      mapa: true,
    });
  });

  it('round-trips every view through its URL', () => {
    const views: View[] = [
      listaView({ q: 'café & té', categoria: 'Café', localidad: 'Godoy Cruz' }),
      { name: 'lista', filters: { q: '', categoria: 'Café', localidad: '' }, mapa: true },
      { name: 'promociones', categoria: 'Heladería' },
      { name: 'detalle', id: 12 },
      { name: 'editar', id: 3 },
      { name: 'mis-comercios' },
      { name: 'registro' },
    ];
    for (const view of views) {
      const url = new URL(viewToUrl(view)!, 'http://x');
      expect(parseUrl(url.pathname, url.search)).toEqual(view);
    }
  });
});

describe('sameScreen and detalleBackTarget', () => {
  it('filter changes stay on the same screen; another business is a new one', () => {
    expect(sameScreen(listaView({ q: 'a' }), listaView({ q: 'b' }))).toBe(true);
    expect(sameScreen({ name: 'detalle', id: 1 }, { name: 'detalle', id: 2 })).toBe(false);
    expect(sameScreen(listaView(), { name: 'promociones', categoria: '' })).toBe(false);
  });

  it('owners go back to mis-comercios, everyone else to lista', () => {
    expect(detalleBackTarget(true)).toEqual({ name: 'mis-comercios' });
    expect(detalleBackTarget(false)).toEqual(listaView());
  });
});

describe('the browser router and the route table (ADR 051)', () => {
  const paths = (Object.keys(ROUTES) as RouteName[]).flatMap((name) => [
    routePath(name, { id: 7 }),
    routePath(name, { id: 7, slug: 'panaderia-la-espiga', seccion: 'pagos' }),
  ]);

  it('opens the view of the route the server matched, for every route', () => {
    for (const path of paths) expect(parseUrl(path, '').name, path).toBe(matchRoute(path)?.name);
    for (const seccion of OPERADOR_SECCIONES)
      expect(parseUrl(`/operador/${seccion}`, '')).toEqual({ name: 'operador', seccion });
  });

  it('writes each view to a path of its own route', () => {
    for (const path of paths) {
      const view = parseUrl(path, '');
      expect(matchRoute(new URL(viewToUrl(view)!, 'http://x').pathname)?.name, path).toBe(view.name);
    }
  });

  it('shows the not-found view wherever the table has no page (the server answers 404)', () => {
    for (const path of ['/otra', '/comercio/0', '/operador/nada', '/mis-comercios/comprobante/x'])
      expect(parseUrl(path, '?q=pan')).toEqual({ name: 'not-found' });
  });
});
