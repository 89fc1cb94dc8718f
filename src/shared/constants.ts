/** Business constants of the spec, section 9. One place for every number the product promises. */
export const PUBLICATION_FEE = 450;
export const PUBLICATION_CURRENCY = 'ARS';
export const PUBLICATION_DAYS = 30;
export const MIN_PASSWORD_LENGTH = 6;
/** Promotions list: first page and every scroll step. */
export const PROMO_PAGE_SIZE = 8;
export const SCROLL_STEP_DELAY_MS = 500;
export const SCROLL_THRESHOLD = 0.9;
/** Business grid page: 12 fills 1, 2, 3 and 4 column layouts evenly. */
export const COMERCIO_PAGE_SIZE = 12;
export const FEATURED_PROMO_LIMIT = 6;
/**
 * The results map shows at most this many pins (ADR 019): enough for any filtered view of the metro area,
 * small enough for a phone to download and draw. Beyond it the map says so and asks for a filter.
 */
export const MAP_PIN_LIMIT = 1000;
export const URGENCY_DAYS = 7;
export const GALLERY_MAX = 3;
export const DEFAULT_DISTANCIA = '-- km';
export const CLOSED_TEXT = 'Cerrado';
export const BUSINESS_TIMEZONE = 'America/Argentina/Mendoza';

export const LOCALIDADES = ['Godoy Cruz', 'Capital', 'Guaymallen'] as const;
export type Localidad = (typeof LOCALIDADES)[number];
export const DEFAULT_LOCALIDAD: Localidad = 'Capital';
/** What users read: the stored value stays the spec's "Guaymallen". */
export const LOCALIDAD_LABELS: Record<Localidad, string> = {
  'Godoy Cruz': 'Godoy Cruz',
  Capital: 'Capital',
  Guaymallen: 'Guaymallén',
};

export const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
export type Dia = (typeof DIAS)[number];

/** A day's short name, as cards and hours summaries write it ("Lun a Vie", "Mar y Jue"). */
export const DIA_CORTO: Record<Dia, string> = {
  Lunes: 'Lun',
  Martes: 'Mar',
  Miércoles: 'Mié',
  Jueves: 'Jue',
  Viernes: 'Vie',
  Sábado: 'Sáb',
  Domingo: 'Dom',
};

/** The search box's longest text (LIMITS.search, which the server checks): the public pages need only this limit. */
export const SEARCH_MAX_LENGTH = 100;
/** A category's longest name, which the server checks; a URL's longer `categoria` names none. */
export const CATEGORIA_MAX_LENGTH = 60;

/** The page's <meta name> that tells the client which payments provider runs ("sandbox" shows the test-mode banner). */
export const PAYMENTS_MODE_META = 'vidriera-payments';
