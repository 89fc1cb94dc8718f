-- The search column joins its fields with a line break (which a search box cannot send), so a match can no
-- longer span the end of one field and the start of the next. Dropping the column drops its index too.
ALTER TABLE "comercios" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "search_text" text GENERATED ALWAYS AS (vidriera_fold(nombre || E'\n' || descripcion || E'\n' || categoria)) STORED;--> statement-breakpoint
CREATE INDEX "comercios_search_trgm" ON "comercios" USING gin ("search_text" gin_trgm_ops);
