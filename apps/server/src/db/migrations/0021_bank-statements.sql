CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"content" text,
	"uploaded_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"counts" jsonb,
	"problem" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "bank_statement_id" integer;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "handled_note" text;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_bank_statement_id_bank_statements_id_fk" FOREIGN KEY ("bank_statement_id") REFERENCES "bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transactions_statement_idx" ON "bank_transactions" USING btree ("bank_statement_id");