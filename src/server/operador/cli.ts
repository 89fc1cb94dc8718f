/**
 * `npm run operator:add -- email@example.com [more@example.com…]` makes existing accounts operators;
 * `npm run operator:remove -- email@example.com […]` (the same script with `--remove`) makes operators owners
 * again. On the database the server uses (DATABASE_URL, or PGlite in DATA_DIR), each with its audit row; a
 * removal keeps the console's rules (never the last operator, never one OPERATOR_EMAILS lists).
 */
import { ConfigError, loadConfig } from '#server/config';
import { migrateDatabase, openDatabase } from '#server/db/client';
import { AppError } from '#server/http/errors';
import type { Actor } from './audit';
import { demoteOperator, promoteOperator } from './operadores';

const CLI_ACTOR: Actor = { id: null, email: 'linea de comandos' };

async function main(args: string[]): Promise<number> {
  const remove = args.includes('--remove');
  const emails = args.filter((a) => a !== '--remove');
  if (!emails.length) {
    console.error(`Uso: npm run ${remove ? 'operator:remove' : 'operator:add'} -- email@ejemplo.com`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  let failed = 0;
  try {
    await migrateDatabase(database);
    for (const email of emails) {
      try {
        if (remove) {
          await demoteOperator(database.db, CLI_ACTOR, { email }, 'npm run operator:remove', config.OPERATOR_EMAILS);
          console.log(`${email}: ya no es operador.`);
        } else {
          const promoted = await promoteOperator(database.db, CLI_ACTOR, email, 'npm run operator:add');
          console.log(promoted ? `${email}: ahora es operador.` : `${email}: ya era operador.`);
        }
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
