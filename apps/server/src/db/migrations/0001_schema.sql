CREATE TABLE "boards" (
	"code" text PRIMARY KEY NOT NULL,
	"short" jsonb NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"short" text NOT NULL,
	"name" text NOT NULL,
	"hosts" text[] DEFAULT '{}' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"locales" text[] DEFAULT '{de,en,it}' NOT NULL,
	CONSTRAINT "brands_short_unique" UNIQUE("short")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"iso" char(2) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"is_in_menu" boolean DEFAULT false NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extension_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_features" (
	"code" smallint PRIMARY KEY NOT NULL,
	"icon" text NOT NULL,
	"label" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"stars" smallint,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"region" text,
	"country_iso" char(2) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"description" jsonb NOT NULL,
	"feature_codes" smallint[] DEFAULT '{}' NOT NULL,
	"image_seeds" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_search" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer NOT NULL,
	"country_iso" char(2) NOT NULL,
	"theme_ids" integer[] NOT NULL,
	"nights_min" smallint NOT NULL,
	"nights_max" smallint NOT NULL,
	"nights_set" smallint[] NOT NULL,
	"persons_min" smallint NOT NULL,
	"persons_max" smallint NOT NULL,
	"persons_set" smallint[] NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"discount_percent" smallint NOT NULL,
	"is_sold_out" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"document_de" "tsvector" NOT NULL,
	"document_en" "tsvector" NOT NULL,
	"document_it" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"position" smallint,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_themes" (
	"offer_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "offer_themes_offer_id_theme_id_pk" PRIMARY KEY("offer_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"brand_id" integer,
	"title" jsonb NOT NULL,
	"subtitle" jsonb NOT NULL,
	"board_code" text,
	"image_seeds" text[] DEFAULT '{}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_offers" (
	"promotion_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_offers_promotion_id_offer_id_pk" PRIMARY KEY("promotion_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"name" text NOT NULL,
	"promotion_type" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referral_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"code" text NOT NULL,
	"payload" text,
	"path" text,
	"referer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"occurrences" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"is_in_menu" boolean DEFAULT false NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "themes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"nights" smallint NOT NULL,
	"persons" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"stock" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"gender" smallint,
	"first_name" text,
	"last_name" text,
	"street" text,
	"house_number" text,
	"postcode" text,
	"city" text,
	"country_iso" char(2),
	"phone" text,
	"locale" text DEFAULT 'de' NOT NULL,
	"has_newsletter" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer,
	"tan" text NOT NULL,
	"customer_id" uuid,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"brand_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_brand_id_year_pk" PRIMARY KEY("brand_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"number" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"total_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_gift_cards" (
	"order_id" integer NOT NULL,
	"gift_card_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "order_gift_cards_order_id_gift_card_id_pk" PRIMARY KEY("order_id","gift_card_id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_key" text NOT NULL,
	"brand_id" integer NOT NULL,
	"customer_id" uuid,
	"status" text DEFAULT 'cart' NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"locale" text DEFAULT 'de' NOT NULL,
	"payment_type" text,
	"reduction_id" integer,
	"customer_data" jsonb,
	"referral_token_id" integer,
	"referral" jsonb,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"prepaid_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reductions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reductions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"operation" char(1) NOT NULL,
	"value" integer NOT NULL,
	"minimum_order_cents" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"code" text NOT NULL,
	"guest_data" jsonb,
	"valid_until" timestamp with time zone NOT NULL,
	"printed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_points" ADD CONSTRAINT "extension_points_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_country_iso_countries_iso_fk" FOREIGN KEY ("country_iso") REFERENCES "countries"("iso") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_search" ADD CONSTRAINT "offer_search_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_texts" ADD CONSTRAINT "offer_texts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_themes" ADD CONSTRAINT "offer_themes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_themes" ADD CONSTRAINT "offer_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_board_code_boards_code_fk" FOREIGN KEY ("board_code") REFERENCES "boards"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_offers" ADD CONSTRAINT "promotion_offers_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_offers" ADD CONSTRAINT "promotion_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_tokens" ADD CONSTRAINT "referral_tokens_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_gift_cards" ADD CONSTRAINT "order_gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_gift_cards" ADD CONSTRAINT "order_gift_cards_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reduction_id_reductions_id_fk" FOREIGN KEY ("reduction_id") REFERENCES "reductions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referral_token_id_referral_tokens_id_fk" FOREIGN KEY ("referral_token_id") REFERENCES "referral_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reductions" ADD CONSTRAINT "reductions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_brand_locale_slug_idx" ON "content_pages" USING btree (coalesce("brand_id", 0),"locale",lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "extension_points_brand_locale_key_idx" ON "extension_points" USING btree (coalesce("brand_id", 0),"locale","key");--> statement-breakpoint
CREATE UNIQUE INDEX "hotels_slug_idx" ON "hotels" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "hotels_lat_lon_idx" ON "hotels" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "hotels_country_idx" ON "hotels" USING btree ("country_iso");--> statement-breakpoint
CREATE INDEX "offer_search_document_de_idx" ON "offer_search" USING gin ("document_de");--> statement-breakpoint
CREATE INDEX "offer_search_document_en_idx" ON "offer_search" USING gin ("document_en");--> statement-breakpoint
CREATE INDEX "offer_search_document_it_idx" ON "offer_search" USING gin ("document_it");--> statement-breakpoint
CREATE INDEX "offer_search_theme_ids_idx" ON "offer_search" USING gin ("theme_ids");--> statement-breakpoint
CREATE INDEX "offer_search_country_idx" ON "offer_search" USING btree ("country_iso","price_cents");--> statement-breakpoint
CREATE INDEX "offer_search_price_idx" ON "offer_search" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "offer_search_discount_idx" ON "offer_search" USING btree ("discount_percent");--> statement-breakpoint
CREATE INDEX "offer_search_created_idx" ON "offer_search" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offer_texts_offer_idx" ON "offer_texts" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_themes_theme_idx" ON "offer_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_slug_idx" ON "offers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "offers_hotel_idx" ON "offers" USING btree ("hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_brand_name_idx" ON "promotions" USING btree (coalesce("brand_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "variants_offer_idx" ON "variants" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_brand_email_idx" ON "customers" USING btree ("brand_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_tan_idx" ON "gift_cards" USING btree ("tan");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_brand_year_number_idx" ON "invoices" USING btree ("brand_id","year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "reductions_brand_code_idx" ON "reductions" USING btree (coalesce("brand_id", 0),lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_idx" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vouchers_order_idx" ON "vouchers" USING btree ("order_id");