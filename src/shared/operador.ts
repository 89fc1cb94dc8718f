import { z } from 'zod';
import { ESTADOS_REVISION, type EstadoRevision } from './revisiones';
import { emptyOrVisible, hasVisibleChars, safeText } from './schemas/text';

/** What the console sends and receives (/api/operador/*). Only operators ever reach these routes. */

/** A reason an operator gives for an action that affects someone: required, shown to the owner when hiding. */
export const motivoSchema = safeText({ error: 'Escribí el motivo.' })
  .trim()
  .min(3, 'Escribí el motivo (al menos 3 caracteres).')
  .max(300, 'El motivo puede tener hasta 300 caracteres.')
  .refine(hasVisibleChars, 'Escribí el motivo.');

export const promoteOperatorSchema = z.object({
  email: z.string({ error: 'Escribí el email de la cuenta.' }).trim().pipe(z.email('Email inválido')),
  motivo: safeText()
    .trim()
    .max(300, 'El motivo puede tener hasta 300 caracteres.')
    .refine(emptyOrVisible, 'El motivo no es válido.')
    .optional(),
});

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(1, 'Página inválida.').default(1),
});

export interface OperadorMe {
  id: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
}

export interface AuditRow {
  id: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  /** What the target is called now (a business's name, an account's email); null when gone or not looked up. */
  targetLabel?: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/**
 * Owners' own changes to a business, kept in the same audit log (actor = the owner, or "Mercado Pago" for a
 * payment) so a business's history shows them beside the operators' actions. The console's Auditoría list
 * leaves them out: it is the record of what operators did.
 */
export const OWNER_ACTIONS = [
  'crear_comercio',
  'editar_comercio',
  'editar_promociones',
  'pagar_publicacion',
  'eliminar_comercio',
  'pedir_revision',
] as const;

/** The changed fields of an owner's edit: old values in `before`, new ones in `after`. */
export interface OwnerChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface PromocionRef {
  id: number;
  titulo: string;
}
/** What a promotion list save did, stored in the history row's `after.promociones`. */
export interface PromocionesCambios {
  agregadas: PromocionRef[];
  editadas: Array<PromocionRef & { campos: string[] }>;
  eliminadas: PromocionRef[];
}

export interface Paged<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** How many rows a console list shows per page. */
export const OPERADOR_PAGE_SIZE = 50;

export const ESTADOS_COMERCIO = ['publicado', 'sin_pagar', 'vencido', 'oculto'] as const;
export type EstadoComercio = (typeof ESTADOS_COMERCIO)[number];
export const ESTADO_COMERCIO_LABEL: Record<EstadoComercio, string> = {
  publicado: 'Publicado',
  sin_pagar: 'Sin pagar',
  vencido: 'Vencido',
  oculto: 'Oculto',
};

export const operadorComerciosQuery = pageQuery.extend({
  q: safeText().trim().max(100, 'La búsqueda puede tener hasta 100 caracteres.').optional(),
  estado: z.enum(ESTADOS_COMERCIO, { error: 'Estado inválido.' }).optional(),
});
export type OperadorComerciosQuery = z.infer<typeof operadorComerciosQuery>;

export const hideSchema = z.object({ motivo: motivoSchema });
export type HideBody = z.infer<typeof hideSchema>;

export interface OperadorComercioRow {
  id: number;
  nombre: string;
  categoria: string;
  localidad: string;
  estado: EstadoComercio;
  ocultoMotivo: string | null;
  fechaPago: string | null;
  propietario: { id: string; email: string; name: string } | null;
  createdAt: string;
}

export interface OperadorPagoRow {
  id: number;
  comercioId: number | null;
  comercioNombre: string | null;
  userEmail: string | null;
  provider: string;
  providerOrderId: string | null;
  amount: string;
  currency: string;
  status: string;
  statusDetail: string | null;
  appliedAt: string | null;
  createdAt: string;
}

export interface OperadorComercioDetalle extends OperadorComercioRow {
  descripcion: string;
  direccion: string;
  telefono: string;
  pagos: OperadorPagoRow[];
  auditoria: AuditRow[];
}

export const operadorPagosQuery = pageQuery.extend({
  status: safeText().trim().max(40, 'Estado inválido.').optional(),
  comercioId: z.coerce.number({ error: 'Comercio inválido.' }).int('Comercio inválido.').positive().optional(),
  q: safeText().trim().max(100, 'La búsqueda puede tener hasta 100 caracteres.').optional(),
});
export type OperadorPagosQuery = z.infer<typeof operadorPagosQuery>;

export const ESTADOS_DENUNCIA = ['pendiente', 'oculto', 'descartada'] as const;
export type EstadoDenuncia = (typeof ESTADOS_DENUNCIA)[number];

export const operadorDenunciasQuery = pageQuery.extend({
  estado: z.enum(ESTADOS_DENUNCIA, { error: 'Estado inválido.' }).default('pendiente'),
});

export const resolverDenunciaSchema = z.object({
  accion: z.enum(['ocultar', 'descartar'], { error: 'Elegí si ocultás el comercio o descartás la denuncia.' }),
  nota: motivoSchema,
});

export interface OperadorDenunciaRow {
  id: number;
  comercioId: number;
  comercioNombre: string;
  comercioOculto: boolean;
  promocionId: number | null;
  promocionTitulo: string | null;
  /** A report on one opinion: "Ocultar" hides the opinion, not the business (ADR 027). */
  opinion: { id: number; estrellas: number; texto: string; autor: string; oculta: boolean } | null;
  motivo: string;
  detalle: string;
  estado: EstadoDenuncia;
  nota: string | null;
  createdAt: string;
  resueltaAt: string | null;
}

/** Owners' review requests of businesses hidden by moderation (issue 33), in the reports' section. */
export const operadorRevisionesQuery = pageQuery.extend({
  estado: z.enum(ESTADOS_REVISION, { error: 'Estado inválido.' }).default('pendiente'),
});

export const resolverRevisionSchema = z.object({
  accion: z.enum(['restaurar', 'rechazar'], { error: 'Elegí si mostrás el comercio o rechazás el pedido.' }),
  /** Restoring: a note for the record. Rejecting: the reason the owner reads on the card. */
  nota: motivoSchema,
});

export interface OperadorRevisionRow {
  id: number;
  comercioId: number;
  comercioNombre: string;
  /** Why the business is hidden now; null once shown again. */
  ocultoMotivo: string | null;
  propietarioEmail: string | null;
  nota: string;
  estado: EstadoRevision;
  respuesta: string | null;
  createdAt: string;
  resueltaAt: string | null;
}

export const resumenQuery = z.object({
  dias: z.coerce
    .number({ error: 'Período inválido.' })
    .refine((d) => d === 30 || d === 90, 'Elegí 30 o 90 días.')
    .default(30),
});

/** The overview's numbers; days and months in Mendoza's calendar, money in pesos (processed payments only). */
export interface Resumen {
  dias: number;
  publicadosAhora: number;
  denunciasPendientes: number;
  porDia: Array<{ dia: string; cuentas: number; comercios: number; ingresos: number }>;
  ingresosPorMes: Array<{ mes: string; ingresos: number }>;
  pagosPorEstado: Array<{ status: string; cantidad: number }>;
  vencenPronto: Array<{ id: number; nombre: string; vence: string }>;
}

export interface OperadorCuentaRow {
  id: string;
  email: string;
  name: string;
  role: 'owner' | 'operator';
  suspendida: boolean;
  suspendedReason: string | null;
  comercios: number;
  createdAt: string;
}

export const operadorCuentasQuery = pageQuery.extend({
  q: safeText().trim().max(100, 'La búsqueda puede tener hasta 100 caracteres.').optional(),
});

/** Sensitive actions (refund, suspension) ask for the operator's password again. */
const passwordField = safeText({ error: 'Ingresá tu contraseña.' })
  .min(1, 'Ingresá tu contraseña.')
  .max(128, 'Contraseña inválida.');

export const refundSchema = z.object({
  motivo: motivoSchema,
  password: passwordField,
  /** End the publication this payment bought, or keep it (a goodwill refund). */
  publicacion: z.enum(['terminar', 'mantener'], { error: 'Elegí si la publicación termina o sigue.' }),
});
export type RefundBody = z.infer<typeof refundSchema>;

export const suspendSchema = z.object({ motivo: motivoSchema, password: passwordField });
/** Taking the operator role away: a reason and the password again, like a suspension. */
export const demoteSchema = z.object({ motivo: motivoSchema, password: passwordField });
export const reinstateSchema = z.object({ motivo: motivoSchema });

/** Better Auth's user ids: letters, digits, - and _ (never a path or a query). */
export const userIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Cuenta inválida.'),
});
