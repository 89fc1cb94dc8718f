import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { splitCategorias } from '#shared/categorias';
import { addDays, mendozaDate } from '#shared/rules/dates';
import { diasToMask } from '#shared/rules/promocion-dias';
import { SAMPLE_COMERCIOS, type SampleComercio } from '#shared/sample/comercios';
import { queryRows, type Db } from '#server/db/client';
import { comercios, imagenes, promociones } from '#server/db/schema';
import type { ProcessedImage } from '#server/imagenes/store';
import { insertDemoAccount, insertDemoPayment } from './demo-owner';
import { seedSampleOpinions } from './opiniones';

/**
 * The sample photos already resized and encoded as an upload would store them (scripts/presize-sample-images.ts),
 * so a first start does no image work. Beside the compiled server too (scripts/build-server.mjs copies them).
 */
const PRESIZED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'presized');
type Manifest = Record<string, { id: string; width: number; height: number }>;
let manifest: Promise<Manifest> | undefined;

async function loadImage(file: string): Promise<ProcessedImage> {
  manifest ??= readFile(path.join(PRESIZED_DIR, 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as Manifest);
  const entry = (await manifest)[file];
  if (!entry)
    throw new Error(`sample image ${file} is missing from the presized set: run scripts/presize-sample-images.ts`);
  const base = path.join(PRESIZED_DIR, file.replace(/\.webp$/, ''));
  const [thumb, medium, large] = await Promise.all([
    readFile(`${base}.thumb.webp`),
    readFile(`${base}.medium.webp`),
    readFile(`${base}.large.webp`),
  ]);
  return { ...entry, thumb, medium, large };
}

async function imagesOf(sample: SampleComercio) {
  const files = [
    `${sample.slug}.webp`,
    ...Array.from({ length: sample.galeria }, (_, i) => `${sample.slug}-${i + 2}.webp`),
  ];
  return Promise.all(files.map(loadImage));
}

/**
 * The transaction-scoped advisory lock the seeding holds (migrations hold 7204561, db/client.ts): instances
 * starting together on one empty server database take turns, and every one after the first finds the data.
 */
const SEED_LOCK = 7204562;

/**
 * Loads the Greater Mendoza sample set when the database has no business at all, in one transaction, so a
 * crash half-way leaves an empty database that the next start seeds again. Dates are relative to `now`.
 * With `demoOwnerPassword`, the demo owner account is created too, owning the sample marked `demo` (demo-owner.ts).
 * Instances starting at once seed one at a time (SEED_LOCK): the count that decides is read under the lock, so
 * a second instance never inserts the set (and the demo account's unique email) a second time.
 * Returns how many businesses were inserted (0 when the database already had data).
 */
export async function seedSampleData(
  db: Db,
  now: Date,
  { demoOwnerPassword = null }: { demoOwnerPassword?: string | null } = {},
): Promise<number> {
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM comercios`,
  );
  if (count > 0) return 0;
  // Read the images before holding the transaction.
  const images = await Promise.all(SAMPLE_COMERCIOS.map(imagesOf));
  const today = mendozaDate(now);

  const inserted = await db.transaction(async (tx) => {
    // Read committed: this count, taken after the lock, sees what an instance holding it before committed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ count: again } = { count: 0 }] = await queryRows<{ count: number }>(
      tx,
      sql`SELECT count(*)::int AS count FROM comercios`,
    );
    if (again > 0) return 0;
    // A handful of statements for the whole set (a first start on PGlite spent seconds on ~150 single-row ones).
    const distinct = new Map(images.flat().map((image) => [image.id, image]));
    await tx
      .insert(imagenes)
      .values(
        [...distinct.values()].map((image) => ({
          id: image.id,
          width: image.width,
          height: image.height,
          thumb: image.thumb,
          medium: image.medium,
          large: image.large,
          uploadedBy: null,
        })),
      )
      .onConflictDoNothing();
    const fechaPagoOf = (sample: SampleComercio) =>
      sample.pagadoHaceDias === null ? null : addDays(now, -sample.pagadoHaceDias);
    // The demo owner's account (one sample business), before the business that names it as owner.
    const demoOwners = new Map<string, string>();
    for (const sample of SAMPLE_COMERCIOS) {
      const fechaPago = fechaPagoOf(sample);
      if (sample.demo && demoOwnerPassword && fechaPago)
        demoOwners.set(sample.nombre, await insertDemoAccount(tx, demoOwnerPassword, fechaPago));
    }
    const rows = await tx
      .insert(comercios)
      .values(
        SAMPLE_COMERCIOS.map((sample, i) => {
          const ids = (images[i] ?? []).map((image) => image.id);
          return {
            nombre: sample.nombre,
            categoria: splitCategorias(sample.categoria).join(', '),
            categorias: splitCategorias(sample.categoria),
            descripcion: sample.descripcion,
            rating: sample.rating,
            imagen: ids[0] ?? null,
            galeria: ids.slice(1),
            horario: sample.horario,
            direccion: sample.direccion,
            telefono: sample.telefono,
            email: sample.email,
            whatsapp: sample.whatsapp,
            servicios: sample.servicios,
            localidad: sample.localidad,
            lat: sample.ubicacion.lat,
            lng: sample.ubicacion.lng,
            horarioDetallado: sample.horarioDetallado,
            pagoStatus: sample.pagadoHaceDias !== null,
            fechaPago: fechaPagoOf(sample),
            propietarioId: demoOwners.get(sample.nombre) ?? null,
            destacado: sample.destacado,
          };
        }),
      )
      .returning({ id: comercios.id, nombre: comercios.nombre });
    // Matched by name (unique in the sample set), not by the order RETURNING happens to give.
    const idOf = new Map(rows.map((row) => [row.nombre, row.id]));
    for (const [nombre, owner] of demoOwners) {
      const sample = SAMPLE_COMERCIOS.find((s) => s.nombre === nombre)!;
      await insertDemoPayment(tx, owner, { id: idOf.get(nombre)!, fechaPago: fechaPagoOf(sample)! });
    }
    const promos = SAMPLE_COMERCIOS.flatMap((sample) =>
      sample.promociones.map((p) => ({
        comercioId: idOf.get(sample.nombre)!,
        titulo: p.titulo,
        descripcion: p.descripcion,
        descuento: p.descuento,
        fechaVencimiento: mendozaDate(addDays(new Date(`${today}T12:00:00-03:00`), p.venceEnDias)),
        activa: p.activa ?? true,
        dias: diasToMask(p.dias ?? []),
        mediosPago: p.mediosPago ?? [],
        medioPagoOtro: p.medioPagoOtro ?? '',
      })),
    );
    if (promos.length) await tx.insert(promociones).values(promos);
    await seedSampleOpinions(tx, idOf, now);
    return rows.length;
  });
  return inserted;
}
