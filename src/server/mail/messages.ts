import type { Comprobante } from '#shared/comprobantes';
import { PUBLICATION_FEE } from '#shared/constants';
import { formatDateTimeInstant, formatLongInstant } from '#shared/rules/dates-owner';
import { formatMoney } from '#shared/rules/money';
import { daysUntil, mendozaDate } from '#shared/rules/dates';

/** One email, in plain text and simple HTML (Spanish, voseo). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type MailKind = 'receipt' | 'reminder_7d' | 'reminder_1d' | 'ended';

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Paragraphs and one call to action, the same words in both parts. */
export function compose(
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  rows: Array<[string, string]> = [],
): MailContent {
  const text = [
    ...paragraphs,
    ...(rows.length ? [rows.map(([k, v]) => `${k}: ${v}`).join('\n')] : []),
    `${action.label}: ${action.url}`,
    'Vidriera · Comercios de Mendoza',
  ].join('\n\n');
  const table = rows.length
    ? `<table cellpadding="4" style="border-collapse:collapse">${rows
        .map(
          ([k, v]) =>
            `<tr><th align="left" style="color:#555;font-weight:600">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5;color:#222">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    table,
    `<p><a href="${escapeHtml(action.url)}" style="font-weight:bold;color:#b4441f">${escapeHtml(action.label)}</a></p>`,
    '<p style="color:#777;font-size:12px">Vidriera · Comercios de Mendoza</p>',
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

export function receiptMail(c: Comprobante, publicUrl: string): MailContent {
  return compose(
    `Comprobante de tu pago: ${c.comercio.nombre}`,
    [
      `¡Gracias! Recibimos tu pago de ${formatMoney(c.monto)} por la publicación de ${c.comercio.nombre} en Vidriera.`,
      `Tu comercio se ve del ${formatLongInstant(new Date(c.periodoDesde))} al ${formatLongInstant(new Date(c.periodoHasta))}.`,
    ],
    { label: 'Ver e imprimir el comprobante', url: `${publicUrl}/mis-comercios/comprobante/${c.pagoId}` },
    [
      ['Comercio', c.comercio.nombre],
      ['Monto', formatMoney(c.monto)],
      ['Fecha y hora', `${formatDateTimeInstant(new Date(c.fecha))} (hora de Mendoza)`],
      [
        'Período',
        `Del ${formatLongInstant(new Date(c.periodoDesde))} al ${formatLongInstant(new Date(c.periodoHasta))}`,
      ],
      ['Medio de pago', c.medioDePago],
      ['N.º de pago', String(c.pagoId)],
    ],
  );
}

/** The owner's list with the renewal dialog of this business open. */
export function renewUrl(publicUrl: string, comercioId: number): string {
  return `${publicUrl}/mis-comercios?renovar=${comercioId}`;
}

/**
 * When a publication ends, counted in Mendoza calendar days from the moment the email is written: a reminder sent
 * late (an instance that was down) says the days that are really left, not the day it was due.
 */
export function venceCuando(end: Date, now: Date): string {
  const days = daysUntil(mendozaDate(end), now);
  if (days <= 0) return 'hoy';
  return days === 1 ? 'mañana' : `en ${days} días`;
}

export function reminderMail(nombre: string, comercioId: number, end: Date, now: Date, publicUrl: string): MailContent {
  const when = venceCuando(end, now);
  return compose(
    `Tu publicación de ${nombre} vence ${when}`,
    [
      `La publicación de ${nombre} en Vidriera vence ${when}, el ${formatLongInstant(end)}.`,
      `Renovala ahora por ${formatMoney(PUBLICATION_FEE)}: los 30 días nuevos empiezan cuando terminen los actuales, así tu comercio no deja de verse ni un día.`,
    ],
    { label: 'Renovar la publicación', url: renewUrl(publicUrl, comercioId) },
  );
}

export function endedMail(nombre: string, comercioId: number, end: Date, publicUrl: string): MailContent {
  return compose(
    `Tu publicación de ${nombre} terminó`,
    [
      `La publicación de ${nombre} terminó el ${formatLongInstant(end)} y tu comercio ya no aparece en Vidriera.`,
      `Publicalo de nuevo por ${formatMoney(PUBLICATION_FEE)} y volvé a aparecer en la búsqueda al instante.`,
    ],
    { label: 'Publicar de nuevo', url: renewUrl(publicUrl, comercioId) },
  );
}
