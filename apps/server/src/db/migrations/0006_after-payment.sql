CREATE TABLE "bank_transactions" (
	"entry_id" text PRIMARY KEY NOT NULL,
	"statement_id" text NOT NULL,
	"booking_date" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"remittance" text NOT NULL,
	"outcome" text NOT NULL,
	"order_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "layout" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transactions_order_idx" ON "bank_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mails_dedupe_idx" ON "mails" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mails_order_idx" ON "mails" USING btree ("order_id");