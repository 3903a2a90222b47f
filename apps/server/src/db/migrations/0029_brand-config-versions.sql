-- A brand's configuration as saved in the back office (issue 26, docs/decisions/031): every save or restore is a
-- new row; the newest one is the brand's configuration, the file on the asset host only its seed. Version 0 is
-- the file as it was when the first change was saved. Rows are never changed: a restore is a new version.
CREATE TABLE "brand_config_versions" (
  "brand_id" integer NOT NULL REFERENCES "brands" ("id") ON DELETE CASCADE,
  "version" integer NOT NULL CHECK ("version" >= 0),
  "config" jsonb NOT NULL,
  "staff_id" uuid,
  "staff_email" text,
  "note" text,
  "restored_from" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("brand_id", "version")
);
