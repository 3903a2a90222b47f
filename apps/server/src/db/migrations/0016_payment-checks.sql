ALTER TABLE "payments" ADD COLUMN "check_after" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_check_idx" ON "payments" USING btree ("check_after") WHERE check_after IS NOT NULL;--> statement-breakpoint
-- Payments from before the reconciliation: those still waiting are asked about, and so are those cancelled
-- in the last 30 days without asking the provider (a capture a killed process never booked is refunded,
-- issue 23); every other outcome is known.
UPDATE "payments" SET "check_after" = NULL
  WHERE NOT ("status" = 'created' OR ("status" = 'cancelled' AND "updated_at" > now() - interval '30 days'));
