const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
const instant = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Mendoza',
  dateStyle: 'short',
  timeStyle: 'short',
  hourCycle: 'h23',
});
const dayMonth = new Intl.DateTimeFormat('es-AR', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const monthYear = new Intl.DateTimeFormat('es-AR', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "$ 450" (es-AR). */
export const formatMoney = (n: number | string) => money.format(Number(n));
/** An instant in Mendoza: "20/11/26, 15:00". */
export const formatInstant = (iso: string) => instant.format(new Date(iso));
/** A calendar day "YYYY-MM-DD": "20 nov". */
export const formatDay = (day: string) => dayMonth.format(new Date(`${day}T00:00:00Z`));
/** "YYYY-MM": "Noviembre de 2026" (only the first letter up: CSS `capitalize` would also raise "De"). */
export const formatMonth = (month: string) => {
  const text = monthYear.format(new Date(`${month}-01T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const PAGO_STATUS_LABEL: Record<string, string> = {
  pending: 'Pendiente',
  processing: 'En proceso',
  action_required: 'Requiere acción',
  created: 'Creado',
  processed: 'Acreditado',
  failed: 'Rechazado',
  error: 'Error',
  refunded: 'Reembolsado',
  canceled: 'Cancelado',
  expired: 'Vencido',
};
export const pagoStatusLabel = (s: string) => PAGO_STATUS_LABEL[s] ?? s;

export const ACTION_LABEL: Record<string, string> = {
  promover_operador: 'Nombró operador',
  ocultar_comercio: 'Ocultó un comercio',
  restaurar_comercio: 'Restauró un comercio',
  descartar_denuncia: 'Descartó una denuncia',
  rechazar_revision: 'Rechazó un pedido de revisión',
  reembolsar_pago: 'Reembolsó un pago',
  suspender_cuenta: 'Suspendió una cuenta',
  reincorporar_cuenta: 'Reincorporó una cuenta',
  quitar_operador: 'Quitó el rol de operador',
  activar_dos_pasos: 'Activó la verificación en dos pasos',
  // Owners' own changes (shown in a business's history).
  crear_comercio: 'Creó el comercio',
  editar_comercio: 'Editó el comercio',
  editar_promociones: 'Editó las promociones',
  pagar_publicacion: 'Pagó la publicación',
  eliminar_comercio: 'Eliminó el comercio',
  pedir_revision: 'Pidió una revisión',
};
export const actionLabel = (a: string) => ACTION_LABEL[a] ?? a;
