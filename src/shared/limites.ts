import { SEARCH_MAX_LENGTH } from './constants';

// Apart from constants.ts, which every page's first load uses: the forms and the server read these, and a
// module's exports travel together into whichever browser chunk holds it (ADR 023).

/** Text limits we chose (the spec sets none): generous for real shops, small enough to keep pages light. */
export const LIMITS = {
  nombre: 120,
  descripcion: 2000,
  horario: 120,
  horarioDia: 80,
  direccion: 200,
  telefono: 30,
  email: 254,
  password: 128,
  servicio: 60,
  servicios: 30,
  categorias: 10,
  promoTitulo: 120,
  promoDescripcion: 1000,
  promoDescuento: 40,
  promoMedioPagoOtro: 80,
  promoCondiciones: 500,
  promociones: 50,
  search: SEARCH_MAX_LENGTH,
} as const;
