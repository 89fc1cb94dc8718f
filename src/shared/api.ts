import type { Localidad, Dia } from './constants';
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

export type HorarioDetallado = Record<Dia, string>;

/** A business as a card in the public grid: no gallery, no contact data, a short description. */
export interface ComercioCard {
  id: number;
  nombre: string;
  categoria: string;
  descripcion: string;
  rating: number;
  imagen: string | null;
  horario: string;
  distancia: string;
  localidad: Localidad;
  destacado: boolean;
  /** In search results only: the title of the active promotion the search matched, when nothing else did. */
  promoCoincidente?: string;
}

/** A stored promotion: what the owner wrote (the schema's output, id required) and the business it belongs to. */
export type Promocion = Omit<PromocionValues, 'id'> & { id: number; comercioId: number };

export interface PromocionCard extends Promocion {
  comercio: { id: number; nombre: string; categoria: string; imagen: string | null };
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
}

export interface ComercioDetalle extends Comercio {
  /** Published right now (paid, fewer than 30 days ago), as decided by the server. */
  publicado: boolean;
  /** The viewer owns this business (owners may preview it unpublished). */
  esPropio: boolean;
  /** Visible promotions when published; the owner's preview of an unpublished business gets none. */
  promociones: Promocion[];
}

/** The owner's edit form: the business with every one of its promotions (expired and inactive included). */
export interface ComercioEditable extends Comercio {
  promociones: Promocion[];
}
