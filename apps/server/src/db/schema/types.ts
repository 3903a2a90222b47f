import { customType, jsonb } from 'drizzle-orm/pg-core';

/** A text in every shop language; `de` is always present, the others fall back (see locale.ts). */
export type TranslatedText = { de: string; en?: string; it?: string };

export const translated = (name: string) => jsonb(name).$type<TranslatedText>();

export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** A transaction id with its epoch (never wraps): what `pg_current_xact_id()` answers. */
export const xid8 = customType<{ data: string }>({
  dataType: () => 'xid8',
});
