/**
 * "Abierto ahora" (issue 30, ADR 045) as the database runs it on an already loaded dataset: EXPLAIN (ANALYZE) of the
 * grid's first page with the filter, alone and with a category, a locality and a search, at the MOMENTS below;
 * the time of the open window's boundaries query; and the service's own time for
 * each (median of 5, "Cerca mío" included). Run alone: `DATABASE_URL=… tsx bench/explain-abierto.ts` on a database
 * `bench/load-dataset.ts` filled (it migrates it first, as the server would).
 */
import { and, asc, arrayContains, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ComercioListQuery } from '#shared/schemas/queries';
import { migrateDatabase, openDatabase, queryRows, type Db } from '#server/db/client';
import { comercios } from '#server/db/schema';
import { abiertoWhere, hourBoundaries } from '#server/comercios/abierto';
import { publishedWhere } from '#server/comercios/published';
import { CARD_COLUMNS, listPublishedComercios } from '#server/comercios/public-service';
import { listComerciosMapa } from '#server/comercios/mapa-service';
import { AppError } from '#server/http/errors';

/** A day of the week of 23 November 2026 (Monday = 0) in Mendoza (UTC-3) at h:m. */
const mendoza = (day: number, h: number, m = 0) => new Date(Date.UTC(2026, 10, 23 + day, h + 3, m));
/**
 * Noon (most businesses open), Monday's small hours (few), and a Tuesday evening after most have closed: there
 * the week's span of every business's hours covers the minute, so only the hour's statistics tell (ADR 060).
 */
const MOMENTS = [
  ['Monday 12:00', mendoza(0, 12)],
  ['Monday 3:00', mendoza(0, 3)],
  ['Tuesday 22:30', mendoza(1, 22, 30)],
] as const;
const GODOY_CRUZ = { lat: -32.9254, lng: -68.8441 };

async function explain(db: Db, filters: SQL[]) {
  const statement = db
    .select(CARD_COLUMNS)
    .from(comercios)
    .where(and(...filters))
    .orderBy(desc(comercios.destacado), asc(comercios.sortName), asc(comercios.id))
    .limit(13);
  const rows = await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${statement.getSQL()}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

/** The median of five runs in ms, or what a visitor got instead of an answer (the search's 503). */
async function median(run: () => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    try {
      await run();
    } catch (err) {
      if (err instanceof AppError) return `${err.statusCode} "${err.message}"`;
      throw err;
    }
    times.push(performance.now() - start);
  }
  return `${Math.round(times.sort((a, b) => a - b)[2]! * 10) / 10} ms`;
}

const base: ComercioListQuery = { q: undefined, categoria: undefined, page: 1, abierto: true };

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
});
try {
  const migrating = performance.now();
  await migrateDatabase(database);
  console.log(
    `migrations: ${Math.round(performance.now() - migrating)} ms (0024 adds horario_semana to every row, 0027 horas_semana)`,
  );
  const db = database.db;
  const [{ n }] = (await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM ${comercios}`)) as [{ n: string }];
  console.log(`# "Abierto ahora" on ${database.kind}, ${n} businesses\n`);
  const boundaries = await hourBoundaries(db);
  console.log(`boundaries of the week: ${boundaries.length}; query median ${await median(() => hourBoundaries(db))}\n`);
  for (const [moment, now] of MOMENTS) {
    const cases: Array<[string, SQL[], ComercioListQuery]> = [
      ['abierto=1', [], base],
      [
        'abierto=1&categoria=Panadería',
        [arrayContains(comercios.categorias, ['Panadería'])],
        { ...base, categoria: 'Panadería' },
      ],
      ['abierto=1&localidad=Capital', [eq(comercios.localidad, 'Capital')], { ...base, localidad: 'Capital' }],
    ];
    for (const [name, extra, query] of cases) {
      const plan = await explain(db, [publishedWhere(now), abiertoWhere(now), ...extra]);
      const ms = await median(() => listPublishedComercios(db, query, now));
      const indexes = [...new Set([...plan.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1]!))];
      console.log(`## ${moment} ${name}: service median ${ms}, reads ${indexes.join(', ') || 'no index'}\n\n${plan}\n`);
    }
    for (const [name, query] of [
      ['abierto=1&q=panaderia', { ...base, q: 'panaderia' }],
      ['abierto=1 + Cerca mío', { ...base, ...GODOY_CRUZ }],
      ['abierto=1&categoria=Panadería + Cerca mío', { ...base, categoria: 'Panadería', ...GODOY_CRUZ }],
    ] as Array<[string, ComercioListQuery]>)
      console.log(
        `## ${moment} ${name}: service median ${await median(() => listPublishedComercios(db, query, now))}\n`,
      );
    console.log(
      `## ${moment} mapa abierto=1: service median ${await median(() => listComerciosMapa(db, base, now))}\n`,
    );
  }
} finally {
  await database.close();
}
