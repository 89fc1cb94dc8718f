/**
 * `npm run operator:add -- email@example.com [more@example.com…]`: makes existing accounts operators, on the
 * database the server uses (DATABASE_URL, or PGlite in DATA_DIR), each with its audit row.
 */
import { ConfigError, loadConfig } from '#server/config';
import { migrateDatabase, openDatabase } from '#server/db/client';
import { AppError } from '#server/http/errors';
import { promoteOperator } from './operadores';

async function main(emails: string[]): Promise<number> {
  if (!emails.length) {
    console.error('Uso: npm run operator:add -- email@ejemplo.com');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  let failed = 0;
  try {
    await migrateDatabase(database);
    for (const email of emails) {
      try {
        const promoted = await promoteOperator(
          database.db,
          { id: null, email: 'linea de comandos' },
          email,
          'npm run operator:add',
        );
        console.log(promoted ? `${email}: ahora es operador.` : `${email}: ya era operador.`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        console.error(`${email}: ${err.message}`);
        failed++;
      }
    }
  } finally {
    await database.close();
  }
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
