-- A code is one word over every brand (the back office already refuses a taken one; this index
-- decides between two members saving the same code at once). The columns drizzle-kit would add here
-- came with the custom migrations 0028 and 0031; its snapshot now knows them.
DROP INDEX "reductions_brand_code_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "reductions_code_idx" ON "reductions" USING btree (lower("code"));
