CREATE TABLE "installation_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"request_id" text NOT NULL,
	"capture_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_request_idx" ON "sandbox_refunds" USING btree ("provider","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_request_idx" ON "sandbox_payments" USING btree ("provider","request_id");