/**
 * A brand's configuration edited in the back office (issue 26, docs/decisions/031): the current one with
 * its version, a save of the whole configuration (checked with the config file's own schema), the
 * versions with who saved them and which fields changed, and a return to an earlier version.
 */
import { z } from 'zod';
import { brandConfigSchema } from './brand-config.ts';
import { text } from './text.ts';

const brandShort = text()
  .regex(/^[a-z0-9-]+$/)
  .max(40);

export const adminBrandParams = z.object({ short: brandShort });

export const adminBrandVersionParams = z.object({
  short: brandShort,
  version: text()
    .regex(/^(0|[1-9]\d{0,8})$/)
    .transform(Number),
});

/** The brand a configuration belongs to, with its current version (0: the file as shipped). */
export const configuredBrandSchema = z.object({
  short: text(),
  name: text(),
  version: z.number().int(),
});
export type ConfiguredBrand = z.infer<typeof configuredBrandSchema>;

/** The configuration the shop uses now; `savedAt`/`staffEmail` null while it is still the file's. */
export const brandConfigStateSchema = z.object({
  brand: configuredBrandSchema,
  version: z.number().int(),
  savedAt: text().nullable(),
  staffEmail: text().nullable(),
  config: brandConfigSchema,
});
export type BrandConfigState = z.infer<typeof brandConfigStateSchema>;

/**
 * A save: the whole configuration. `expectedVersion`: the version the form was loaded with; when another
 * save came in between, the answer is 409 `edit-conflict` and nothing is saved.
 */
export const brandConfigSaveSchema = z.object({
  config: brandConfigSchema,
  expectedVersion: z.number().int().min(0).optional(),
  note: text().trim().max(500).optional(),
});
export type BrandConfigSave = z.input<typeof brandConfigSaveSchema>;

export const brandConfigVersionSchema = z.object({
  version: z.number().int(),
  /** null for version 0 while nothing was saved yet: the file as shipped. */
  at: text().nullable(),
  /** null: the file (version 0). */
  staffEmail: text().nullable(),
  note: text().nullable(),
  /** A restore: the version it brought back. */
  restoredFrom: z.number().int().nullable(),
  /** The fields that differ from the version before, as dotted paths (`hero.de.title`, `landingPages.2`). */
  changed: z.array(text()),
});
export type BrandConfigVersion = z.infer<typeof brandConfigVersionSchema>;

/** Newest first. */
export const brandConfigVersionListSchema = z.object({ versions: z.array(brandConfigVersionSchema) });
export type BrandConfigVersionList = z.infer<typeof brandConfigVersionListSchema>;

/** The restore's note, optional. */
export const brandConfigRestoreSchema = z.object({ note: text().trim().max(500).optional() });

/**
 * The dotted paths at which two configurations differ: leaves of objects, array items by index, an
 * array's added or removed items by their index too. Shared so that the list and a preview agree.
 */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  if (Object.is(before, after)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (Array.isArray(before) && Array.isArray(after)) {
    const paths: string[] = [];
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const path = prefix ? `${prefix}.${index}` : String(index);
      if (index >= before.length || index >= after.length) paths.push(path);
      else paths.push(...changedPaths(before[index], after[index], path));
    }
    return paths;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  return [prefix || '(root)'];
}
