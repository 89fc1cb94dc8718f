ALTER TABLE "promociones" ADD COLUMN "dias" smallint DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "desde" date;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "medios_pago" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "medio_pago_otro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "tope" integer;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "compra_minima" integer;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "condiciones" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "promociones_hoy_0" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa" AND ("promociones"."dias" & 1) <> 0;--> statement-breakpoint
CREATE INDEX "promociones_hoy_1" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa" AND ("promociones"."dias" & 2) <> 0;--> statement-breakpoint
CREATE INDEX "promociones_hoy_2" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa" AND ("promociones"."dias" & 4) <> 0;--> statement-breakpoint
CREATE INDEX "promociones_hoy_3" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa" AND ("promociones"."dias" & 8) <> 0;--> statement-breakpoint
CREATE INDEX "promociones_hoy_4" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa" AND ("promociones"."dias" & 16) <> 0;--> statement-breakpoint
CREATE INDEX "promociones_hoy_5" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa" AND ("promociones"."dias" & 32) <> 0;--> statement-breakpoint
CREATE INDEX "promociones_hoy_6" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa" AND ("promociones"."dias" & 64) <> 0;--> statement-breakpoint
ALTER TABLE "promociones" ADD CONSTRAINT "promociones_dias_check" CHECK ("promociones"."dias" BETWEEN 1 AND 127);--> statement-breakpoint
ALTER TABLE "promociones" ADD CONSTRAINT "promociones_montos_check" CHECK ("promociones"."tope" > 0 AND "promociones"."compra_minima" > 0);--> statement-breakpoint
ALTER TABLE "promociones" ADD CONSTRAINT "promociones_desde_check" CHECK ("promociones"."desde" <= "promociones"."fecha_vencimiento");