import { DIA_PARAMS, type DiaParam } from '#shared/rules/dias-url';
import { MEDIOS_PAGO, type MedioPago } from '#shared/rules/promocion-dias';

/** Promociones' "Medio de pago" and "Día" of a URL, unknown values dropped (the server would refuse them). */
export interface PagoDia {
  pago?: MedioPago | undefined;
  dia?: DiaParam | undefined;
}

export function pagoDiaOf(raw: { pago?: string | undefined; dia?: string | undefined }): PagoDia {
  return { pago: MEDIOS_PAGO.find((m) => m === raw.pago), dia: DIA_PARAMS.find((d) => d === raw.dia) };
}
