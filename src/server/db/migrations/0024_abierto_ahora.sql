-- "Abierto ahora" (ADR 045): the week's open minutes from the per-day hours, as readWeek in
-- src/shared/rules/horario.ts reads them. Monday 0:00 is minute 0 and Sunday 24:00 minute 10080; a shift whose end
-- is not after its start ends the next day, and Sunday's wraps to Monday. Null when the hours are not known (a
-- day not in a canonical form, or every day closed): such a business is never open now.
CREATE OR REPLACE FUNCTION vidriera_horario_semana(horario jsonb) RETURNS int4multirange
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  dias constant text[] := ARRAY['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
  semana constant integer := 10080;
  result int4multirange := '{}'::int4multirange;
  texto text;
  plano text;
  turno text;
  partes text[];
  h1 integer;
  m1 integer;
  h2 integer;
  m2 integer;
  base integer;
  inicio integer;
  fin integer;
  previo_inicio integer;
  previo_fin integer;
  desde integer;
  hasta integer;
  abre boolean := false;
BEGIN
  FOR i IN 1..7 LOOP
    base := (i - 1) * 1440;
    texto := btrim(coalesce(horario ->> dias[i], ''), E' \t\n\r');
    -- Folded as readDia folds them (the two words have no accents to lose): translate() and lower() rather than
    -- vidriera_fold, whose unaccent dictionary made this function a hundred times dearer on a migration of every row.
    plano := translate(lower(texto), 'áéíóúü', 'aeiouu');
    IF texto = '' OR plano = 'cerrado' THEN
      CONTINUE;
    END IF;
    abre := true;
    IF plano = '24 horas' THEN
      result := result + int4multirange(int4range(base, base + 1440));
      CONTINUE;
    END IF;
    partes := string_to_array(texto, ',');
    IF array_length(partes, 1) > 2 THEN
      RETURN NULL;
    END IF;
    previo_inicio := NULL;
    previo_fin := NULL;
    FOREACH turno IN ARRAY partes LOOP
      -- "H:MM - H:MM", hours 0 to 23 and minutes 00 to 59 as readDia's CLOCK; checked by a pattern without capture
      -- groups and read with split_part (PostgreSQL's capturing regexp_match cost a migration of every row dearly).
      turno := btrim(turno, E' \t\n\r');
      IF turno !~ '^[0-9]{1,2}:[0-9]{2}[[:space:]]*-[[:space:]]*[0-9]{1,2}:[0-9]{2}$' THEN
        RETURN NULL;
      END IF;
      h1 := split_part(btrim(split_part(turno, '-', 1)), ':', 1)::integer;
      m1 := split_part(btrim(split_part(turno, '-', 1)), ':', 2)::integer;
      h2 := split_part(btrim(split_part(turno, '-', 2)), ':', 1)::integer;
      m2 := split_part(btrim(split_part(turno, '-', 2)), ':', 2)::integer;
      IF h1 > 23 OR m1 > 59 OR h2 > 23 OR m2 > 59 THEN
        RETURN NULL;
      END IF;
      inicio := h1 * 60 + m1;
      fin := h2 * 60 + m2;
      IF inicio = fin THEN
        RETURN NULL;
      END IF;
      -- Only the last shift may run past midnight, and the second starts after the first ends.
      IF previo_inicio IS NOT NULL AND (previo_fin < previo_inicio OR inicio < previo_fin) THEN
        RETURN NULL;
      END IF;
      previo_inicio := inicio;
      previo_fin := fin;
      desde := base + inicio;
      hasta := base + CASE WHEN fin > inicio THEN fin ELSE fin + 1440 END;
      IF hasta > semana THEN
        result := result + int4multirange(int4range(desde, semana), int4range(0, hasta - semana));
      ELSE
        result := result + int4multirange(int4range(desde, hasta));
      END IF;
    END LOOP;
  END LOOP;
  IF NOT abre THEN
    RETURN NULL;
  END IF;
  RETURN result;
END;
$$;--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "horario_semana" "int4multirange" GENERATED ALWAYS AS (vidriera_horario_semana(horario_detallado)) STORED;--> statement-breakpoint
CREATE INDEX "comercios_horario_semana" ON "comercios" USING gist ("horario_semana");