-- Extensions and text-search configurations the catalogue search relies on.
-- shop_<lang> = the language's stemmer behind unaccent, so "Sudtirol" matches "Südtirol";
-- shop_simple = unaccented words without stemming, for proper names in every language.
-- Extensions go to public, shared by every schema (a test schema dropped with CASCADE must not take them along).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_simple (COPY = simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_de (COPY = german);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_de ALTER MAPPING FOR hword, hword_part, word WITH unaccent, german_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_en (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_it (COPY = italian);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_it ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem;
