CREATE TABLE "order_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"filters" jsonb NOT NULL,
	"brand_ids" integer[],
	"locale" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_exports" ADD CONSTRAINT "order_exports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_exports_staff_idx" ON "order_exports" USING btree ("staff_id","created_at");