import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { NEAR_PLANE } from '#shared/rules/geo';

/**
 * A pin on "Cerca mío"'s flat map (NEAR_PLANE) as a PostgreSQL `point`. The schema's comercios_cerca index and
 * the near-me queries both build it here: the planner uses the index only for the very same expression, so the
 * factors are written as literals (a parameter would not match).
 */
export function planePoint(lat: SQLWrapper, lng: SQLWrapper): SQL {
  const x = sql.raw(`${NEAR_PLANE.x}::float8`);
  const y = sql.raw(`${NEAR_PLANE.y}::float8`);
  return sql`point(${lng} * ${x}, ${lat} * ${y})`;
}
