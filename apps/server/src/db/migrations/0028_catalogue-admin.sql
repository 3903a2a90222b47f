-- What the shop shows besides the search index (content, brands, promotions, prices on offer pages) changed:
-- every process polls this one row and drops its caches when it moves (modules/catalogue/shop-changes.ts).
CREATE TABLE "shop_version" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL,
  "changed_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "shop_version" ("id", "version") VALUES (1, 0);
