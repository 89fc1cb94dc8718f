/**
 * A synthetic Greater Mendoza of any size for benchmarks: N businesses with realistic names, categories,
 * localities, descriptions, services and hours, about 4 promotions each, most published, some unpublished or
 * expired, images shared among rows. Loaded with multi-row INSERTs in batches.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIAS } from '#shared/categorias-lista';
import { DIAS, LOCALIDADES } from '#shared/constants';
import { addDays, mendozaDate } from '#shared/rules/dates';
import { LOCALIDAD_CENTROS } from '#shared/rules/geo';
import type { Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
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
      })),
    );
    for (let p = 0; p < promoRows.length; p += batchSize) {
      await db.insert(promociones).values(promoRows.slice(p, p + batchSize));
    }
    promoCount += promoRows.length;
  }
  await db.execute('ANALYZE');
  return { comercios: n, promociones: promoCount, ms: Math.round(performance.now() - started) };
}
