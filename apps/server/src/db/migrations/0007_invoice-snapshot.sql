-- The invoice's snapshot: everything the invoice says (seller, buyer, lines, totals, VAT treatment), fixed
-- in the transaction that issues it; the PDF is rendered from it alone (docs/decisions/016).
-- Invoices issued before this migration are NOT backfilled here: their seller, VAT id and VAT treatment
-- live in the brands' config.json files, which SQL cannot read. Each takes its snapshot from the data
-- as it is at its first download instead (modules/invoices/invoices.service.ts), and keeps it from then on.
ALTER TABLE "invoices" ADD COLUMN "snapshot" jsonb;
--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): an issued invoice is a legal document that must be
-- kept unchanged (§ 14b UStG, art. 39 DPR 633/1972). Once its snapshot is stored, no column of the row may
-- change; before that, only the snapshot may be set (once, by the first download). No invoice is deleted.
CREATE FUNCTION invoices_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice % is a legal document and cannot be deleted', OLD.invoice_number;
  END IF;
  IF OLD.snapshot IS NOT NULL OR (to_jsonb(NEW) - 'snapshot') IS DISTINCT FROM (to_jsonb(OLD) - 'snapshot') THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.invoice_number;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_keep_issued BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_keep_issued();
