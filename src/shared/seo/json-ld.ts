import type { ComercioDetalle, Promocion } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import type { CATEGORIAS } from '#shared/categorias-lista';
import { DIAS, LOCALIDAD_LABELS, type Dia } from '#shared/constants';
import { nationalNumber } from '#shared/rules/contact';
import { mendozaDate } from '#shared/rules/dates';
import { formatClock, readWeek, type DiaHorario } from '#shared/rules/horario';
import { isPromotionExpired } from '#shared/rules/promocion';

/**
 * The schema.org type of each category (https://schema.org/LocalBusiness lists the subtypes). Only
 * LocalBusiness descendants: they are the ones that carry address, opening hours and offers, and the ones
 * search engines read as a place to visit. Categories without a specific type keep LocalBusiness, or the
 * nearest real parent (GroceryStore for food shops, Store for other shops). VeterinaryCare is left out on
 * purpose: schema.org files it under MedicalOrganization only, not under LocalBusiness.
 */
export const SCHEMA_TYPE_BY_CATEGORIA: Record<(typeof CATEGORIAS)[number], string> = {
  Almacén: 'GroceryStore',
  Panadería: 'Bakery',
  Carnicería: 'GroceryStore',
  Verdulería: 'GroceryStore',
  Kiosco: 'ConvenienceStore',
  Ferretería: 'HardwareStore',
  Farmacia: 'Pharmacy',
  Peluquería: 'HairSalon',
  Barbería: 'HairSalon',
  Lavandería: 'DryCleaningOrLaundry',
  Café: 'CafeOrCoffeeShop',
  Restaurante: 'Restaurant',
  Rotisería: 'FoodEstablishment',
  Pizzería: 'Restaurant',
  Heladería: 'IceCreamShop',
  'Tienda de ropa': 'ClothingStore',
  Zapatería: 'ShoeStore',
  Librería: 'BookStore',
  Papelería: 'Store',
  Veterinaria: 'LocalBusiness',
  Gimnasio: 'ExerciseGym',
  Estética: 'BeautySalon',
  'Consultorio médico': 'Physician',
  Dentista: 'Dentist',
  Óptica: 'Optician',
  Joyería: 'JewelryStore',
  Pastelería: 'Bakery',
  Mercería: 'Store',
  Florería: 'Florist',
  Cerrajería: 'Locksmith',
  Tintorería: 'DryCleaningOrLaundry',
  Frutería: 'GroceryStore',
  Pescadería: 'GroceryStore',
  Vinoteca: 'LiquorStore',
  Dietética: 'Store',
  Bazar: 'HomeGoodsStore',
  'Taller mecánico': 'AutoRepair',
  Plomería: 'Plumber',
  Electricista: 'Electrician',
  'Estudio contable': 'AccountingService',
  Inmobiliaria: 'RealEstateAgent',
  'Centro de masajes': 'HealthAndBeautyBusiness',
  'Mantenimiento en general': 'HomeAndConstructionBusiness',
};

/** The type of the business's first (main) category that has one; LocalBusiness otherwise ("Otro"). */
export function schemaTypeOf(categoria: string): string {
  for (const c of splitCategorias(categoria)) {
    const type = (SCHEMA_TYPE_BY_CATEGORIA as Record<string, string | undefined>)[c];
    if (type) return type;
  }
  return 'LocalBusiness';
}

const DAY_OF_WEEK: Record<Dia, string> = {
  Lunes: 'https://schema.org/Monday',
  Martes: 'https://schema.org/Tuesday',
  Miércoles: 'https://schema.org/Wednesday',
  Jueves: 'https://schema.org/Thursday',
  Viernes: 'https://schema.org/Friday',
  Sábado: 'https://schema.org/Saturday',
  Domingo: 'https://schema.org/Sunday',
};

/** "9:00" → "09:00" (schema.org Time). */
function time(minutes: number): string {
  return formatClock(minutes).padStart(5, '0');
}

/** A day's shifts as [opens, closes]; "24 horas" is 00:00–23:59 as schema.org's own docs advise. */
function shiftsOf(dia: DiaHorario): Array<[string, string]> {
  if (dia.kind === 'always') return [['00:00', '23:59']];
  if (dia.kind === 'closed') return [];
  // A shift past midnight keeps closes < opens: the reading Google documents for late hours.
  return dia.turnos.map((t) => [time(t.start), time(t.end)]);
}

/**
 * One OpeningHoursSpecification per distinct shift, with every day that has it (a split day gives two);
 * closed days are simply absent. Unknown hours (unreadable, or all closed) give none: no claim is better
 * than a wrong one.
 */
export function openingHoursSpecification(detallado: ComercioDetalle['horarioDetallado']): Record<string, unknown>[] {
  const week = readWeek(detallado);
  if (!week) return [];
  const byShift = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const dia of DIAS) {
    for (const [opens, closes] of shiftsOf(week[dia])) {
      const key = `${opens}-${closes}`;
      const spec = byShift.get(key) ?? { opens, closes, days: [] };
      spec.days.push(DAY_OF_WEEK[dia]);
      byShift.set(key, spec);
    }
  }
  return [...byShift.values()].map((s) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: s.days,
    opens: s.opens,
    closes: s.closes,
  }));
}

/** The phone in E.164 (+54 and the 10-digit national number); the text as written when it is not recognisable. */
export function e164(phone: string): string | null {
  const national = nationalNumber(phone);
  if (national) return `+54${national}`;
  const text = phone.trim();
  return text || null;
}

/** A promotion as an Offer: valid through the end of its expiry day in Mendoza (UTC−3, no DST). */
function offerOf(p: Promocion): Record<string, unknown> {
  const descripcion = p.descripcion.trim();
  return {
    '@type': 'Offer',
    name: p.titulo,
    description: descripcion ? `${p.descuento} · ${descripcion}` : p.descuento,
    ...(p.desde ? { validFrom: `${p.desde}T00:00:00-03:00` } : {}),
    validThrough: `${p.fechaVencimiento}T23:59:59-03:00`,
  };
}

/** Drops undefined, null, empty strings and empty arrays so the output only states what we know. */
function compact(node: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(node).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/**
 * The business page's JSON-LD: a LocalBusiness (or its category's subtype) with address, phone, hours,
 * image, map point and the promotions visible now as offers. `url` and `imageUrl` are absolute (PUBLIC_URL).
 */
export function comercioJsonLd(
  comercio: ComercioDetalle,
  opts: { url: string; imageUrl: string | null; now: Date },
): Record<string, unknown> {
  const offers = comercio.promociones.filter((p) => p.activa && !isPromotionExpired(p.fechaVencimiento, opts.now));
  return compact({
    '@context': 'https://schema.org',
    '@type': schemaTypeOf(comercio.categoria),
    name: comercio.nombre,
    description: comercio.descripcion.trim(),
    url: opts.url,
    image: opts.imageUrl,
    telephone: e164(comercio.telefono) ?? e164(comercio.whatsapp),
    address: compact({
      '@type': 'PostalAddress',
      streetAddress: comercio.direccion.trim(),
      addressLocality: LOCALIDAD_LABELS[comercio.localidad],
      addressRegion: 'Mendoza',
      addressCountry: 'AR',
    }),
    geo:
      comercio.lat !== null && comercio.lng !== null
        ? { '@type': 'GeoCoordinates', latitude: comercio.lat, longitude: comercio.lng }
        : null,
    openingHoursSpecification: openingHoursSpecification(comercio.horarioDetallado),
    makesOffer: offers.map(offerOf),
    ...opinionsLd(comercio),
  });
}

/**
 * The rating computed from visible opinions and the newest of them, as the page shows them (issue 29). None when
 * the business has no opinion: no rating is better than a made-up one.
 */
function opinionsLd(comercio: ComercioDetalle): Record<string, unknown> {
  const count = comercio.opiniones ?? 0;
  if (count === 0) return {};
  const rating = (value: number) => ({ ratingValue: value, bestRating: 5, worstRating: 1 });
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ...rating(Math.round(comercio.rating * 10) / 10),
      ratingCount: count,
      reviewCount: count,
    },
    review: comercio.opinionesResumen.items.map((o) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: o.autor },
      datePublished: mendozaDate(new Date(o.createdAt)),
      reviewBody: o.texto,
      reviewRating: { '@type': 'Rating', ...rating(o.estrellas) },
    })),
  };
}

/**
 * The JSON-LD as text safe inside `<script type="application/ld+json">`: "<" is escaped so a name with
 * "</script>" cannot close the element, and U+2028/2029 so the text is also valid JavaScript.
 */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
