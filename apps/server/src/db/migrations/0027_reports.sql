-- The back office's reports (issue 26). Sales per brand and day read one index alone (an index-only
-- scan of the paid orders in the period) instead of the orders and their items: the vouchers an order
-- gave are kept on it when they are issued (vouchers.repository createVouchers).
ALTER TABLE "orders" ADD COLUMN "voucher_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "voucher_count" = v.n
  FROM (SELECT "order_id", count(*)::int AS n FROM "vouchers" GROUP BY "order_id") v
  WHERE v."order_id" = o."id";--> statement-breakpoint
CREATE INDEX "orders_paid_report_idx" ON "orders" ("paid_at") INCLUDE ("brand_id", "total_cents", "voucher_count") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
-- Search terms that found nothing, counted per day and brand (no personal data: terms that look like an
-- e-mail address or a phone number are never counted; search-misses.ts).
CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"brand_id" integer NOT NULL REFERENCES "brands"("id"),
	"term" text NOT NULL,
	"count" integer NOT NULL,
	PRIMARY KEY ("day", "brand_id", "term")
);
