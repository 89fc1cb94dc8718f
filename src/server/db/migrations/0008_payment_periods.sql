ALTER TABLE "pagos" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pagos_comercio_history" ON "pagos" USING btree ("comercio_id","created_at");--> statement-breakpoint
-- Payments applied before periods were recorded bought the 30 days that began when they were applied.
UPDATE "pagos" SET "period_start" = "applied_at", "period_end" = "applied_at" + interval '30 days' WHERE "applied_at" IS NOT NULL AND "period_start" IS NULL;
