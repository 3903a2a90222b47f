-- Promotions and codes in the back office (issue 26). A code's page lists the closed orders that used it:
-- an index over those orders alone (carts with a code are many and short-lived, they are left out).
CREATE INDEX "orders_reduction_idx" ON "orders" ("reduction_id", "id") WHERE "reduction_id" IS NOT NULL AND "status" <> 'cart';--> statement-breakpoint
-- The code list is searched by a code's start (a batch's prefix finds the batch), in any case.
CREATE INDEX "reductions_code_prefix_idx" ON "reductions" (lower("code") text_pattern_ops);--> statement-breakpoint
-- The promotion list is searched by a name's start.
CREATE INDEX "promotions_name_prefix_idx" ON "promotions" (lower("name") text_pattern_ops);
