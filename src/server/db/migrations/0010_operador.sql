CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_check" CHECK ("user"."role" IN ('owner', 'operator'));--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TABLE "denuncias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "denuncias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comercio_id" integer NOT NULL,
	"promocion_id" integer,
	"motivo" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"nota" text,
	"resuelta_por" text,
	"resuelta_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "denuncias_motivo_check" CHECK ("denuncias"."motivo" IN ('informacion_falsa', 'contenido_ofensivo', 'comercio_cerrado', 'otro')),
	CONSTRAINT "denuncias_estado_check" CHECK ("denuncias"."estado" IN ('pendiente', 'oculto', 'descartada'))
);
--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "oculto_motivo" text;--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "oculto_por" text;--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "oculto_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "denuncias" ADD CONSTRAINT "denuncias_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "denuncias" ADD CONSTRAINT "denuncias_promocion_id_promociones_id_fk" FOREIGN KEY ("promocion_id") REFERENCES "public"."promociones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "denuncias_pendientes" ON "denuncias" USING btree ("created_at") WHERE "denuncias"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "denuncias_comercio" ON "denuncias" USING btree ("comercio_id");--> statement-breakpoint
ALTER TABLE "comercios" ADD CONSTRAINT "comercios_oculto_check" CHECK (("comercios"."oculto_motivo" IS NULL AND "comercios"."oculto_por" IS NULL AND "comercios"."oculto_at" IS NULL) OR ("comercios"."oculto_motivo" IS NOT NULL AND "comercios"."oculto_por" IN ('moderacion', 'suspension') AND "comercios"."oculto_at" IS NOT NULL));
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_user" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_secret" ON "two_factor" USING btree ("secret");
