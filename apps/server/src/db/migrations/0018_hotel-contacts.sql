ALTER TABLE "hotels" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "email" text;