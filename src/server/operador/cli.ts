/**
 * `npm run operator:add -- email@example.com [more@example.com…]` makes accounts operators: an existing one at
 * once, an email with no account yet when it signs up and is first seen signed in (a pending appointment);
 * `npm run operator:remove -- email@example.com […]` (the same script with `--remove`) makes operators owners
 * again (or cancels a pending appointment). On the database the server uses (DATABASE_URL, or PGlite in DATA_DIR), each with its audit row; a
 * removal keeps the console's rules (never the last operator, never one OPERATOR_EMAILS lists).
 */
import { ConfigError, loadConfig } from '#server/config';
import { migrateDatabase, openDatabase } from '#server/db/client';
import { AppError } from '#server/http/errors';
import { appointOperator, cancelAppointment, CLI_ACTOR, CLI_ADD_REASON, demoteOperator } from './operadores';

const ADDED = {
  promoted: 'ahora es operador.',
  already: 'ya era operador.',
  pending: 'todavía no tiene cuenta: será operador cuando se registre y entre.',
} as const;

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
        if (remove && (await cancelAppointment(database.db, email))) {
          console.log(`${email}: se canceló su designación pendiente.`);
        } else if (remove) {
          await demoteOperator(database.db, CLI_ACTOR, { email }, 'npm run operator:remove', config.OPERATOR_EMAILS);
          console.log(`${email}: ya no es operador.`);
        } else {
          console.log(`${email}: ${ADDED[await appointOperator(database.db, CLI_ACTOR, email, CLI_ADD_REASON)]}`);
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
