import type { Localidad, Dia } from './constants';
import type { OpinionesResumen } from './opiniones';
import type { PromocionValues } from './schemas/promocion';

/** Every error the API sends: a stable code for programs and a Spanish message for people. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/**
 * A page of the business grid. A search that found little may add `sugerencia`, the query with its words
 * corrected ("¿Quisiste decir …?", ADR 040).
 */
export interface ComercioPage extends Page<ComercioCard> {
  sugerencia?: string;
}

export type HorarioDetallado = Record<Dia, string>;

/** A business as a card in the public grid: no gallery, no contact data, a short description. */
export interface ComercioCard {
  id: number;
  nombre: string;
  categoria: string;
  descripcion: string;
  /** Mean stars of its visible opinions, 0 with none (issue 29). */
  rating: number;
  /**
   * How many visible opinions: cards read "★ 4,5 (12)", none reads "Nuevo". Every server answer has it; only the
   * client's bundled offline fallback (sample cards) goes without.
   */
  opiniones?: number;
  imagen: string | null;
  horario: string;
  distancia: string;
  localidad: Localidad;
  destacado: boolean;
  /** The map pin (WGS 84 degrees); null when the owner has not placed the business on the map. */
  lat: number | null;
  lng: number | null;
  /** With "Cerca mío" only: metres from the visitor (their position rounded to about 100 m). */
  distanciaMetros?: number;
  /** In search results only: the title of the active promotion the search matched, when nothing else did. */
  promoCoincidente?: string;
}

/** A stored promotion: what the owner wrote (the schema's output, id required) and the business it belongs to. */
export type Promocion = Omit<PromocionValues, 'id'> & { id: number; comercioId: number };

export interface PromocionCard extends Promocion {
  comercio: { id: number; nombre: string; categoria: string; imagen: string | null };
  /** With "Cerca mío" only: metres from the visitor to the promotion's business. */
  distanciaMetros?: number;
}

/** A business on the results map: just what a marker and its popup show. */
export interface ComercioPin {
  id: number;
  nombre: string;
  categoria: string;
  lat: number;
  lng: number;
}

/** The map of the current results: every matching business with a pin, up to the cap (then `truncated`). */
export interface ComercioMapa {
  items: ComercioPin[];
  truncated: boolean;
}

export interface Comercio extends ComercioCard {
  direccion: string;
  telefono: string;
  email: string;
  whatsapp: string;
  servicios: string[];
  galeria: string[];
  horarioDetallado: HorarioDetallado;
  pagoStatus: boolean;
  fechaPago: string | null;
  /** Why an operator hid it (only its owner ever sees a hidden business); null when it is not hidden. */
  ocultoMotivo: string | null;
}

export interface ComercioDetalle extends Comercio {
  /** Published right now (paid, fewer than 30 days ago), as decided by the server. */
  publicado: boolean;
  /** The viewer owns this business (owners may preview it unpublished). */
  esPropio: boolean;
  /** Visible promotions when published; the owner's preview of an unpublished business gets none. */
  promociones: Promocion[];
  /** The "Opiniones" section: the bars and the newest opinions (empty in the owner's unpublished preview). */
  opinionesResumen: OpinionesResumen;
}

/** The owner's edit form: the business with every one of its promotions (expired and inactive included). */
export interface ComercioEditable extends Comercio {
  promociones: Promocion[];
  /** Where the form started: sent back with a save, which is refused if the business changed since (a 409). */
  revision: string;
}
