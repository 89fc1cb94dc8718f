import { CATEGORIA_MAX_LENGTH, LOCALIDADES, SEARCH_MAX_LENGTH, type Localidad } from '#shared/constants';
import { matchRoute, parseId, ROUTES, routePath, type OperadorSeccion } from '#shared/routes';
import { comercioPath } from '#shared/seo/slug';
import { foldAccents } from '#shared/text';

/** Filters of the home grid, mirrored to the query string so reload, back and shared links keep them. */
export interface ListaFilters {
  q: string;
  categoria: string;
  /** '' means every locality. */
  localidad: Localidad | '';
  /** Home's "Hoy" toggle: the promotions home shows are only today's (absent = off). */
  hoy?: boolean;
  /** The grid's sort: "Mejor valorados" (absent = featured first, then by name). */
  orden?: 'valorados';
  /** "Abierto ahora": only businesses open now, as the server's clock says (ADR 045; absent = off). */
  abierto?: boolean;
  /** "Cerca mío" is on (ADR 045): a reload asks for the position again; the position itself is never in the URL. */
  cerca?: boolean;
}

export const EMPTY_FILTERS: ListaFilters = { q: '', categoria: '', localidad: '' };

/** The views of the spec (§2), as an internal state machine; each one has exactly one URL. */
export type View =
  | {
      name: 'lista';
      filters: ListaFilters;
      /** Pages of the grid shown at first (`?page=3`): the "Cargar más" link works without JavaScript. */
      page?: number;
      /** The results as a map instead of the grid ("Lista / Mapa", `?vista=mapa`). */
      mapa?: boolean;
    }
  | {
      name: 'promociones';
      categoria: string;
      /** Absent or '' means every locality. */
      localidad?: Localidad | '';
      /** Only promotions that apply today ("Promos de hoy"). */
      hoy?: boolean;
      /**
       * "Medio de pago" and "Día" as the URL writes them (absent = any). Which values exist is the view's to
       * check (features/promociones/filters.ts): their lists stay out of the code every page loads.
       */
      pago?: string;
      /** "Banco o tarjeta": words of a promotion's bank/card text (ADR 047). */
      banco?: string;
      dia?: string;
      /** Pages shown at first (`?page=2`): how a visitor without JavaScript sees more. */
      page?: number;
    }
  /** `nombre`, when known, gives the link its readable slug (`/comercio/12-panaderia-la-espiga`). */
  | { name: 'detalle'; id: number; nombre?: string }
  | { name: 'favoritos' }
  | { name: 'mis-comercios' }
  | { name: 'registro' }
  | { name: 'editar'; id: number }
  | { name: 'comprobante'; id: number }
  /** The signed-in person's account: name, email, password, deletion (ADR 028). */
  | { name: 'mi-cuenta' }
  /** Pages the account emails link to, with the link's token (ADR 028). */
  | { name: 'nueva-contrasena'; token: string }
  | { name: 'verificar-email'; token: string }
  /** The operator console (owners and guests see not-found: the server answers 404 too). */
  | { name: 'operador'; seccion: OperadorSeccion; id?: number }
  /** `comercio`: the page of a business that does not exist or is hidden (its own message). */
  | { name: 'not-found'; comercio?: boolean };

export type { OperadorSeccion } from '#shared/routes';

/** Views a guest cannot open: the login dialog opens instead (spec §6). */
export function isProtectedView(view: View): boolean {
  return view.name !== 'not-found' && ROUTES[view.name].access === 'owner';
}

export function listaView(filters: Partial<ListaFilters> = {}): View {
  return { name: 'lista', filters: { ...EMPTY_FILTERS, ...filters } };
}

/** Pages a URL may ask the grid to show at once (each is 12 cards): more is treated as this many. */
export const MAX_INITIAL_PAGES = 10;

function parsePage(raw: string | null): number {
  const page = raw && /^\d{1,3}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), MAX_INITIAL_PAGES);
}

/** A locality as people write it too: "Guaymallén" (as the screen spells it), "godoy cruz". */
function parseLocalidad(raw: string | null): Localidad | '' {
  const written = foldAccents(raw?.trim() ?? '');
  return (written && LOCALIDADES.find((l) => foldAccents(l) === written)) || '';
}

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL_OR_SPACE = /[\s\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]+/g;

/**
 * A URL's free text as the server accepts it: control characters (a pasted tab, a `%00`) become spaces, and
 * text past `max` is cut, so a hand-edited link still searches instead of failing the whole page.
 */
function urlText(raw: string | null, max: number): string {
  // Cut between two characters, never inside an emoji's surrogate pair.
  return (raw ?? '')
    .replace(CONTROL_OR_SPACE, ' ')
    .trim()
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
}

/** A category no business can have (longer than any the server accepts) filters by none. */
function urlCategoria(raw: string | null): string {
  const text = urlText(raw, Infinity);
  return text.length <= CATEGORIA_MAX_LENGTH ? text : '';
}

/** Path + query string → view. Unknown paths are the not-found view; bad query values are ignored. */
export function parseUrl(pathname: string, search: string): View {
  const route = matchRoute(pathname);
  if (!route) return { name: 'not-found' };
  const { id = 0, seccion = 'resumen' } = route.params;
  const params = new URLSearchParams(search);
  switch (route.name) {
    case 'lista': {
      const filters: ListaFilters = {
        q: urlText(params.get('q'), SEARCH_MAX_LENGTH),
        categoria: urlCategoria(params.get('categoria')),
        localidad: parseLocalidad(params.get('localidad')),
        ...(params.get('hoy') === '1' ? { hoy: true } : {}),
        ...(params.get('orden') === 'valorados' ? { orden: 'valorados' as const } : {}),
        ...(params.get('abierto') === '1' ? { abierto: true } : {}),
        ...(params.get('cerca') === '1' ? { cerca: true } : {}),
      };
      const page = parsePage(params.get('page'));
      return {
        name: 'lista',
        filters,
        ...(page > 1 ? { page } : {}),
        ...(params.get('vista') === 'mapa' ? { mapa: true } : {}),
      };
    }
    case 'promociones': {
      const localidad = parseLocalidad(params.get('localidad'));
      const page = parsePage(params.get('page'));
      const pago = params.get('pago');
      const banco = urlText(params.get('banco'), Infinity);
      const dia = params.get('dia');
      const hoy = params.get('hoy') === '1';
      return {
        name: 'promociones',
        categoria: urlCategoria(params.get('categoria')),
        ...(localidad ? { localidad } : {}),
        ...(hoy ? { hoy } : {}),
        ...(pago ? { pago } : {}),
        ...(banco ? { banco } : {}),
        // "Hoy" and a weekday both choose the day: a link with both (exclusive on screen) keeps "Hoy".
        ...(dia && !hoy ? { dia } : {}),
        ...(page > 1 ? { page } : {}),
      };
    }
    case 'nueva-contrasena':
    case 'verificar-email':
      return { name: route.name, token: (params.get('token') ?? '').trim() };
    case 'detalle':
    case 'editar':
    case 'comprobante':
      return { name: route.name, id };
    case 'operador': {
      const detail = seccion === 'comercios' && parseId(params.get('id'));
      return detail ? { name: 'operador', seccion, id: detail } : { name: 'operador', seccion };
    }
    default:
      return { name: route.name };
  }
}

function withQuery(path: string, entries: Array<[string, string]>): string {
  const params = new URLSearchParams(entries.filter(([, v]) => v !== ''));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** View → path + query string. Not-found has no URL of its own: it keeps the current one (null). */
export function viewToUrl(view: View): string | null {
  switch (view.name) {
    case 'lista':
      return withQuery(routePath('lista'), [
        ['q', view.filters.q.trim()],
        ['categoria', view.filters.categoria],
        ['localidad', view.filters.localidad],
        ['hoy', view.filters.hoy ? '1' : ''],
        ['orden', view.filters.orden ?? ''],
        ['abierto', view.filters.abierto ? '1' : ''],
        ['cerca', view.filters.cerca ? '1' : ''],
        ['vista', view.mapa ? 'mapa' : ''],
        ['page', view.page && view.page > 1 ? String(view.page) : ''],
      ]);
    case 'promociones':
      return withQuery(routePath('promociones'), [
        ['categoria', view.categoria],
        ['localidad', view.localidad ?? ''],
        ['hoy', view.hoy ? '1' : ''],
        ['pago', view.pago ?? ''],
        ['banco', view.banco ?? ''],
        ['dia', view.dia ?? ''],
        ['page', view.page && view.page > 1 ? String(view.page) : ''],
      ]);
    case 'detalle':
      return view.nombre ? comercioPath(view.id, view.nombre) : routePath('detalle', view);
    case 'nueva-contrasena':
    case 'verificar-email':
      return withQuery(routePath(view.name), [['token', view.token]]);
    case 'operador':
      // The console's first section is the console's own path.
      return withQuery(routePath('operador', view.seccion === 'resumen' ? {} : view), [
        ['id', view.id ? String(view.id) : ''],
      ]);
    case 'not-found':
      return null;
    default:
      return routePath(view.name, view);
  }
}

/** Two views are "the same screen" when a change between them is not a view change (no scroll to top). */
export function sameScreen(a: View, b: View): boolean {
  if (a.name !== b.name) return false;
  if (a.name === 'detalle' && b.name === 'detalle') return a.id === b.id;
  if (a.name === 'editar' && b.name === 'editar') return a.id === b.id;
  if (a.name === 'comprobante' && b.name === 'comprobante') return a.id === b.id;
  if (a.name === 'operador' && b.name === 'operador') return a.seccion === b.seccion;
  return true;
}

/** The single place that decides where detalle's back button goes (spec §2: owners return to mis-comercios). */
export function detalleBackTarget(esPropio: boolean): View {
  return esPropio ? { name: 'mis-comercios' } : listaView();
}
