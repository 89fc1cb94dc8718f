CREATE TABLE "comercio_categorias" (
	"categoria" text NOT NULL,
	"comercio_id" integer NOT NULL,
	CONSTRAINT "comercio_categorias_categoria_comercio_id_pk" PRIMARY KEY("categoria","comercio_id")
);
--> statement-breakpoint
ALTER TABLE "comercio_categorias" ADD CONSTRAINT "comercio_categorias_comercio_id_comercios_id_fk" FOREIGN KEY ("comercio_id") REFERENCES "public"."comercios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comercio_categorias_comercio" ON "comercio_categorias" USING btree ("comercio_id");--> statement-breakpoint
CREATE FUNCTION "vidriera_comercio_categorias"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.categorias IS NOT DISTINCT FROM OLD.categorias THEN
      RETURN NULL;
    END IF;
    DELETE FROM "comercio_categorias" WHERE "comercio_id" = OLD.id;
  END IF;
  INSERT INTO "comercio_categorias" ("categoria", "comercio_id")
    SELECT DISTINCT c, NEW.id FROM unnest(NEW.categorias) AS c WHERE c IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "comercio_categorias_sync" AFTER INSERT OR UPDATE OF "categorias" ON "comercios"
  FOR EACH ROW EXECUTE FUNCTION "vidriera_comercio_categorias"();
--> statement-breakpoint
INSERT INTO "comercio_categorias" ("categoria", "comercio_id")
  SELECT DISTINCT c, "comercios"."id" FROM "comercios", unnest("comercios"."categorias") AS c WHERE c IS NOT NULL;
