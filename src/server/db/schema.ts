import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { HorarioDetallado } from '#shared/api';
import { DIAS } from '#shared/constants';
import { IN_FLIGHT_STATUSES, PAGO_STATUSES } from '#shared/pagos';
import { user } from './auth-schema';
import { planePoint } from './plane';

/** A constant list for SQL (`IN (…)`), written into the migration as it stands: the values are our own literals. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** PostgreSQL's int4multirange, as its text ("{[540,780),[1020,1260)}"): only SQL reads it (ADR 045). */
const int4multirange = customType<{ data: string; driverData: string }>({
  dataType: () => 'int4multirange',
});

export const comercios = pgTable(
  'comercios',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
    /** The spec's comma-separated list, as owners see it. */
    categoria: text('categoria').notNull(),
    /** The same list as an array, written with categoria, so a filter can use an index. */
    categorias: text('categorias')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    descripcion: text('descripcion').notNull().default(''),
    /**
     * Mean stars of the visible opinions (0 with none) and their number, written by the server in the same
     * transaction as every opinion write or moderation (src/server/opiniones, ADR 027): never typed by anyone.
     */
    rating: real('rating').notNull().default(0),
    opinionesCount: integer('opiniones_count').notNull().default(0),
    imagen: text('imagen'),
    horario: text('horario').notNull().default('Consultar horarios'),
    distancia: text('distancia').notNull().default('-- km'),
    direccion: text('direccion').notNull(),
    telefono: text('telefono').notNull(),
    email: text('email').notNull().default(''),
    whatsapp: text('whatsapp').notNull().default(''),
    servicios: text('servicios')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    galeria: text('galeria')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    localidad: text('localidad').notNull().default('Capital'),
    /** Where the business is (WGS 84 degrees); both null when the owner has not placed it on the map. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    horarioDetallado: jsonb('horario_detallado')
      .$type<HorarioDetallado>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    pagoStatus: boolean('pago_status').notNull().default(false),
    fechaPago: timestamp('fecha_pago', { withTimezone: true }),
    /** Null only for the bundled sample businesses, which belong to nobody. */
    propietarioId: text('propietario_id').references(() => user.id, { onDelete: 'cascade' }),
    destacado: boolean('destacado').notNull().default(false),
    /**
     * Set while the business is hidden (ADR 018): gone from every public answer whatever its payment; its
     * owner reads "Oculto por moderación: {motivo}". ocultoPor says who hid it ('moderacion' by an operator,
     * 'suspension' with its owner's account), so reinstating an account restores only what it hid.
     */
    ocultoMotivo: text('oculto_motivo'),
    ocultoPor: text('oculto_por'),
    ocultoAt: timestamp('oculto_at', { withTimezone: true }),
    /**
     * Accent- and case-folded name, description, categories, services and locality: what the text search
     * matches. Joined by a line break, which the search query refuses, so a match never spans two fields.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`vidriera_fold(nombre || E'\n' || descripcion || E'\n' || categoria || E'\n' || vidriera_join_lines(servicios) || E'\n' || localidad)`,
    ),
    sortName: text('sort_name').generatedAlwaysAs(sql`vidriera_fold(nombre)`),
    /**
     * "Abierto ahora" (ADR 045): the week's open minutes, Monday 0:00 = 0 to Sunday 24:00 = 10080, read from the
     * per-day hours by the database (vidriera_horario_semana, the twin of readWeek in src/shared/rules/horario.ts),
     * so every writer keeps it right. Null when the hours are not known: such a business is never open now.
     */
    horarioSemana: int4multirange('horario_semana').generatedAlwaysAs(sql`vidriera_horario_semana(horario_detallado)`),
    /**
     * The hours of the week (0 to 167) in which horario_semana has an open minute (ADR 060): a superset the
     * planner can count. Its statistics tell how many businesses are open in a given hour; horario_semana's
     * cannot (they see each week's span, Monday's opening to Sunday's closing, so any later minute looks open
     * everywhere). A generated column may not read another, so it reads the hours again.
     */
    horasSemana: integer('horas_semana')
      .array()
      .generatedAlwaysAs(sql`vidriera_horas_semana(vidriera_horario_semana(horario_detallado))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('comercios_localidad_check', sql`${t.localidad} IN ('Godoy Cruz', 'Capital', 'Guaymallen')`),
    check(
      'comercios_oculto_check',
      sql`(${t.ocultoMotivo} IS NULL AND ${t.ocultoPor} IS NULL AND ${t.ocultoAt} IS NULL) OR (${t.ocultoMotivo} IS NOT NULL AND ${t.ocultoPor} IN ('moderacion', 'suspension') AND ${t.ocultoAt} IS NOT NULL)`,
    ),
    index('comercios_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // The typo-forgiving search (ADR 040) compares words with the name and main category only: short texts, so
    // few candidates and a cheap similarity check for each.
    index('comercios_nombre_trgm').using(
      'gin',
      sql`vidriera_fold(${t.nombre} || E'\n' || ${t.categoria}) gin_trgm_ops`,
    ),
    index('comercios_categorias_gin').using('gin', t.categorias),
    // The search's name matches when their words are rare or gathered under one letter (ADR 047).
    index('comercios_sort_name_trgm').using('gin', t.sortName.op('gin_trgm_ops')),
    // "Abierto ahora" alone at an hour when few are open (the small hours) reads only those from here.
    index('comercios_horario_semana').using('gist', t.horarioSemana),
    // "Abierto ahora" at an hour when few are open (the evening, the small hours): those few from here.
    index('comercios_horas_semana').using('gin', t.horasSemana),
    // NULLS FIRST matches ORDER BY destacado DESC, so the first page of the grid is an index scan.
    index('comercios_listing').on(t.destacado.desc().nullsFirst(), t.sortName, t.id),
    index('comercios_published')
      .on(t.fechaPago)
      .where(sql`${t.pagoStatus}`),
    index('comercios_propietario').on(t.propietarioId),
    // Lista's "Mejor valorados": the same order as the query, so a page is an index walk. NULLS FIRST is what
    // ORDER BY … DESC means; the NULLS LAST drizzle writes by default would not match it (a full sort instead).
    index('comercios_mejor_valorados').on(
      t.rating.desc().nullsFirst(),
      t.opinionesCount.desc().nullsFirst(),
      t.sortName,
      t.id,
    ),
    check('comercios_ubicacion_pair', sql`(${t.lat} IS NULL) = (${t.lng} IS NULL)`),
    // "Cerca mío" walks pins nearest first on a flat map of the city (GiST KNN, ADR 019 "Nearest by index").
    index('comercios_cerca')
      .using('gist', planePoint(t.lat, t.lng))
      .where(sql`${t.lat} IS NOT NULL`),
  ],
);

/**
 * Each category of each business, one row apiece, kept by a trigger on comercios (migration 0026) from
 * comercios.categorias, so the category chips (every category of a published business) walk one index over the
 * few distinct categories instead of unnesting every published business's list (ADR 056). Never written by the
 * server.
 */
export const comercioCategorias = pgTable(
  'comercio_categorias',
  {
    categoria: text('categoria').notNull(),
    comercioId: integer('comercio_id')
      .notNull()
      .references(() => comercios.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.categoria, t.comercioId] }),
    // The trigger replaces a business's rows when its categories change, and the cascade deletes them.
    index('comercio_categorias_comercio').on(t.comercioId),
  ],
);

export const promociones = pgTable(
  'promociones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    comercioId: integer('comercio_id')
      .notNull()
      .references(() => comercios.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    descuento: text('descuento').notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }).notNull(),
    imagen: text('imagen'),
    imagen2: text('imagen2'),
    activa: boolean('activa').notNull().default(true),
    /** Weekdays it applies, bit i for DIAS[i] (Lunes = 1 … Domingo = 64); 127, every day, is what rows had before. */
    dias: smallint('dias').notNull().default(127),
    /** Start date; null: since it was published. */
    desde: date('desde', { mode: 'string' }),
    mediosPago: text('medios_pago')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    medioPagoOtro: text('medio_pago_otro').notNull().default(''),
    /** Pesos, whole. */
    tope: integer('tope'),
    compraMinima: integer('compra_minima'),
    condiciones: text('condiciones').notNull().default(''),
    /** Folded title, description and discount, for the business search (line breaks between, as above). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`vidriera_fold(titulo || E'\n' || descripcion || E'\n' || descuento)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promociones_comercio').on(t.comercioId),
    index('promociones_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // Promociones' "Banco o tarjeta" filter (ADR 047): the folded bank/card text. Not partial, so ANALYZE keeps
    // statistics of the expression and the planner can tell a common bank from a rare one.
    index('promociones_medio_pago_otro_trgm').using('gin', sql`vidriera_fold(${t.medioPagoOtro}) gin_trgm_ops`),
    check('promociones_dias_check', sql`${t.dias} BETWEEN 1 AND 127`),
    check('promociones_montos_check', sql`${t.tope} > 0 AND ${t.compraMinima} > 0`),
    check('promociones_desde_check', sql`${t.desde} <= ${t.fechaVencimiento}`),
    index('promociones_vencimiento')
      .on(t.fechaVencimiento, t.id)
      .where(sql`${t.activa}`),
    // "Promos de hoy": one partial index per weekday, in the list's order, so the filtered list walks an
    // index holding only that day's promotions (the query writes the same literal predicate, see hoyWhere).
    ...DIAS.map((_, i) =>
      index(`promociones_hoy_${i}`)
        .on(t.fechaVencimiento, t.id)
        .where(sql`${t.activa} AND (${t.dias} & ${sql.raw(String(1 << i))}) <> 0`),
    ),
  ],
);

/** Images by content id, re-encoded and stored as sized WebP variants. */
export const imagenes = pgTable(
  'imagenes',
  {
    id: text('id').primaryKey(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumb: bytea('thumb').notNull(),
    /**
     * The 800 px variant, added after images were already stored: null on rows from before it (migration 0016),
     * made from `large` the first time it is asked for and stored then (src/server/imagenes/medium.ts).
     */
    medium: bytea('medium'),
    large: bytea('large').notNull(),
    /** The account that uploaded it (null for the bundled sample images): its upload quota counts these rows. */
    uploadedBy: text('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('imagenes_uploaded_by')
      .on(t.uploadedBy, t.createdAt)
      .where(sql`${t.uploadedBy} IS NOT NULL`),
  ],
);

export * from './auth-schema';

/**
 * Every payment attempt, written before the provider is called and updated after, so no charge is lost:
 * an attempt left "pending" by a crash is reconciled with the provider later.
 */
export const pagos = pgTable(
  'pagos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    comercioId: integer('comercio_id').references(() => comercios.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    externalReference: text('external_reference').notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    /** "pending" until the provider answers, then the order's status ("processed", "failed", …) or "error". */
    status: text('status', { enum: PAGO_STATUSES }).notNull(),
    statusDetail: text('status_detail'),
    rawResponse: jsonb('raw_response'),
    /** When this payment published the business; set once, in the same transaction as pago_status. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /**
     * The 30 days this payment bought, set with applied_at. A renewal inside the last 7 days starts when the
     * publication it continues ends, so period_start can be later than the payment.
     */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One attempt in flight per business: a double click or a retry cannot start a second charge.
    uniqueIndex('pagos_one_in_flight')
      .on(t.comercioId)
      .where(sql`${t.status} IN (${sqlList(IN_FLIGHT_STATUSES)})`),
    index('pagos_external_reference').on(t.externalReference),
    check('pagos_status_known', sql`${t.status} IN (${sqlList(PAGO_STATUSES)})`),
    // Mis comercios reads a business's history, newest first.
    index('pagos_comercio_history').on(t.comercioId, t.createdAt),
  ],
);

/** The offline sandbox's orders (what Mercado Pago would keep on its side). */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  externalReference: text('external_reference').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  order: jsonb('order').notNull(),
  /** A pending (CONT) order becomes processed at this moment. */
  resolvesAt: timestamp('resolves_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Emails to owners (receipt, reminders, notice of the end), one row per business, period and kind: the unique
 * key is what makes each one go out once, whatever the number of instances or restarts (ADR 016).
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** "receipt", "reminder_7d", "reminder_1d" or "ended". */
    kind: text('kind').notNull(),
    /** kind + what it is about: "receipt:pago:12", "reminder_7d:comercio:3:2026-12-01T13:00:00.000Z". */
    dedupeKey: text('dedupe_key').notNull().unique(),
    comercioId: integer('comercio_id').references(() => comercios.id, { onDelete: 'cascade' }),
    pagoId: integer('pago_id').references(() => pagos.id, { onDelete: 'set null' }),
    /** The opinion a "new opinion" email is about; deleting the opinion drops its unsent email. */
    opinionId: integer('opinion_id').references(() => opiniones.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /**
     * Account emails (verification, password reset, a new address to confirm): where it goes, which may not be
     * the account's email yet, and its secret link. Both are cleared once the job ends (sent, failed,
     * cancelled), so a used or abandoned link does not outlive its email in this table (ADR 028).
     */
    toAddress: text('to_address'),
    link: text('link'),
    /** The end of the publication period the message is about. */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** "pending" → "sending" (claimed by one instance) → "sent"; "failed" after too many attempts; "cancelled". */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('mail_jobs_status_check', sql`${t.status} IN ('pending', 'sending', 'sent', 'failed', 'cancelled')`),
    index('mail_jobs_due')
      .on(t.notBefore, t.id)
      .where(sql`${t.status} IN ('pending', 'sending')`),
  ],
);

/**
 * How many people saw and contacted a business, per Mendoza day. Counts only: no visitor, address or browser
 * is stored (each instance dedupes in memory and adds its counts every few seconds, ADR 017).
 */
export const estadisticas = pgTable(
  'estadisticas',
  {
    comercioId: integer('comercio_id')
      .notNull()
      .references(() => comercios.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    visitas: integer('visitas').notNull().default(0),
    whatsapp: integer('whatsapp').notNull().default(0),
    llamadas: integer('llamadas').notNull().default(0),
    comoLlegar: integer('como_llegar').notNull().default(0),
    compartidos: integer('compartidos').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.comercioId, t.dia] })],
);

/**
 * Every operator action, one row each, written in the same transaction as the action (ADR 018). Append-only:
 * a trigger refuses UPDATE and DELETE. The actor is kept by id and email without a foreign key, so removing
 * an account never rewrites history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The operator's account id, or null for the system (OPERATOR_EMAILS, the command line). */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What was acted on: 'comercio', 'user', 'pago', 'denuncia'. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target').on(t.targetType, t.targetId), index('audit_log_created').on(t.createdAt)],
);

/**
 * Visitors' reports ("Denunciar") on a business or one of its promotions; no account needed. Operators
 * resolve each one (hide the business, or dismiss) with a note.
 */
export const denuncias = pgTable(
  'denuncias',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    comercioId: integer('comercio_id')
      .notNull()
      .references(() => comercios.id, { onDelete: 'cascade' }),
    /** Set when the report was made on a promotion (null once the promotion is gone). */
    promocionId: integer('promocion_id').references(() => promociones.id, { onDelete: 'set null' }),
    /** Set when the report is about one opinion on the business; deleting the opinion drops its reports. */
    opinionId: integer('opinion_id').references(() => opiniones.id, { onDelete: 'cascade' }),
    motivo: text('motivo').notNull(),
    detalle: text('detalle').notNull().default(''),
    /** 'pendiente', then 'oculto' (the business was hidden) or 'descartada'. */
    estado: text('estado').notNull().default('pendiente'),
    nota: text('nota'),
    resueltaPor: text('resuelta_por'),
    resueltaAt: timestamp('resuelta_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'denuncias_motivo_check',
      sql`${t.motivo} IN ('informacion_falsa', 'contenido_ofensivo', 'comercio_cerrado', 'otro')`,
    ),
    check('denuncias_estado_check', sql`${t.estado} IN ('pendiente', 'oculto', 'descartada')`),
    index('denuncias_pendientes')
      .on(t.createdAt)
      .where(sql`${t.estado} = 'pendiente'`),
    index('denuncias_comercio').on(t.comercioId),
    index('denuncias_opinion')
      .on(t.opinionId)
      .where(sql`${t.opinionId} IS NOT NULL`),
  ],
);

/**
 * "Pedir revisión" (issue 33): the owner of a business hidden by moderation asks the operators to look again.
 * 'pendiente' until an operator shows the business again ('restaurado', which also closes it when done from the
 * business itself) or rejects it with `respuesta`, which the owner reads on the card. One pending request per
 * business is a unique index, so two sends at once cannot both land.
 */
export const revisiones = pgTable(
  'revisiones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    comercioId: integer('comercio_id')
      .notNull()
      .references(() => comercios.id, { onDelete: 'cascade' }),
    /** The owner who asked (null once that account is deleted). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    nota: text('nota').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    respuesta: text('respuesta'),
    resueltaPor: text('resuelta_por'),
    resueltaAt: timestamp('resuelta_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('revisiones_estado_check', sql`${t.estado} IN ('pendiente', 'restaurado', 'rechazado')`),
    check(
      'revisiones_resuelta',
      sql`(${t.estado} = 'pendiente') = (${t.resueltaAt} IS NULL) AND (${t.estado} = 'rechazado') = (${t.respuesta} IS NOT NULL)`,
    ),
    uniqueIndex('revisiones_una_pendiente')
      .on(t.comercioId)
      .where(sql`${t.estado} = 'pendiente'`),
    // The owner's card reads the latest of a business; the console's resolved lists read all, newest first.
    index('revisiones_comercio').on(t.comercioId, t.createdAt),
  ],
);

/**
 * A signed-in person's favourites (issue 12, ADR 020): a business or a promotion, exactly one of the two. Two
 * columns instead of a kind and an id so both targets are real foreign keys: deleting a business, a promotion
 * or the account deletes its favourites. Each target's index leads with the target (the cascade's lookup) and
 * makes one save per person.
 */
export const favoritos = pgTable(
  'favoritos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    comercioId: integer('comercio_id').references(() => comercios.id, { onDelete: 'cascade' }),
    promocionId: integer('promocion_id').references(() => promociones.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('favoritos_un_destino', sql`num_nonnulls(${t.comercioId}, ${t.promocionId}) = 1`),
    uniqueIndex('favoritos_comercio_user').on(t.comercioId, t.userId),
    uniqueIndex('favoritos_promocion_user').on(t.promocionId, t.userId),
    index('favoritos_user').on(t.userId, t.createdAt),
  ],
);

/**
 * Operators appointed from the command line before they have an account (ADR 018): the account with this
 * email becomes an operator the first time it is seen signed in, and the row is then deleted. Lower-cased.
 */
export const operadorDesignaciones = pgTable('operador_designaciones', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Visitors' opinions on a business (issue 29, ADR 027): stars 1–5 and a text, one per account and business
 * (writing again edits it), with the owner's answer. Hidden by an operator like a business is (oculto_*), and a
 * hidden one stops counting in comercios.rating / opiniones_count.
 */
export const opiniones = pgTable(
  'opiniones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    comercioId: integer('comercio_id')
      .notNull()
      .references(() => comercios.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    estrellas: smallint('estrellas').notNull(),
    texto: text('texto').notNull(),
    /** "Respuesta del comercio": one per opinion, editable by the owner. */
    respuesta: text('respuesta'),
    respuestaAt: timestamp('respuesta_at', { withTimezone: true }),
    ocultoMotivo: text('oculto_motivo'),
    ocultoPor: text('oculto_por'),
    ocultoAt: timestamp('oculto_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opiniones_comercio_user').on(t.comercioId, t.userId),
    check('opiniones_estrellas_check', sql`${t.estrellas} BETWEEN 1 AND 5`),
    check('opiniones_texto_check', sql`char_length(${t.texto}) BETWEEN 10 AND 1000`),
    check('opiniones_respuesta_check', sql`(${t.respuesta} IS NULL) = (${t.respuestaAt} IS NULL)`),
    check(
      'opiniones_oculto_check',
      sql`(${t.ocultoMotivo} IS NULL AND ${t.ocultoPor} IS NULL AND ${t.ocultoAt} IS NULL) OR (${t.ocultoMotivo} IS NOT NULL AND ${t.ocultoPor} IN ('moderacion', 'suspension') AND ${t.ocultoAt} IS NOT NULL)`,
    ),
    // The business page: its visible opinions, newest first (NULLS FIRST, as ORDER BY … DESC means: the page
    // is then an index walk, not a sort of every opinion of the business).
    index('opiniones_visibles')
      .on(t.comercioId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.ocultoAt} IS NULL`),
    index('opiniones_user').on(t.userId),
  ],
);
