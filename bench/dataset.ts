/**
 * A synthetic Greater Mendoza of any size for benchmarks: N businesses with realistic names, categories,
 * localities, descriptions, services and hours, about 4 promotions each, most published, some unpublished or
 * expired, images shared among rows. Loaded with multi-row INSERTs in batches.
 */
import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIAS } from '#shared/categorias-lista';
import { DIAS, LOCALIDADES } from '#shared/constants';
import { addDays, mendozaDate } from '#shared/rules/dates';
import { LOCALIDAD_CENTROS } from '#shared/rules/geo';
import type { Db } from '#server/db/client';
import { comercios, opiniones, promociones, user } from '#server/db/schema';
import { processImage, storeImage } from '#server/imagenes/store';

const IMAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server/seed/images');

const NOMBRES = [
  'Don José',
  'La Esquina',
  'El Buen Gusto',
  'Doña Rosa',
  'Los Andes',
  'San Martín',
  'El Aconcagua',
  'La Vendimia',
  'El Parral',
  'Las Heras',
  'Del Parque',
  'El Tala',
  'La Alameda',
  'Mi Barrio',
  'El Molino',
  'Santa Rita',
  'El Algarrobo',
  'La Cañada',
  'Los Olivos',
  'El Cerro',
];
const APELLIDOS = [
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Sosa',
  'Romero',
  'Álvarez',
  'Benítez',
  'Quiroga',
  'Videla',
  'Ortiz',
];
const CALLES = [
  'Av. San Martín',
  'Belgrano',
  'Perú',
  'Tiburcio Benegas',
  'Av. Bandera de los Andes',
  'Carril Godoy Cruz',
  'Colón',
  'Sarmiento',
  'Rivadavia',
  'Paso de los Andes',
  'Av. Acceso Este',
  'Lateral Sur',
];
const SERVICIOS = [
  'Delivery',
  'Pago con QR',
  'Tarjetas',
  'Envíos a domicilio',
  'Estacionamiento',
  'Wi-Fi',
  'Retiro en local',
  'Turnos online',
];
const BANCOS = [
  'Banco Nación',
  'Banco Nación',
  'Banco Nación',
  'Visa Banco Galicia',
  'Galicia',
  'Santander',
  'BBVA',
  'Macro',
  'Mastercard Macro',
  'Tarjeta Naranja',
  'Cabal',
  'Banco Supervielle',
];
const DESCUENTOS = ['10%', '15%', '20%', '25%', '2x1', '30% OFF', '$1.000 de descuento', '3x2'];
const HORARIOS = ['9:00 - 13:00, 17:00 - 21:00', '8:00 - 20:00', '10:00 - 22:00', '9:00 - 18:00'];

/** A small deterministic generator: the same N gives the same city. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function loadSharedImages(db: Db): Promise<string[]> {
  const files = (await readdir(IMAGES)).filter((f) => f.endsWith('.webp') && !/-\d\.webp$/.test(f)).slice(0, 24);
  const ids: string[] = [];
  for (const f of files) ids.push(await storeImage(db, await processImage(await readFile(path.join(IMAGES, f))), null));
  return ids;
}

/** A point up to 6 km from `center`, evenly over that disc (the square root spreads it over the area). */
function scatter(center: { lat: number; lng: number }, rand: () => number) {
  const meters = 6_000 * Math.sqrt(rand());
  const angle = 2 * Math.PI * rand();
  const dLat = (meters * Math.cos(angle)) / 111_195;
  const dLng = (meters * Math.sin(angle)) / (111_195 * Math.cos((center.lat * Math.PI) / 180));
  return { lat: Math.round((center.lat + dLat) * 1e5) / 1e5, lng: Math.round((center.lng + dLng) * 1e5) / 1e5 };
}

export interface DatasetStats {
  comercios: number;
  promociones: number;
  ms: number;
}

export async function loadDataset(db: Db, n: number, now: Date, batchSize = 1000): Promise<DatasetStats> {
  const started = performance.now();
  const images = await loadSharedImages(db);
  const rand = rng(n);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const today = new Date(`${mendozaDate(now)}T12:00:00-03:00`);
  const diasRand = rng(n + 1);
  // Weekday masks (Lunes = 1 … Domingo = 64): 60% every day, then "martes y jueves", weekdays, weekends, one day.
  const pickDias = () => {
    const r = diasRand();
    if (r < 0.6) return 127;
    if (r < 0.7) return 2 | 8;
    if (r < 0.8) return 31;
    if (r < 0.9) return 32 | 64;
    return 1 << Math.floor(diasRand() * 7);
  };
  const pagoRand = rng(n + 2);
  // Means of payment (their own sequence, so the other columns stay as they were): 40% name none, the rest
  // one or two, MODO and débito the commonest as in banks' weekly promotions.
  const pickMediosPago = (): string[] => {
    const r = pagoRand();
    if (r < 0.4) return [];
    const weighted = ['modo', 'modo', 'debito', 'debito', 'credito', 'efectivo', 'mercado-pago', 'transferencia'];
    const first = weighted[Math.floor(pagoRand() * weighted.length)]!;
    const second = r < 0.7 ? null : weighted[Math.floor(pagoRand() * weighted.length)]!;
    return second && second !== first ? [first, second] : [first];
  };
  const bancoRand = rng(n + 3);
  // A bank or card beside the means of payment (own sequence too): a third of the promotions that name a means
  // name one, Banco Nación and Galicia the commonest, Supervielle rare (Promociones' "Banco o tarjeta").
  const pickBanco = (medios: string[]): string => {
    if (!medios.length || bancoRand() >= 1 / 3) return '';
    return BANCOS[Math.floor(bancoRand() * BANCOS.length)]!;
  };
  let promoCount = 0;

  for (let start = 0; start < n; start += batchSize) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + batchSize); i++) {
      const cat = pick(CATEGORIAS);
      const second = rand() < 0.3 ? pick(CATEGORIAS) : null;
      const categorias = second && second !== cat ? [cat, second] : [cat];
      const roll = rand();
      // 85% published, 8% never paid, 7% expired.
      const paidDaysAgo = roll < 0.85 ? Math.floor(rand() * 29) : roll < 0.93 ? null : 30 + Math.floor(rand() * 60);
      const hours = pick(HORARIOS);
      const localidad = pick(LOCALIDADES);
      rows.push({
        nombre: `${cat} ${pick(NOMBRES)} ${i % 7 === 0 ? pick(APELLIDOS) : ''}`.trim(),
        categoria: categorias.join(', '),
        categorias,
        descripcion: `${cat} de barrio atendido por la familia ${pick(APELLIDOS)}. Vení a conocernos en ${pick(CALLES)}: calidad, buenos precios y atención de siempre.`,
        rating: Math.round((3.5 + rand() * 1.5) * 10) / 10,
        imagen: pick(images),
        horario: 'Lun a Sáb ' + hours,
        direccion: `${pick(CALLES)} ${100 + Math.floor(rand() * 3900)}`,
        telefono: `261 ${400 + Math.floor(rand() * 199)}-${String(Math.floor(rand() * 10000)).padStart(4, '0')}`,
        email: '',
        whatsapp: '',
        servicios: [pick(SERVICIOS), pick(SERVICIOS)].filter((v, k, a) => a.indexOf(v) === k),
        localidad,
        // 90% placed on the map, spread within 6 km of their locality's centre (the three discs overlap).
        ...(rand() < 0.9 ? scatter(LOCALIDAD_CENTROS[localidad], rand) : {}),
        horarioDetallado: Object.fromEntries(DIAS.map((d) => [d, d === 'Domingo' ? 'Cerrado' : hours])) as Record<
          (typeof DIAS)[number],
          string
        >,
        pagoStatus: paidDaysAgo !== null,
        fechaPago: paidDaysAgo === null ? null : addDays(now, -paidDaysAgo),
        destacado: rand() < 0.01,
      });
    }
    const inserted = await db.insert(comercios).values(rows).returning({ id: comercios.id });
    const promoRows = inserted.flatMap(({ id }) =>
      Array.from({ length: 2 + Math.floor(rand() * 5) }, () => ({
        comercioId: id,
        titulo: `${pick(DESCUENTOS)} en ${pick(['toda la tienda', 'efectivo', 'la segunda unidad', 'combos', 'productos seleccionados'])}`,
        descripcion: 'Promoción válida presentando este aviso. No acumulable con otras promociones.',
        descuento: pick(DESCUENTOS),
        fechaVencimiento: mendozaDate(addDays(today, Math.floor(rand() * 150) - 20)),
        activa: rand() < 0.95,
        // Fine print as banks publish it (its own random sequence, so the other columns stay as they were).
        dias: pickDias(),
        mediosPago: pickMediosPago(),
      })).map((p) => ({ ...p, medioPagoOtro: pickBanco(p.mediosPago) })),
    );
    for (let p = 0; p < promoRows.length; p += batchSize) {
      await db.insert(promociones).values(promoRows.slice(p, p + batchSize));
    }
    promoCount += promoRows.length;
  }
  await db.execute('ANALYZE');
  return { comercios: n, promociones: promoCount, ms: Math.round(performance.now() - started) };
}

const NOMBRES_VISITANTES = [
  'Lucía',
  'Martín',
  'Carla',
  'Diego',
  'Valentina',
  'Joaquín',
  'Florencia',
  'Tomás',
  'Agustina',
  'Nicolás',
  'Sofía',
  'Federico',
  'Camila',
  'Gonzalo',
  'Micaela',
  'Ramiro',
];
/** Texts by stars (index 0 is one star). */
const TEXTOS_OPINION: readonly (readonly string[])[] = [
  ['No me atendieron bien y tardaron mucho. No vuelvo.', 'Mala experiencia, esperaba bastante más.'],
  ['Regular. La atención fue lenta y no tenían lo que buscaba.', 'Precios altos para lo que ofrecen.'],
  ['Cumple, sin más. La atención podría mejorar.', 'Está bien, aunque un poco caro para el barrio.'],
  ['Muy buena atención y buenos precios. Recomendable.', 'Me resolvieron rápido lo que necesitaba. Volvería.'],
  ['Excelente atención, se nota que les gusta lo que hacen.', 'Impecable. Atención de primera y precios justos.'],
];

export interface OpinionesStats {
  opiniones: number;
  visitantes: number;
  ms: number;
}

/**
 * About `total` opinions on the businesses already loaded, written by visitor accounts made for them (one per
 * ten opinions, verified, no password), then every rating and count computed from the visible ones in one
 * statement, as ADR 027 wants: no number without a source. The spread is a city's: opinions pile up on the
 * popular businesses (low ids, as the mix's Zipf visits them), a tenth has none ("Nuevo"), stars cluster around
 * each business's own quality, the newest months are busier, 1 % is hidden by moderation and 5 % answered.
 */
export async function loadOpiniones(db: Db, total: number, now: Date, batchSize = 2000): Promise<OpinionesStats> {
  const started = performance.now();
  const ids = (await db.select({ id: comercios.id }).from(comercios).orderBy(comercios.id)).map((r) => r.id);
  const visitantes = Math.max(20, Math.ceil(total / 10));
  const rand = rng(total + ids.length);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

  for (let start = 0; start < visitantes; start += batchSize) {
    await db.insert(user).values(
      Array.from({ length: Math.min(batchSize, visitantes - start) }, (_, k) => {
        const i = start + k;
        return {
          id: `bench-visitante-${i}`,
          name: `${NOMBRES_VISITANTES[i % NOMBRES_VISITANTES.length]} ${APELLIDOS[Math.floor(i / NOMBRES_VISITANTES.length) % APELLIDOS.length]}`,
          email: `visitante${i}@bench.vidriera.local`,
          emailVerified: true,
        };
      }),
    );
  }

  // Weights: popularity falling with the id, times a log-normal luck; a tenth of the businesses get none.
  const weights = ids.map((_, i) => (rand() < 0.1 ? 0 : Math.exp(0.8 * gauss()) / Math.pow(1 + i / 50, 0.6)));
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  let written = 0;
  let acc = 0;
  let assigned = 0;
  let rows: Array<typeof opiniones.$inferInsert> = [];
  const flush = async () => {
    if (rows.length) await db.insert(opiniones).values(rows);
    written += rows.length;
    rows = [];
  };
  for (const [i, comercioId] of ids.entries()) {
    acc += (total * weights[i]!) / sum;
    const count = Math.min(visitantes, Math.round(acc) - assigned);
    assigned += count;
    const calidad = 2.6 + rand() * 2.3;
    for (let j = 0; j < count; j++) {
      const estrellas = Math.min(5, Math.max(1, Math.round(calidad + 0.9 * gauss())));
      // Two years back, denser towards now.
      const createdAt = new Date(now.getTime() - Math.floor(rand() * rand() * 730 * 86_400_000));
      const oculta = rand() < 0.01;
      const respondida = rand() < 0.05;
      const textos = TEXTOS_OPINION[estrellas - 1]!;
      rows.push({
        comercioId,
        // Distinct visitors within a business: consecutive accounts from a per-business offset.
        userId: `bench-visitante-${(i * 7919 + j) % visitantes}`,
        estrellas,
        texto: textos[j % textos.length]!,
        createdAt,
        updatedAt: createdAt,
        ...(respondida ? { respuesta: '¡Gracias por tu opinión! Te esperamos de nuevo.', respuestaAt: createdAt } : {}),
        ...(oculta ? { ocultoMotivo: 'Spam', ocultoPor: 'moderacion', ocultoAt: createdAt } : {}),
      });
      if (rows.length >= batchSize) await flush();
    }
  }
  await flush();
  // Every business's rating and count from its visible opinions, in one statement (recomputeRatings' rule).
  await db.execute(sql`
    UPDATE comercios c SET rating = coalesce(a.media, 0), opiniones_count = a.n
    FROM (
      SELECT c2.id, avg(o.estrellas) AS media, count(o.id)::int AS n
      FROM comercios c2 LEFT JOIN opiniones o ON o.comercio_id = c2.id AND o.oculto_at IS NULL
      GROUP BY c2.id
    ) a
    WHERE a.id = c.id`);
  await db.execute('ANALYZE');
  return { opiniones: written, visitantes, ms: Math.round(performance.now() - started) };
}
