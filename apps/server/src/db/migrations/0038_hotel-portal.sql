CREATE TABLE "hotel_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"label" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hotel_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"month" date NOT NULL,
	"total_cents" integer NOT NULL,
	"redemptions" integer NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" uuid,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "staff_hotels" (
	"staff_id" uuid NOT NULL,
	"hotel_id" integer NOT NULL,
	CONSTRAINT "staff_hotels_staff_id_hotel_id_pk" PRIMARY KEY("staff_id","hotel_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"booking_reference" text,
	"nights_note" text,
	"net_rate_cents" integer,
	"staff_id" uuid,
	"api_key_id" integer,
	"redeemed_by_name" text NOT NULL,
	"idempotency_key" text,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_name" text,
	"undo_note" text,
	"statement_id" integer
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "net_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "hotel_api_keys" ADD CONSTRAINT "hotel_api_keys_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_api_keys" ADD CONSTRAINT "hotel_api_keys_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_statements" ADD CONSTRAINT "hotel_statements_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_statements" ADD CONSTRAINT "hotel_statements_paid_by_staff_id_fk" FOREIGN KEY ("paid_by") REFERENCES "staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_hotels" ADD CONSTRAINT "staff_hotels_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_hotels" ADD CONSTRAINT "staff_hotels_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_api_key_id_hotel_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "hotel_api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_statement_id_hotel_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "hotel_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_api_keys_hash_idx" ON "hotel_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "hotel_api_keys_hotel_idx" ON "hotel_api_keys" USING btree ("hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_statements_month_idx" ON "hotel_statements" USING btree ("hotel_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_once_idx" ON "voucher_redemptions" USING btree ("voucher_id") WHERE undone_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_idempotency_idx" ON "voucher_redemptions" USING btree ("hotel_id","idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX "voucher_redemptions_hotel_idx" ON "voucher_redemptions" USING btree ("hotel_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_idx" ON "voucher_redemptions" USING btree ("voucher_id");