import type { AuditRow, PromocionesCambios } from '#shared/operador';
import { formatInstant } from './format';

/** The words the console uses for a business's fields in its history (owners' edits). */
const FIELD_LABEL: Record<string, string> = {
  nombre: 'nombre',
  categorias: 'categorías',
  descripcion: 'descripción',
  direccion: 'dirección',
  localidad: 'localidad',
  telefono: 'teléfono',
  whatsapp: 'WhatsApp',
  email: 'email',
  horario: 'horario',
  horarioDetallado: 'horario por día',
  servicios: 'servicios',
  imagen: 'foto principal',
  galeria: 'galería',
  lat: 'ubicación en el mapa',
  lng: 'ubicación en el mapa',
  distancia: 'distancia',
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const quoted = (items: Array<{ titulo: string }>) => items.map((p) => `«${p.titulo}»`).join(', ');

function promoLines(c: PromocionesCambios | undefined): string[] {
  if (!c) return [];
  return [
    c.agregadas.length ? `Promociones agregadas: ${quoted(c.agregadas)}` : '',
    c.editadas.length ? `Promociones editadas: ${quoted(c.editadas)}` : '',
    c.eliminadas.length ? `Promociones eliminadas: ${quoted(c.eliminadas)}` : '',
  ].filter(Boolean);
}

/**
 * The readable lines of an owner's change (which fields, which promotions, until when it is paid); operator
 * actions have none (their reason and before/after say it).
 */
export function historyLines(row: Pick<AuditRow, 'action' | 'before' | 'after'>): string[] {
  const after = (row.after ?? {}) as Record<string, unknown> & { promociones?: PromocionesCambios };
  switch (row.action) {
    case 'crear_comercio':
      return [`Nombre: ${text(after.nombre)}`];
    case 'editar_comercio': {
      const campos = [
        ...new Set(Object.keys(after).flatMap((k) => (k === 'promociones' ? [] : [FIELD_LABEL[k] ?? k]))),
      ];
      return [...(campos.length ? [`Cambió: ${campos.join(', ')}`] : []), ...promoLines(after.promociones)];
    }
    case 'editar_promociones':
      return promoLines(after.promociones);
    case 'pagar_publicacion':
      return typeof after.hasta === 'string' ? [`Publicado hasta el ${formatInstant(after.hasta)}`] : [];
    case 'eliminar_comercio':
      return [`Nombre: ${text((row.before as { nombre?: unknown } | null)?.nombre)}`];
    default:
      return [];
  }
}
