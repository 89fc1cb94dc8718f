ALTER TABLE "pagos" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pagos_comercio_history" ON "pagos" USING btree ("comercio_id","created_at");--> statement-breakpoint
-- Payments applied before periods were recorded bought the 30 days that began when they were applied.
UPDATE "pagos" SET "period_start" = "applied_at", "period_end" = "applied_at" + interval '30 days' WHERE "applied_at" IS NOT NULL AND "period_start" IS NULL;
--> statement-breakpoint
CREATE TABLE "mail_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"comercio_id" integer,
	"pago_id" integer,
	"user_id" text,
	"period_end" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_jobs_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_jobs_status_check" CHECK ("mail_jobs"."status" IN ('pending', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_jobs_due" ON "mail_jobs" USING btree ("not_before","id") WHERE "mail_jobs"."status" IN ('pending', 'sending');
--> statement-breakpoint
CREATE TABLE "estadisticas" (
	"comercio_id" integer NOT NULL,
	"dia" date NOT NULL,
	"visitas" integer DEFAULT 0 NOT NULL,
	"whatsapp" integer DEFAULT 0 NOT NULL,
	"llamadas" integer DEFAULT 0 NOT NULL,
	"como_llegar" integer DEFAULT 0 NOT NULL,
	"compartidos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "estadisticas_comercio_id_dia_pk" PRIMARY KEY("comercio_id","dia")
);
--> statement-breakpoint
ALTER TABLE "estadisticas" ADD CONSTRAINT "estadisticas_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;
