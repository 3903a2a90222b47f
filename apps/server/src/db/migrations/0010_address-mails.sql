ALTER TABLE "mails" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" DROP CONSTRAINT "mails_order_or_customer";--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_one_addressee" CHECK (num_nonnulls("order_id", "customer_id", "recipient") = 1);--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_address_brand" CHECK ("recipient" IS NULL OR ("brand_id" IS NOT NULL AND "locale" IS NOT NULL));
