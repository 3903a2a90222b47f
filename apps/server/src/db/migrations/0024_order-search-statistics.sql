-- What the back office's search box compares (issue 25): with statistics on these expressions the
-- planner knows how many orders an address's or a name's start matches, and picks the index of the
-- match (a few orders) or walks the orders newest first (thousands) by itself.
CREATE STATISTICS IF NOT EXISTS "orders_email_search_stats" ON (lower("customer_data"->>'email')) FROM "orders";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "orders_last_name_search_stats" ON (lower("customer_data"->>'lastName')) FROM "orders";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "orders_first_name_search_stats" ON (lower("customer_data"->>'firstName')) FROM "orders";
