-- Hotel towns and regions in every shop language (issue 13): the text columns become translated jsonb,
-- keeping what they held as the German name. Hand-written because drizzle-kit's SET DATA TYPE has no
-- USING clause, and PostgreSQL casts text to jsonb only with one.
ALTER TABLE "hotels" ALTER COLUMN "city" SET DATA TYPE jsonb USING jsonb_build_object('de', "city");--> statement-breakpoint
ALTER TABLE "hotels" ALTER COLUMN "region" SET DATA TYPE jsonb USING CASE WHEN "region" IS NULL THEN NULL ELSE jsonb_build_object('de', "region") END;
