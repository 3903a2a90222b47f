-- An import started from a dry run names it: what is written must be what the dry run listed.
ALTER TABLE catalogue_imports ADD COLUMN checked_import_id integer REFERENCES catalogue_imports(id);
