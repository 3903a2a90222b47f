CREATE TABLE "offer_search_removals" (
	"offer_id" integer NOT NULL,
	"revision" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_search" ALTER COLUMN "documents_hash" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "offer_search" ADD COLUMN "revision" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "offer_search_removals_revision_idx" ON "offer_search_removals" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "offer_search_revision_idx" ON "offer_search" USING btree ("revision");--> statement-breakpoint
CREATE FUNCTION stamp_offer_search_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := pg_current_xact_id();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER offer_search_revision BEFORE UPDATE ON "offer_search"
  FOR EACH ROW EXECUTE FUNCTION stamp_offer_search_revision();
--> statement-breakpoint
CREATE FUNCTION record_offer_search_removals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_search_removals (offer_id) SELECT offer_id FROM removed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offer_search_removals AFTER DELETE ON "offer_search"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION record_offer_search_removals();
