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