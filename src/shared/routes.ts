// Imported by vite.config.ts too (the view chunks), whose loader does not know the project's path aliases:
// nothing here imports anything.

/**
 * Every page of the app, defined once (ADR 051): the browser's router (src/web/lib/routes.ts), the server's
 * answer to a page path (200 or 404, src/server/http/spa.ts), the server-rendered pages (the web app's server
 * entry and its view chunks), the preload hints, the sitemap and robots.txt all read this table.
 *
 * A route is a path: the query string is each view's own (its filters, src/web/lib/routes.ts).
 * Patterns in path-to-regexp's syntax: literal text, `:name` a parameter, `{…}` an optional part. Parameters:
 * `id` a row id (1 to 2,147,483,647), `slug` any text without '/', `seccion` a section of the operator console.
 */

export const OPERADOR_SECCIONES = ['resumen', 'comercios', 'denuncias', 'pagos', 'cuentas', 'auditoria'] as const;
export type OperadorSeccion = (typeof OPERADOR_SECCIONES)[number];

/**
 * Who may open a page: anyone; a signed-in account (every account may own businesses; a guest gets the login
 * dialog, spec §6); an operator (anyone else gets the not-found page, and the server answers 404).
 */
export type RouteAccess = 'public' | 'owner' | 'operator';

interface RouteDef {
  path: string;
  access: RouteAccess;
  /** Rendered by the server and hydrated (public, the same for every visitor); absent: the browser renders it. */
  ssr?: true;
}

export const ROUTES = {
  lista: { path: '/', access: 'public', ssr: true },
  promociones: { path: '/promociones', access: 'public', ssr: true },
  // `/comercio/12` and `/comercio/12-panaderia-la-espiga` are the same page (the server redirects to the slug).
  detalle: { path: '/comercio/:id{-:slug}', access: 'public', ssr: true },
  favoritos: { path: '/favoritos', access: 'public' },
  // The pages the account emails link to (ADR 028): the token is in the query.
  'nueva-contrasena': { path: '/nueva-contrasena', access: 'public' },
  'verificar-email': { path: '/verificar-email', access: 'public' },
  'mis-comercios': { path: '/mis-comercios', access: 'owner' },
  comprobante: { path: '/mis-comercios/comprobante/:id', access: 'owner' },
  registro: { path: '/registrar', access: 'owner' },
  editar: { path: '/comercio/:id/editar', access: 'owner' },
  'mi-cuenta': { path: '/mi-cuenta', access: 'owner' },
  operador: { path: '/operador{/:seccion}', access: 'operator' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
export type SsrRouteName = { [K in RouteName]: (typeof ROUTES)[K] extends { ssr: true } ? K : never }[RouteName];

/**
 * The lazy view module a server-rendered page hydrates (its path under src/web, as Vite's manifest keys it): the
 * build groups each into a chunk of its own (scripts/view-chunks.ts) and the server preloads it with the page.
 */
export const SSR_VIEW_MODULES: Record<SsrRouteName, string> = {
  lista: 'features/comercios/ListaView.tsx',
  promociones: 'features/promociones/PromocionesView.tsx',
  detalle: 'features/comercios/DetalleView.tsx',
};

// A type, not an interface: a view (any object with these properties) may be passed as route parameters.
export type RouteParams = {
  id?: number;
  slug?: string;
  seccion?: OperadorSeccion;
};
export interface RouteMatch {
  name: RouteName;
  params: RouteParams;
}

const MAX_ID = 2_147_483_647;

/** A row id as a URL writes it (its path or a query parameter), or null. */
export function parseId(raw: string | null): number | null {
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id >= 1 && id <= MAX_ID ? id : null;
}

const PARAMS: Record<string, string> = { id: '(\\d+)', slug: '([^/]*)', seccion: `(${OPERADOR_SECCIONES.join('|')})` };

const compiled = Object.entries(ROUTES).map(([name, { path }]) => {
  const keys: string[] = [];
  const source = path
    .replace(/\{/g, '(?:')
    .replace(/\}/g, ')?')
    .replace(/:(\w+)/g, (_, key: string) => {
      keys.push(key);
      return PARAMS[key]!;
    });
  return { name: name as RouteName, keys, re: new RegExp(`^${source}$`) };
});

/** The page of a path (a trailing slash ignored), or null: no page, the not-found page (404). */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { name, keys, re } of compiled) {
    const m = re.exec(path);
    if (!m) continue;
    const params: Record<string, string | number | null> = {};
    keys.forEach((key, i) => {
      const value = m[i + 1];
      if (value !== undefined) params[key] = key === 'id' ? parseId(value) : value;
    });
    return params.id === null ? null : { name, params };
  }
  return null;
}

/**
 * A route's path with its parameters; an optional part whose parameters are absent or empty is left out. Other
 * properties are ignored, so a view can be passed as it is.
 */
export function routePath(name: RouteName, params: RouteParams & Record<string, unknown> = {}): string {
  const value = (key: string) => (params[key] as RouteParams[keyof RouteParams]) ?? '';
  return ROUTES[name].path
    .replace(/\{([^}]*)\}/g, (_, part: string) => (/:(\w+)/.exec(part)?.slice(1).every(value) ? part : ''))
    .replace(/:(\w+)/g, (_, key: string) => String(value(key)));
}
