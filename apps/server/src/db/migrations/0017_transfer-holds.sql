ALTER TABLE "orders" ADD COLUMN "client_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_variant_ids" integer[];--> statement-breakpoint
CREATE INDEX "orders_open_transfer_client_idx" ON "orders" USING btree ("client_hash") WHERE status = 'awaiting-payment';--> statement-breakpoint
CREATE INDEX "orders_open_transfer_email_idx" ON "orders" USING btree ("email_key") WHERE status = 'awaiting-payment';--> statement-breakpoint
CREATE INDEX "orders_open_transfer_variants_idx" ON "orders" USING gin ("transfer_variant_ids") WHERE status = 'awaiting-payment';--> statement-breakpoint
-- Transfers open when this runs: their variants, so that they count towards each variant's ceiling
-- (docs/decisions/020). Their client is unknown; they expire within WIRE_TRANSFER_HOLD_DAYS.
UPDATE "orders" o SET "transfer_variant_ids" = (SELECT array_agg(i.variant_id) FROM "order_items" i WHERE i.order_id = o.id)
WHERE o.status = 'awaiting-payment';--> statement-breakpoint
-- Redemptions recorded before addresses were normalised: the same rule as emailIdentity()
-- (modules/orders/email-identity.ts), once, so that once-per-customer codes count them.
UPDATE "reduction_redemptions" r SET "customer_email" = n.identity
FROM (
  SELECT order_id,
    CASE WHEN domain = 'gmail.com' AND replace(bare, '.', '') <> '' THEN replace(bare, '.', '') ELSE bare END
      || '@' || domain AS identity
  FROM (
    SELECT order_id,
      CASE WHEN position('+' IN local) > 1 THEN split_part(local, '+', 1) ELSE local END AS bare,
      CASE WHEN domain = 'googlemail.com' THEN 'gmail.com' ELSE domain END AS domain
    FROM (
      SELECT order_id, regexp_replace(email, '@[^@]*$', '') AS local, substring(email FROM '@([^@]*)$') AS domain
      FROM (SELECT order_id, lower(btrim("customer_email")) AS email FROM "reduction_redemptions") lowered
      WHERE position('@' IN email) > 1
    ) parts
  ) stripped
) n
WHERE r.order_id = n.order_id AND r."customer_email" <> n.identity;
