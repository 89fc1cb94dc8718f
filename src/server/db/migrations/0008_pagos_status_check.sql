-- Every status the code writes is one of these (src/shared/pagos.ts PAGO_STATUSES). A row with any other
-- value could only come from a provider status the app never knew; it was never treated as paid or in flight,
-- so it becomes "error", keeping the provider's word in status_detail (and the full answer in raw_response).
UPDATE "pagos" SET "status_detail" = 'unknown_status:' || "status", "status" = 'error' WHERE "status" NOT IN ('pending', 'created', 'processed', 'processing', 'action_required', 'failed', 'cancelled', 'canceled', 'expired', 'refunded', 'charged_back', 'error');--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_status_known" CHECK ("pagos"."status" IN ('pending', 'created', 'processed', 'processing', 'action_required', 'failed', 'cancelled', 'canceled', 'expired', 'refunded', 'charged_back', 'error'));
