DROP INDEX "comercios_listing";--> statement-breakpoint
CREATE INDEX "comercios_listing" ON "comercios" USING btree ("destacado" DESC NULLS FIRST,"sort_name","id");