ALTER TABLE "comercios" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "lng" double precision;--> statement-breakpoint
CREATE INDEX "comercios_ubicacion" ON "comercios" USING btree ("lat","lng") WHERE "comercios"."lat" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "comercios" ADD CONSTRAINT "comercios_ubicacion_pair" CHECK (("comercios"."lat" IS NULL) = ("comercios"."lng" IS NULL));