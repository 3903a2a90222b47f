import type { Database } from '#src/db/client.ts';
import { boards, countries, hotelFeatures, themes } from '#src/db/schema/index.ts';

/** The small reference tables every catalogue answer labels its codes with. */
export async function loadReferenceData(db: Database) {
  const [countryRows, themeRows, featureRows, boardRows] = await Promise.all([
    db.select().from(countries).orderBy(countries.sortOrder, countries.iso),
    db.select().from(themes).orderBy(themes.sortOrder, themes.id),
    db.select().from(hotelFeatures).orderBy(hotelFeatures.code),
    db.select().from(boards).orderBy(boards.code),
  ]);
  return { countryRows, themeRows, featureRows, boardRows };
}
