-- Opinions (issue 29, ADR 027). Ratings until now were typed-in sample numbers with no opinion behind them;
-- from here on comercios.rating and opiniones_count are the mean and number of visible opinions, so every
-- existing business starts with none ("Nuevo"). The sample data's seed writes its opinions afterwards.
CREATE TABLE "opiniones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opiniones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comercio_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"estrellas" smallint NOT NULL,
	"texto" text NOT NULL,
	"respuesta" text,
	"respuesta_at" timestamp with time zone,
	"oculto_motivo" text,
	"oculto_por" text,
	"oculto_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opiniones_estrellas_check" CHECK ("opiniones"."estrellas" BETWEEN 1 AND 5),
	CONSTRAINT "opiniones_texto_check" CHECK (char_length("opiniones"."texto") BETWEEN 10 AND 1000),
	CONSTRAINT "opiniones_respuesta_check" CHECK (("opiniones"."respuesta" IS NULL) = ("opiniones"."respuesta_at" IS NULL)),
	CONSTRAINT "opiniones_oculto_check" CHECK (("opiniones"."oculto_motivo" IS NULL AND "opiniones"."oculto_por" IS NULL AND "opiniones"."oculto_at" IS NULL) OR ("opiniones"."oculto_motivo" IS NOT NULL AND "opiniones"."oculto_por" IN ('moderacion', 'suspension') AND "opiniones"."oculto_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "comercios" ADD COLUMN "opiniones_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "denuncias" ADD COLUMN "opinion_id" integer;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "opinion_id" integer;--> statement-breakpoint
ALTER TABLE "opiniones" ADD CONSTRAINT "opiniones_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opiniones" ADD CONSTRAINT "opiniones_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opiniones_comercio_user" ON "opiniones" USING btree ("comercio_id","user_id");--> statement-breakpoint
CREATE INDEX "opiniones_visibles" ON "opiniones" USING btree ("comercio_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "opiniones"."oculto_at" IS NULL;--> statement-breakpoint
CREATE INDEX "opiniones_user" ON "opiniones" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "denuncias" ADD CONSTRAINT "denuncias_opinion_id_opiniones_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "public"."opiniones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_opinion_id_opiniones_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "public"."opiniones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comercios_mejor_valorados" ON "comercios" USING btree ("rating" DESC NULLS LAST,"opiniones_count" DESC NULLS LAST,"sort_name","id");--> statement-breakpoint
CREATE INDEX "denuncias_opinion" ON "denuncias" USING btree ("opinion_id") WHERE "denuncias"."opinion_id" IS NOT NULL;--> statement-breakpoint
UPDATE "comercios" SET "rating" = 0 WHERE "rating" <> 0;
