CREATE TABLE "favoritos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favoritos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"comercio_id" integer,
	"promocion_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favoritos_un_destino" CHECK (num_nonnulls("favoritos"."comercio_id", "favoritos"."promocion_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_promocion_id_promociones_id_fk" FOREIGN KEY ("promocion_id") REFERENCES "public"."promociones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favoritos_comercio_user" ON "favoritos" USING btree ("comercio_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favoritos_promocion_user" ON "favoritos" USING btree ("promocion_id","user_id");--> statement-breakpoint
CREATE INDEX "favoritos_user" ON "favoritos" USING btree ("user_id","created_at");