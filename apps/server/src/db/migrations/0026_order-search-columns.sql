-- The back office's name and address search (issue 25) reads columns of its own, kept by PostgreSQL,
-- in one index that also holds what a list page sorts and filters by: the page's order numbers and the
-- count come from the index alone (an index-only scan), not from thousands of visits to the table.
-- One ALTER for the three columns: the table is rewritten once.
ALTER TABLE "orders"
  ADD COLUMN "search_last_name" text GENERATED ALWAYS AS (lower("customer_data"->>'lastName')) STORED,
  ADD COLUMN "search_first_name" text GENERATED ALWAYS AS (lower("customer_data"->>'firstName')) STORED,
  ADD COLUMN "search_email" text GENERATED ALWAYS AS (lower("customer_data"->>'email')) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_email_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_last_name_search_idx";--> statement-breakpoint
DROP STATISTICS IF EXISTS "orders_email_search_stats";--> statement-breakpoint
DROP STATISTICS IF EXISTS "orders_last_name_search_stats";--> statement-breakpoint
DROP STATISTICS IF EXISTS "orders_first_name_search_stats";--> statement-breakpoint
CREATE INDEX "orders_name_search_idx" ON "orders" ("search_last_name" text_pattern_ops, "search_first_name" text_pattern_ops) INCLUDE ("id", "created_at", "total_cents", "status", "brand_id", "payment_type");--> statement-breakpoint
CREATE INDEX "orders_email_search_idx" ON "orders" ("search_email" text_pattern_ops) INCLUDE ("id", "created_at", "total_cents", "status", "brand_id", "payment_type");
