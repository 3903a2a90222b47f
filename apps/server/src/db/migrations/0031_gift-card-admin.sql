-- Gift cards in the back office (issue 26): a card can be blocked (the order API then refuses it as
-- invalid), its validity extended, and every change of its balance or state is kept as a movement.
ALTER TABLE "gift_cards" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
-- Printed on the card ("für Anna"), nothing else of the person.
ALTER TABLE "gift_cards" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "issued_by" uuid REFERENCES "staff"("id");--> statement-breakpoint
-- The back office finds a card by the start of its code whatever its case.
CREATE INDEX "gift_cards_tan_search_idx" ON "gift_cards" (upper("tan") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "gift_cards_brand_created_idx" ON "gift_cards" ("brand_id", "created_at");--> statement-breakpoint
-- Append-only: issued, debited by an order's hold, credited (given back when the hold ends), blocked,
-- unblocked, extended. amount_cents is signed (a debit is negative); the order id is kept without a
-- foreign key, as history that outlives what it names.
CREATE TABLE "gift_card_movements" (
	"id" bigserial PRIMARY KEY,
	"gift_card_id" integer NOT NULL REFERENCES "gift_cards"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('issued', 'debited', 'credited', 'blocked', 'unblocked', 'extended')),
	"amount_cents" integer NOT NULL DEFAULT 0,
	"balance_after_cents" integer NOT NULL,
	"order_id" integer,
	"staff_id" uuid REFERENCES "staff"("id"),
	"valid_to" timestamp with time zone,
	"note" text,
	"at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "gift_card_movements_card_idx" ON "gift_card_movements" ("gift_card_id", "id");--> statement-breakpoint
CREATE FUNCTION "gift_card_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'gift_card_movements is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "gift_card_movements_no_change" BEFORE UPDATE OR DELETE ON "gift_card_movements"
  FOR EACH ROW EXECUTE FUNCTION "gift_card_movements_append_only"();--> statement-breakpoint
-- Every card starts with its issue, however it was made (the back office, the demo seed, a script).
CREATE FUNCTION "gift_card_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "gift_card_movements" ("gift_card_id", "kind", "amount_cents", "balance_after_cents", "staff_id", "valid_to", "at")
    VALUES (NEW."id", 'issued', NEW."initial_cents", NEW."balance_cents", NEW."issued_by", NEW."valid_to", NEW."created_at");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "gift_cards_issued" AFTER INSERT ON "gift_cards"
  FOR EACH ROW EXECUTE FUNCTION "gift_card_issued"();--> statement-breakpoint
-- Cards from before: their issue; what they paid since is on their orders (order_gift_cards).
INSERT INTO "gift_card_movements" ("gift_card_id", "kind", "amount_cents", "balance_after_cents", "valid_to", "at")
  SELECT "id", 'issued', "initial_cents", "initial_cents", "valid_to", "created_at" FROM "gift_cards";
