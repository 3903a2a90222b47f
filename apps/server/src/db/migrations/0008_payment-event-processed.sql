ALTER TABLE "payment_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
-- Every event stored so far was processed: a failed one was deleted again for the provider's retry.
UPDATE "payment_events" SET "processed_at" = "received_at";
