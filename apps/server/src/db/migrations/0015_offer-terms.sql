ALTER TABLE "offers" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "arrival_days" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "min_stay_nights" smallint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "children_policy" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pets_policy" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "blackout_periods" jsonb DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "inclusions" jsonb DEFAULT '[]' NOT NULL;