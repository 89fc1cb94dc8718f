import { LIMITS } from '#shared/limites';
import { DIA_PARAMS, type DiaParam } from '#shared/rules/dias-url';
import { MEDIOS_PAGO, type MedioPago } from '#shared/rules/promocion-dias';

/**
 * Promociones' "Medio de pago", "Banco o tarjeta" and "Día" of a URL, unknown values dropped (the server would
 * refuse them).
 */
export interface PagoDia {
  pago?: MedioPago | undefined;
  /** Free text, the words the promotion's bank/card text must hold (ADR 047). */
  banco?: string | undefined;
  dia?: DiaParam | undefined;
}

export function pagoDiaOf(raw: {
  pago?: string | undefined;
  banco?: string | undefined;
  dia?: string | undefined;
}): PagoDia {
  const banco = raw.banco?.replace(/\s+/g, ' ').trim();
  return {
    pago: MEDIOS_PAGO.find((m) => m === raw.pago),
    banco: banco && banco.length <= LIMITS.promoMedioPagoOtro ? banco : undefined,
    dia: DIA_PARAMS.find((d) => d === raw.dia),
  };
}
