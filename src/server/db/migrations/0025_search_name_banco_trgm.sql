-- The search reads name matches of rare or clustered words from comercios_sort_name_trgm; Promociones' "Banco o tarjeta"
-- filter reads a rare bank from promociones_medio_pago_otro_trgm, not partial so it has statistics (ADR 047).
CREATE INDEX "comercios_sort_name_trgm" ON "comercios" USING gin ("sort_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promociones_medio_pago_otro_trgm" ON "promociones" USING gin (vidriera_fold("medio_pago_otro") gin_trgm_ops);