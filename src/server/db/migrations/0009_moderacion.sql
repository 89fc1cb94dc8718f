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