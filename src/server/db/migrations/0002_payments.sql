CREATE TABLE "pagos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pagos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comercio_id" integer,
	"user_id" text,
	"external_reference" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"idempotency_key" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"status_detail" text,
	"raw_response" jsonb,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "pagos_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"external_reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order" jsonb NOT NULL,
	"resolves_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_one_in_flight" ON "pagos" USING btree ("comercio_id") WHERE "pagos"."status" IN ('pending', 'processing', 'action_required', 'created');--> statement-breakpoint
CREATE INDEX "pagos_external_reference" ON "pagos" USING btree ("external_reference");