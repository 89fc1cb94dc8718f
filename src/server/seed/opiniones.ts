import { SAMPLE_COMERCIOS } from '#shared/sample/comercios';
import { opiniones, user } from '#server/db/schema';
import { recomputeRatings, type Tx } from '#server/opiniones/rating';

/**
 * The sample data's opinions (issue 29, ADR 027): every sample business's stars come from opinions written by
 * sample visitor accounts, never from a typed-in number. Each business gets opinions whose mean, rounded to one
 * decimal as cards show it, is the rating the sample set lists for it; the same ones on every seed.
 *
 * The visitor accounts have no password (no credential row): they cannot sign in, they only sign opinions.
 */
export const SAMPLE_VISITORS = [
  'Lucía Ferreyra',
  'Martín Giménez',
  'Carla Sosa',
  'Diego Funes',
  'Valentina Ortiz',
  'Joaquín Pereyra',
  'Florencia Videla',
  'Tomás Aguilar',
  'Agustina Molina',
  'Nicolás Quiroga',
  'Sofía Lucero',
  'Federico Arce',
  'Camila Herrera',
  'Gonzalo Correa',
  'Micaela Ríos',
  'Ramiro Castro',
] as const;

const sampleVisitorEmail = (i: number) => `vecino${i + 1}@vidriera.local`;

/** Texts by stars (index 0 is one star); each business takes them in a rotating order. */
const TEXTOS: readonly (readonly string[])[] = [
  ['No me atendieron bien y tardaron mucho. No vuelvo.', 'Mala experiencia, esperaba bastante más.'],
  ['Regular. La atención fue lenta y no tenían lo que buscaba.', 'Precios altos para lo que ofrecen.'],
  ['Cumple, sin más. La atención podría mejorar.', 'Está bien, aunque un poco caro para el barrio.'],
  [
    'Muy buena atención y buenos precios. Recomendable.',
    'Me resolvieron rápido lo que necesitaba. Volvería.',
    'Buen lugar, la atención es amable aunque a veces hay que esperar.',
    'Todo bien, cumplieron con lo que prometieron.',
  ],
  [
    'Excelente atención, se nota que les gusta lo que hacen. ¡Muy recomendable!',
    'Impecable. Atención de primera y precios justos.',
    'Siempre vuelvo: calidad y buena onda. Un clásico del barrio.',
    'Me atendieron de diez, súper recomendable.',
    'Muy conformes con todo, gracias por la buena atención.',
  ],
];

/**
 * Stars for `n` opinions with the given sum: as even as possible, then spread a little (one more here, one
 * less there) so the distribution is not a single bar; the sum, and so the mean, stays the same.
 */
export function spreadStars(n: number, total: number, seed: number): number[] {
  const base = Math.floor(total / n);
  const stars = Array.from({ length: n }, (_, j) => base + (j < total - base * n ? 1 : 0));
  for (let j = 0; j + 1 < n; j += 3) {
    const a = (j + seed) % n;
    const b = (j + seed + 1) % n;
    if (stars[a]! < 5 && stars[b]! > 1) {
      stars[a]! += 1;
      stars[b]! -= 1;
    }
  }
  return stars;
}

/** How many opinions a business of this mean gets: the first count from 4 up whose mean rounds to it. */
export function sampleOpinionCount(rating: number, index: number): { n: number; total: number } {
  for (let n = 4 + (index % 6); ; n++) {
    const total = Math.round(rating * n);
    if (Math.round((total / n) * 10) / 10 === rating && n <= SAMPLE_VISITORS.length) return { n, total };
    if (n > SAMPLE_VISITORS.length) return { n: 10, total: Math.round(rating * 10) };
  }
}

/**
 * Inserts the sample visitors and their opinions in the seed's transaction, then computes every sample
 * business's rating from them. `idOf` maps a sample business's name to its id.
 */
export async function seedSampleOpinions(tx: Tx, idOf: Map<string, number>, now: Date): Promise<void> {
  const visitorIds = SAMPLE_VISITORS.map((_, i) => `sample-visitor-${i + 1}`);
  const joined = new Date(now.getTime() - 200 * 86_400_000);
  // Seeding runs again on a database whose businesses were all removed: the visitors may still be there.
  await tx
    .insert(user)
    .values(
      SAMPLE_VISITORS.map((name, i) => ({
        id: visitorIds[i]!,
        name,
        email: sampleVisitorEmail(i),
        emailVerified: true,
        createdAt: joined,
        updatedAt: joined,
      })),
    )
    .onConflictDoNothing();
  const rows: (typeof opiniones.$inferInsert)[] = [];
  SAMPLE_COMERCIOS.forEach((sample, i) => {
    const comercioId = idOf.get(sample.nombre);
    if (comercioId === undefined) return;
    const { n, total } = sampleOpinionCount(sample.rating, i);
    spreadStars(n, total, i).forEach((estrellas, j) => {
      const textos = TEXTOS[estrellas - 1]!;
      // Newest first on the page: a few days apart, each business on its own rhythm.
      const at = new Date(now.getTime() - ((j * 11 + i * 5) % 150) * 86_400_000 - (j + 1) * 3_600_000);
      rows.push({
        comercioId,
        userId: visitorIds[(i * 3 + j) % visitorIds.length]!,
        estrellas,
        texto: textos[(i + j) % textos.length]!,
        createdAt: at,
        updatedAt: at,
      });
    });
  });
  if (rows.length) await tx.insert(opiniones).values(rows);
  await recomputeRatings(tx, [...idOf.values()]);
}
