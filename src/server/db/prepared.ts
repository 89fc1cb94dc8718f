import type { Db } from './client';

/**
 * Statements built once per database and shape, then only bound to each request's values. Drizzle builds a
 * statement's text from its query objects on every call; on an uncached answer ("Cerca mío" at 100,000
 * businesses) that was a measurable share of the server's CPU (ADR 019, fourth part). On PostgreSQL the name also makes
 * node-postgres parse the statement once per connection. A shape is one combination of the optional filters:
 * each gets its own name, since a name must always carry the same text.
 */
const statements = new WeakMap<Db, Map<string, unknown>>();

export function preparedOnce<T>(db: Db, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map<string, unknown>()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(name)));
  return statement;
}

/**
 * A prepared select's rows as the driver returns them, keyed by column name, without drizzle's per-row mapping
 * (the largest allocation of a "Cerca mío" answer after the rows themselves). Only for statements whose every
 * column is a plain column or an expression aliased `.as()` to its field's name, with types the drivers
 * parse the same way (numbers, text, booleans). Both drivers' prepared queries have `all()`; drizzle's base
 * type does not declare it.
 */
export function rawRows<R>(statement: object, values: Record<string, unknown>): Promise<R[]> {
  return (statement as { all(values: Record<string, unknown>): Promise<R[]> }).all(values);
}
