-- "Abierto ahora" (ADR 060): the hours of the week (0 = Monday 0:00 to 167 = Sunday 23:00) in which a business
-- has an open minute, for the planner's statistics and a GIN index; the minute test stays on horario_semana.
-- A generated column may not read another generated column, so horas_semana reads the hours through both functions.
CREATE OR REPLACE FUNCTION vidriera_horas_semana(semana int4multirange) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT array_agg(DISTINCT hora ORDER BY hora)
  FROM unnest(semana) AS tramo, generate_series(lower(tramo) / 60, (upper(tramo) - 1) / 60) AS hora
$$;--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "horas_semana" integer[] GENERATED ALWAYS AS (vidriera_horas_semana(vidriera_horario_semana(horario_detallado))) STORED;--> statement-breakpoint
CREATE INDEX "comercios_horas_semana" ON "comercios" USING gin ("horas_semana");--> statement-breakpoint
-- Without statistics the planner takes the index even at noon, when most businesses are open, and sorts them all.
-- An existing city gets them now; an empty database (a new install, the tests) gets them from PostgreSQL's autovacuum
-- as it fills, and on PGlite from the server itself (ADR 062).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "comercios") THEN
    ANALYZE "comercios" ("horas_semana");
  END IF;
END
$$;
