-- What the shop shows besides the search index (content, brands, promotions, prices on offer pages) changed:
-- every process polls this one row and drops its caches when it moves (modules/catalogue/shop-changes.ts).
CREATE TABLE "shop_version" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL,
  "changed_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "shop_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- The boards a hotel offers (SPEC §3 codes); an offer picks one.
ALTER TABLE "hotels" ADD COLUMN "board_codes" text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- Pictures uploaded in the back office, cropped and stored once (WebP, at most 2048 px wide): every
-- machine serves them from here; each machine's media folder is only a cache of the sizes it rendered.
CREATE TABLE "media_pictures" (
  "seed" text PRIMARY KEY,
  "image" bytea NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "staff_id" uuid,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Every price a variant had and since when: the lowest of the last 30 days is what the EU price
-- indication rules ask a shop to show beside a reduction against its own former price.
CREATE TABLE "variant_prices" (
  "variant_id" integer NOT NULL REFERENCES "variants"("id") ON DELETE CASCADE,
  "price_cents" integer NOT NULL,
  "since" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "variant_prices_variant_idx" ON "variant_prices" ("variant_id", "since" DESC);
--> statement-breakpoint
-- A trigger, so that no writer (the back office, an import, a seed) can change a price unrecorded.
CREATE FUNCTION record_variant_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.price_cents IS DISTINCT FROM OLD.price_cents THEN
    INSERT INTO variant_prices (variant_id, price_cents) VALUES (NEW.id, NEW.price_cents);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER variants_price_history AFTER INSERT OR UPDATE OF price_cents ON "variants"
  FOR EACH ROW EXECUTE FUNCTION record_variant_price();
--> statement-breakpoint
INSERT INTO variant_prices (variant_id, price_cents, since)
  SELECT v.id, v.price_cents, o.created_at FROM variants v JOIN offers o ON o.id = v.offer_id;
--> statement-breakpoint
-- A catalogue CSV file and what became of it (modules/admin/catalogue/catalogue-import.ts): checked by a
-- job, which lists every change and error; written only when asked to and only without errors.
CREATE TABLE "catalogue_imports" (
  "id" serial PRIMARY KEY,
  "staff_id" uuid NOT NULL,
  "brand_ids" integer[],
  "locale" text NOT NULL,
  "file_name" text NOT NULL,
  "content" text NOT NULL,
  "dry_run" boolean NOT NULL,
  "status" text NOT NULL DEFAULT 'queued',
  "rows_total" integer,
  "rows_done" integer NOT NULL DEFAULT 0,
  "summary" jsonb,
  "changes" jsonb,
  "errors" jsonb,
  "applied" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
-- What a variant's "statt" price is: the hotel's regular price (typed in the back office), or our own
-- former price. For the latter the EU price indication rules (PAngV § 11) fix the reference: the lowest
-- price of the 30 days before the reduction. The database sets it, so no writer can show another.
ALTER TABLE "variants" ADD COLUMN "reference_source" text NOT NULL DEFAULT 'hotel'
  CHECK ("reference_source" IN ('hotel', 'former'));
--> statement-breakpoint
ALTER TABLE "offer_search" ADD COLUMN "reference_source" text NOT NULL DEFAULT 'hotel';
--> statement-breakpoint
CREATE FUNCTION set_former_reference_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lowest integer;
BEGIN
  IF NEW.reference_source <> 'former' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.reference_source = 'former' AND NEW.price_cents = OLD.price_cents THEN
    -- The reference was fixed when the price was reduced; nobody types another one in.
    NEW.original_price_cents := OLD.original_price_cents;
    RETURN NEW;
  END IF;
  -- Every price in force during the last 30 days: those set since, and the one in force 30 days ago.
  SELECT min(price_cents) INTO lowest FROM (
    SELECT price_cents FROM variant_prices
      WHERE variant_id = NEW.id AND since >= now() - interval '30 days'
    UNION ALL
    (SELECT price_cents FROM variant_prices
      WHERE variant_id = NEW.id AND since < now() - interval '30 days' ORDER BY since DESC LIMIT 1)
  ) AS in_force;
  -- Only a reduction below all of them has a reference to show.
  NEW.original_price_cents := CASE WHEN lowest > NEW.price_cents THEN lowest ELSE 0 END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER variants_former_reference BEFORE INSERT OR UPDATE ON "variants"
  FOR EACH ROW EXECUTE FUNCTION set_former_reference_price();
