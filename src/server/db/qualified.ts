import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column under an alias, spelled out: in a statement on one table drizzle writes its columns unqualified, which
 * inside a subquery on another table with columns of the same names would be ambiguous (or mean the inner one).
 */
export function qualified(alias: string, column: AnyPgColumn): SQL {
  return sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
}
