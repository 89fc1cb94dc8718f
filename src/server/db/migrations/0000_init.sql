-- Accent-insensitive search: unaccent() is only STABLE, so it is wrapped in an IMMUTABLE function
-- (with the dictionary named explicitly) that generated columns and indexes can use.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vidriera_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE TABLE "comercios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comercios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"categoria" text NOT NULL,
	"categorias" text[] DEFAULT '{}'::text[] NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"imagen" text,
	"horario" text DEFAULT 'Consultar horarios' NOT NULL,
	"distancia" text DEFAULT '-- km' NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"servicios" text[] DEFAULT '{}'::text[] NOT NULL,
	"galeria" text[] DEFAULT '{}'::text[] NOT NULL,
	"localidad" text DEFAULT 'Capital' NOT NULL,
	"horario_detallado" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pago_status" boolean DEFAULT false NOT NULL,
	"fecha_pago" timestamp with time zone,
	"propietario_id" text,
	"destacado" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (vidriera_fold(nombre || ' ' || descripcion || ' ' || categoria)) STORED,
	"sort_name" text GENERATED ALWAYS AS (vidriera_fold(nombre)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comercios_localidad_check" CHECK ("comercios"."localidad" IN ('Godoy Cruz', 'Capital', 'Guaymallen'))
);
--> statement-breakpoint
CREATE TABLE "imagenes" (
	"id" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb" "bytea" NOT NULL,
	"large" "bytea" NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promociones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promociones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comercio_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"descuento" text NOT NULL,
	"fecha_vencimiento" date NOT NULL,
	"imagen" text,
	"imagen2" text,
	"activa" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promociones" ADD CONSTRAINT "promociones_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comercios_search_trgm" ON "comercios" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comercios_categorias_gin" ON "comercios" USING gin ("categorias");--> statement-breakpoint
CREATE INDEX "comercios_listing" ON "comercios" USING btree ("destacado" DESC NULLS LAST,"sort_name","id");--> statement-breakpoint
CREATE INDEX "comercios_published" ON "comercios" USING btree ("fecha_pago") WHERE "comercios"."pago_status";--> statement-breakpoint
CREATE INDEX "comercios_propietario" ON "comercios" USING btree ("propietario_id");--> statement-breakpoint
CREATE INDEX "promociones_comercio" ON "promociones" USING btree ("comercio_id");--> statement-breakpoint
CREATE INDEX "promociones_vencimiento" ON "promociones" USING btree ("fecha_vencimiento","id") WHERE "promociones"."activa";