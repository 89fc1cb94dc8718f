-- Search also matches services and locality (on the business) and the title, description and discount of promotions
-- (on the promotion, filtered to visible ones at query time). array_to_string is only STABLE, so an
-- IMMUTABLE wrapper joins the services for the generated column: text[] output does not depend on settings.
CREATE OR REPLACE FUNCTION vidriera_join_lines(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_string($1, E'\n') $$;--> statement-breakpoint
ALTER TABLE "comercios" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "search_text" text GENERATED ALWAYS AS (vidriera_fold(nombre || E'\n' || descripcion || E'\n' || categoria || E'\n' || vidriera_join_lines(servicios) || E'\n' || localidad)) STORED;--> statement-breakpoint
CREATE INDEX "comercios_search_trgm" ON "comercios" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "search_text" text GENERATED ALWAYS AS (vidriera_fold(titulo || E'\n' || descripcion || E'\n' || descuento)) STORED;--> statement-breakpoint
CREATE INDEX "promociones_search_trgm" ON "promociones" USING gin ("search_text" gin_trgm_ops);
