import type { LetraChica } from './promocion-dias';

// Apart from promocion-dias.ts (every page's promotion cards): the owner's editor and tests start from it, and a
// module's exports travel together into whichever browser chunk holds it (ADR 023).

/** A promotion without fine print: every day, from the start, any means of payment. */
export const SIN_LETRA_CHICA: LetraChica = {
  dias: [],
  desde: null,
  mediosPago: [],
  medioPagoOtro: '',
  tope: null,
  compraMinima: null,
  condiciones: '',
};
