CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"visitor_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"banner_version" text NOT NULL,
	"text_hash" text,
	"services" text[] NOT NULL,
	"locale" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_choice" CHECK ("consent_records"."choice" IN ('all', 'necessary'))
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'booking' NOT NULL,
	"provider" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"premium_cents" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"covered_days" smallint,
	"travellers" jsonb NOT NULL,
	"locale" text NOT NULL,
	"policy_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	CONSTRAINT "insurance_policies_type" CHECK ("insurance_policies"."type" IN ('cancellation', 'curtailment')),
	CONSTRAINT "insurance_policies_status" CHECK ("insurance_policies"."status" IN ('booking', 'booked')),
	CONSTRAINT "insurance_policies_booked" CHECK (("insurance_policies"."status" = 'booked') = ("insurance_policies"."policy_number" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"locale" text NOT NULL,
	"consent_version" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"confirm_token_hash" text NOT NULL,
	"mail_queued_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscriptions_source" CHECK ("newsletter_subscriptions"."source" IN ('footer', 'checkout'))
);
--> statement-breakpoint
CREATE TABLE "stock_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"locale" text NOT NULL,
	"email" text NOT NULL,
	"offer_id" integer NOT NULL,
	"variant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"locale" text NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reminders" ADD CONSTRAINT "stock_reminders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reminders" ADD CONSTRAINT "stock_reminders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reminders" ADD CONSTRAINT "stock_reminders_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_visitor_idx" ON "consent_records" USING btree ("brand_id","visitor_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_voucher_type_idx" ON "insurance_policies" USING btree ("voucher_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_number_idx" ON "insurance_policies" USING btree ("policy_number");--> statement-breakpoint
CREATE INDEX "insurance_policies_order_idx" ON "insurance_policies" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_address_idx" ON "newsletter_subscriptions" USING btree ("brand_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_token_idx" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_brand_idx" ON "newsletter_subscriptions" USING btree ("brand_id","confirmed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reminders_pending_idx" ON "stock_reminders" USING btree ("brand_id","email","offer_id",coalesce("variant_id", 0)) WHERE "stock_reminders"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_reminders_offer_idx" ON "stock_reminders" USING btree ("offer_id") WHERE "stock_reminders"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "wishes_brand_idx" ON "wishes" USING btree ("brand_id","created_at");