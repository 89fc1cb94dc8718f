ALTER TABLE "mail_jobs" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "link" text;