/** `tsx bench/load-dataset.ts N` — loads N synthetic businesses into DATABASE_URL (or DATA_DIR's PGlite). */
import { migrateDatabase, openDatabase } from '#server/db/client';
import { loadDataset } from './dataset';

const n = Number(process.argv[2] ?? 10_000);
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
});
await migrateDatabase(database);
const stats = await loadDataset(database.db, n, new Date());
console.log(
  `loaded ${stats.comercios} businesses and ${stats.promociones} promotions into ${database.kind} in ${(stats.ms / 1000).toFixed(1)} s`,
);
await database.close();
