import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { staleWhileDatabaseAway } from '#src/db/database-unavailable.ts';
import { translate } from '#src/db/translate.ts';
import { TtlCache } from '#src/lib/cache.ts';
import { loadReferenceData } from './dictionary.repository.ts';

type ReferenceData = Awaited<ReturnType<typeof loadReferenceData>>;

/** Labels for country, theme, feature and board codes in each language, cached for the catalogue TTL. */
export function createDictionary(db: Database, ttlMs: number) {
  const cache = new TtlCache<Labels>(Math.max(ttlMs, 1_000), 1, staleWhileDatabaseAway);
  return { load: () => cache.get('all', async () => new Labels(await loadReferenceData(db))) };
}

export type Dictionary = ReturnType<typeof createDictionary>;

export class Labels {
  private readonly countries: Map<string, ReferenceData['countryRows'][number]>;
  private readonly themes: Map<number, ReferenceData['themeRows'][number]>;
  private readonly features: Map<number, ReferenceData['featureRows'][number]>;
  private readonly boards: Map<string, ReferenceData['boardRows'][number]>;

  constructor(readonly data: ReferenceData) {
    this.countries = new Map(data.countryRows.map((row) => [row.iso, row]));
    this.themes = new Map(data.themeRows.map((row) => [row.id, row]));
    this.features = new Map(data.featureRows.map((row) => [row.code, row]));
    this.boards = new Map(data.boardRows.map((row) => [row.code, row]));
  }

  country(iso: string, locale: Locale) {
    const row = this.countries.get(iso);
    return { iso, name: row ? translate(row.name, locale) : iso };
  }

  theme(id: number, locale: Locale) {
    const row = this.themes.get(id);
    return { id, name: row ? translate(row.name, locale) : String(id) };
  }

  feature(code: number, locale: Locale) {
    const row = this.features.get(code);
    return { code, icon: row?.icon ?? 'feature', label: row ? translate(row.label, locale) : String(code) };
  }

  board(code: string | null, locale: Locale) {
    if (code === null) return null;
    const row = this.boards.get(code);
    if (!row) return { code, short: code, name: code };
    return { code, short: translate(row.short, locale), name: translate(row.name, locale) };
  }
}
