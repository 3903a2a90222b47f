-- A code is one word over every brand (the back office already refuses a taken one; this index
-- decides between two members saving the same code at once). The columns drizzle-kit would add here
-- came with the custom migrations 0028 and 0031; its snapshot now knows them.
-- A code already on two brands (made before, by SQL or by that race) stops the migration with the codes
-- named: which promotion keeps the word is the operator's decision, not ours.
DO $$
DECLARE
  taken text;
BEGIN
  SELECT string_agg(code, ', ') INTO taken
    FROM (SELECT lower(code) AS code FROM reductions GROUP BY 1 HAVING count(*) > 1 ORDER BY 1 LIMIT 20) twice;
  IF taken IS NOT NULL THEN
    RAISE EXCEPTION 'promotion codes used on several brands: %. Give all but one of each another code (UPDATE reductions SET code = ... WHERE id = ...), then start the shop again.', taken;
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "reductions_brand_code_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "reductions_code_idx" ON "reductions" USING btree (lower("code"));
