ALTER TABLE "hotels" ALTER COLUMN "city" SET DATA TYPE jsonb;--> statement-breakpoint
ALTER TABLE "hotels" ALTER COLUMN "region" SET DATA TYPE jsonb;