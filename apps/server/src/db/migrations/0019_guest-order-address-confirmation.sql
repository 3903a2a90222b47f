CREATE TABLE "address_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "confirmed_email" text;--> statement-breakpoint
ALTER TABLE "address_confirmations" ADD CONSTRAINT "address_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_confirmations_token_idx" ON "address_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "address_confirmations_customer_idx" ON "address_confirmations" USING btree ("customer_id");