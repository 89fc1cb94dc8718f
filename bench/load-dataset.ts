/**
 * `tsx bench/load-dataset.ts N [OPINIONES]` — loads N synthetic businesses into DATABASE_URL (or DATA_DIR's
 * PGlite), and that many opinions with the ratings computed from them when OPINIONES is given.
 */
import { migrateDatabase, openDatabase } from '#server/db/client';
import { loadDataset, loadOpiniones } from './dataset';

const n = Number(process.argv[2] ?? 10_000);
const opinionCount = Number(process.argv[3] ?? 0);
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
});
await migrateDatabase(database);
const stats = await loadDataset(database.db, n, new Date());
console.log(
  `loaded ${stats.comercios} businesses and ${stats.promociones} promotions into ${database.kind} in ${(stats.ms / 1000).toFixed(1)} s`,
);
if (opinionCount) {
  const op = await loadOpiniones(database.db, opinionCount, new Date());
  console.log(`loaded ${op.opiniones} opinions by ${op.visitantes} visitor accounts in ${(op.ms / 1000).toFixed(1)} s`);
}
await database.close();
