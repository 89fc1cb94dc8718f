import { z } from 'zod';
import { CATEGORIA_MAX_LENGTH, CLOSED_TEXT, DIAS, GALLERY_MAX, LOCALIDADES, type Dia } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { splitCategorias } from '#shared/categorias';
import { IMAGE_ID_PATTERN } from '#shared/imagenes';
import { CONTROL_CHARS_MESSAGE, emptyOrVisible, hasControlChars, hasVisibleChars, safeText } from './text';
import { checkDia, DEFAULT_HORARIO, formatDia, summarizeHorario } from '#shared/rules/horario-texto';
import { isInsideMendoza } from '#shared/rules/geo';
import { canBeWhatsapp, foreignNumber, nationalNumber, whatsappOf } from '#shared/rules/contact';

/** Spec §5 messages, in the order the register form checks them. */
export const COMERCIO_MESSAGES = {
  nombre: 'Por favor ingresa el nombre del comercio.',
  categorias: 'Por favor selecciona al menos una categoría para el comercio.',
  telefono: 'Por favor ingresa un número de teléfono.',
  direccion: 'Por favor ingresa la dirección del comercio.',
  localidadMissing: 'Por favor selecciona una localidad.',
  localidadInvalid: 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.',
  editRequired: 'Por favor complete todos los campos obligatorios (*)',
} as const;

const tooLong = (what: string, max: number) => `${what} puede tener hasta ${max} caracteres.`;
const PHONE_CHARS = /^[0-9+()\-\s.]*$/;
const PHONE_CHARS_MESSAGE = 'El teléfono solo puede tener números, espacios, +, paréntesis y guiones.';
/** A phone is made of digits: "...." or "( )" is not a number anyone can call. */
const MIN_PHONE_DIGITS = 6;
const PHONE_DIGITS_MESSAGE = `Ingresá un teléfono con al menos ${MIN_PHONE_DIGITS} números.`;
const hasPhoneDigits = (v: string) => (v.match(/\d/g)?.length ?? 0) >= MIN_PHONE_DIGITS;
/**
 * A WhatsApp link needs the whole number (549 + area code + number, or another country's written with "+"):
 * "412-3456" alone opens a chat with nobody. A call to a local number still works, so the phone keeps its looser
 * rule.
 */
const WHATSAPP_AREA_MESSAGE = 'Ingresá el WhatsApp con la característica, por ejemplo 261 555-1234.';
const WHATSAPP_TOLL_FREE_MESSAGE =
  'Un 0800 o un 0810 no recibe WhatsApp: ingresá un celular, por ejemplo 261 555-1234.';
const WHATSAPP_CHARS_MESSAGE = 'El WhatsApp solo puede tener números, espacios, +, paréntesis y guiones.';
const WHATSAPP_DIGITS_MESSAGE = `Ingresá un WhatsApp con al menos ${MIN_PHONE_DIGITS} números.`;
const UBICACION_INVALIDA = 'La ubicación del mapa no es válida. Volvé a marcarla.';
const UBICACION_FUERA = 'Marcá la ubicación dentro del Gran Mendoza.';
const INVISIBLE_TEXT = 'El texto no puede tener solo caracteres invisibles.';

export const imageIdSchema = z
  .string()
  .regex(IMAGE_ID_PATTERN, 'El archivo debe ser una imagen (JPEG, PNG, GIF o WEBP)');

/** "Delivery, Pago con QR, " or a list → trimmed, empties and repeats dropped (spec §5). */
export function normalizeServicios(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value;
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
}

/** Blank days are saved as "Cerrado" (spec §5); every other day in its canonical text (ADR 006). */
export function normalizeHorarioDetallado(value: Partial<Record<Dia, string>> | undefined): Record<Dia, string> {
  return Object.fromEntries(
    DIAS.map((d) => {
      const check = checkDia(value?.[d], d);
      return [d, check.ok ? formatDia(check.dia) : value?.[d]?.trim() || CLOSED_TEXT];
    }),
  ) as Record<Dia, string>;
}

const horarioDiaSchema = (dia: Dia) =>
  z
    .string({ error: `El horario del ${dia} tiene que ser un texto.` })
    .refine((v) => !hasControlChars(v), CONTROL_CHARS_MESSAGE)
    .max(LIMITS.horarioDia, tooLong(`El horario del ${dia}`, LIMITS.horarioDia))
    .superRefine((text, ctx) => {
      const check = checkDia(text, dia);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
    })
    .optional();

const horarioDetalladoSchema = z
  .object(
    Object.fromEntries(DIAS.map((d) => [d, horarioDiaSchema(d)])) as Record<Dia, ReturnType<typeof horarioDiaSchema>>,
  )
  .partial()
  .default({})
  .transform(normalizeHorarioDetallado);

/**
 * A business as an owner writes it (register and edit forms, and the server that checks them again).
 * Field order is the order of the spec's alerts: the first issue is the one to show.
 * pago_status, fecha_pago, destacado, rating and propietario_id are not here: the client never sets them.
 */
export const comercioInputSchema = z
  .object({
    nombre: safeText({ error: COMERCIO_MESSAGES.nombre })
      .trim()
      .min(1, COMERCIO_MESSAGES.nombre)
      .max(LIMITS.nombre, tooLong('El nombre', LIMITS.nombre))
      .refine(hasVisibleChars, COMERCIO_MESSAGES.nombre),
    categorias: z
      .array(
        safeText()
          .trim()
          .max(CATEGORIA_MAX_LENGTH, tooLong('Cada categoría', CATEGORIA_MAX_LENGTH))
          .refine(emptyOrVisible, INVISIBLE_TEXT),
        {
          error: COMERCIO_MESSAGES.categorias,
        },
      )
      .transform((list) => splitCategorias(list.join(',')))
      .pipe(
        z
          .array(z.string())
          .min(1, COMERCIO_MESSAGES.categorias)
          .max(LIMITS.categorias, `Podés elegir hasta ${LIMITS.categorias} categorías.`),
      ),
    telefono: safeText({ error: COMERCIO_MESSAGES.telefono })
      .trim()
      .min(1, COMERCIO_MESSAGES.telefono)
      .max(LIMITS.telefono, tooLong('El teléfono', LIMITS.telefono))
      .regex(PHONE_CHARS, PHONE_CHARS_MESSAGE)
      .refine(hasPhoneDigits, PHONE_DIGITS_MESSAGE),
    direccion: safeText({ error: COMERCIO_MESSAGES.direccion })
      .trim()
      .min(1, COMERCIO_MESSAGES.direccion)
      .max(LIMITS.direccion, tooLong('La dirección', LIMITS.direccion))
      .refine(hasVisibleChars, COMERCIO_MESSAGES.direccion),
    localidad: safeText({ error: COMERCIO_MESSAGES.localidadMissing })
      .min(1, COMERCIO_MESSAGES.localidadMissing)
      .pipe(z.enum(LOCALIDADES, { error: COMERCIO_MESSAGES.localidadInvalid })),
    descripcion: safeText(undefined, { multiline: true })
      .trim()
      .max(LIMITS.descripcion, tooLong('La descripción', LIMITS.descripcion))
      .refine(emptyOrVisible, INVISIBLE_TEXT)
      .default(''),
    horario: safeText()
      .trim()
      .max(LIMITS.horario, tooLong('El horario', LIMITS.horario))
      .refine(emptyOrVisible, INVISIBLE_TEXT)
      .default(''),
    horarioDetallado: horarioDetalladoSchema,
    email: safeText()
      .trim()
      .max(LIMITS.email, 'Email inválido')
      .default('')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Email inválido'),
    whatsapp: safeText()
      .trim()
      .max(LIMITS.telefono, tooLong('El WhatsApp', LIMITS.telefono))
      .regex(PHONE_CHARS, WHATSAPP_CHARS_MESSAGE)
      .refine((v) => v === '' || hasPhoneDigits(v), WHATSAPP_DIGITS_MESSAGE)
      .refine(
        (v) => v === '' || !hasPhoneDigits(v) || nationalNumber(v) !== null || foreignNumber(v) !== null,
        WHATSAPP_AREA_MESSAGE,
      )
      .refine((v) => nationalNumber(v) === null || canBeWhatsapp(v), WHATSAPP_TOLL_FREE_MESSAGE)
      .default(''),
    servicios: z
      .union([safeText(), z.array(safeText())], { error: 'Los servicios no tienen el formato esperado.' })
      .default([])
      .transform(normalizeServicios)
      .pipe(
        z
          .array(
            z
              .string()
              .max(LIMITS.servicio, tooLong('Cada servicio', LIMITS.servicio))
              .refine(hasVisibleChars, INVISIBLE_TEXT),
          )
          .max(LIMITS.servicios, `Podés cargar hasta ${LIMITS.servicios} servicios.`),
      ),
    imagen: imageIdSchema.nullable().default(null),
    galeria: z
      .array(imageIdSchema)
      .max(GALLERY_MAX - 1, `La galería admite hasta ${GALLERY_MAX} imágenes.`)
      .default([]),
    /**
     * The map pin. Left out, an edit keeps the stored one (a form without a map never erases it); null
     * removes it. Both or neither, inside Greater Mendoza.
     */
    lat: z.number({ error: UBICACION_INVALIDA }).nullable().optional(),
    lng: z.number({ error: UBICACION_INVALIDA }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const lat = v.lat ?? null;
    const lng = v.lng ?? null;
    if ((v.lat === undefined) !== (v.lng === undefined) || (lat === null) !== (lng === null))
      ctx.addIssue({ code: 'custom', message: UBICACION_INVALIDA, path: ['lat'] });
    else if (lat !== null && lng !== null && !isInsideMendoza({ lat, lng }))
      ctx.addIssue({ code: 'custom', message: UBICACION_FUERA, path: ['lat'] });
  })
  // WhatsApp defaults to the phone when left empty (spec §5), if the phone can be a WhatsApp: a local number
  // ("420-1234", which the phone's looser rule allows) or a 0800 is left out. An empty summary is derived from the
  // per-day hours when they are known, else it is the spec's "Consultar horarios".
  .transform((v) => ({
    ...v,
    horario: v.horario || summarizeHorario(v.horarioDetallado) || DEFAULT_HORARIO,
    whatsapp: whatsappOf(v),
  }));

export type ComercioInput = z.input<typeof comercioInputSchema>;
export type ComercioValues = z.output<typeof comercioInputSchema>;
