CREATE TABLE "revisiones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "revisiones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comercio_id" integer NOT NULL,
	"user_id" text,
	"nota" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"respuesta" text,
	"resuelta_por" text,
	"resuelta_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revisiones_estado_check" CHECK ("revisiones"."estado" IN ('pendiente', 'restaurado', 'rechazado')),
	CONSTRAINT "revisiones_resuelta" CHECK (("revisiones"."estado" = 'pendiente') = ("revisiones"."resuelta_at" IS NULL) AND ("revisiones"."estado" = 'rechazado') = ("revisiones"."respuesta" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "revisiones" ADD CONSTRAINT "revisiones_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisiones" ADD CONSTRAINT "revisiones_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revisiones_una_pendiente" ON "revisiones" USING btree ("comercio_id") WHERE "revisiones"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "revisiones_comercio" ON "revisiones" USING btree ("comercio_id","created_at");