import { z } from 'zod';
import { contar } from '#shared/plural';

/** What is counted per business and day. "visitas" comes from the detail page itself; the rest are taps. */
export const CONTADORES = ['visitas', 'whatsapp', 'llamadas', 'comoLlegar', 'compartidos'] as const;
export type Contador = (typeof CONTADORES)[number];

/** The taps the detail page reports (a view is counted by the server when it serves the page). */
export const eventoSchema = z.object({
  tipo: z.enum(['whatsapp', 'llamadas', 'comoLlegar', 'compartidos'], { error: 'Tipo de evento no válido.' }),
});
export type Evento = z.infer<typeof eventoSchema>;

export type Contadores = Record<Contador, number>;

export interface EstadisticaDia extends Contadores {
  /** "YYYY-MM-DD" in Mendoza. */
  dia: string;
}

export interface Estadisticas {
  /** The last 30 days, oldest first, today last (days without counts are zeros). */
  dias: EstadisticaDia[];
  total30: Contadores;
  /** Everything counted since the business was first published. */
  totalHistorico: Contadores;
}

export const ESTADISTICAS_DIAS = 30;

export function emptyContadores(): Contadores {
  return { visitas: 0, whatsapp: 0, llamadas: 0, comoLlegar: 0, compartidos: 0 };
}

/** "124 visitas, 31 contactos por WhatsApp en 30 días" */
export function resumenEstadisticas(total: Contadores, dias = ESTADISTICAS_DIAS): string {
  return `${contar(total.visitas, 'visita', 'visitas')}, ${contar(total.whatsapp, 'contacto', 'contactos')} por WhatsApp en ${dias} días`;
}
