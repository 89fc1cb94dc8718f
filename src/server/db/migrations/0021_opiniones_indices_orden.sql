DROP INDEX "comercios_mejor_valorados";--> statement-breakpoint
DROP INDEX "opiniones_visibles";--> statement-breakpoint
CREATE INDEX "comercios_mejor_valorados" ON "comercios" USING btree ("rating" DESC NULLS FIRST,"opiniones_count" DESC NULLS FIRST,"sort_name","id");--> statement-breakpoint
CREATE INDEX "opiniones_visibles" ON "opiniones" USING btree ("comercio_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "opiniones"."oculto_at" IS NULL;