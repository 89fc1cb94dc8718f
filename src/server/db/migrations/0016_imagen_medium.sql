-- The 800 px variant between the card (480) and the gallery (1280). Nullable with no default, so adding it
-- rewrites no row (a catalogue change only, on PostgreSQL 15 and PGlite alike) and existing images keep
-- working: a row from before this migration gets its medium variant made from "large" on first request
-- (src/server/imagenes/medium.ts, ADR 004).
ALTER TABLE "imagenes" ADD COLUMN "medium" "bytea";
