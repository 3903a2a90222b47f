/**
 * A brand's configuration as the back office keeps it (docs/decisions/031): every save and every restore
 * is a new row of brand_config_versions, the newest one is what the shop uses; the file is version 0.
 * Each change is written with its audit entry and the shop-change announcement in one transaction, so
 * every process drops its copy within CHANGE_POLL_MS of the commit.
 */
import { type BrandConfigState, type BrandConfigVersion, changedPaths } from '@shop/contracts/admin-brands';
import { type BrandConfig, brandConfigSchema } from '@shop/contracts/brand-config';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { describeIssues } from '#src/http/validation.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { announceShopChange } from '#src/modules/catalogue/shop-changes.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';
import type { ScopedBrand } from '../brand-scope.ts';

export type BrandConfigDeps = { db: Database; brandConfigs: Pick<BrandConfigs, 'readShipped' | 'clear'> };

type VersionRow = {
  version: number;
  config: BrandConfig;
  staff_email: string | null;
  note: string | null;
  restored_from: number | null;
  created_at: Date | string;
};

const isoOf = (value: Date | string) => new Date(value).toISOString();

async function newestRow(db: Database, brandId: number): Promise<VersionRow | undefined> {
  const [row] = await queryRows<VersionRow>(
    db,
    sql`SELECT * FROM brand_config_versions WHERE brand_id = ${brandId} ORDER BY version DESC LIMIT 1`,
  );
  return row;
}

export async function currentBrandConfig(
  deps: BrandConfigDeps,
  brand: ScopedBrand,
): Promise<BrandConfigState> {
  const row = await newestRow(deps.db, brand.id);
  const version = row ? Number(row.version) : 0;
  return {
    brand: { short: brand.short, name: brand.name, version },
    version,
    savedAt: row && row.staff_email !== null ? isoOf(row.created_at) : null,
    staffEmail: row?.staff_email ?? null,
    config: row ? row.config : await deps.brandConfigs.readShipped(brand.short),
  };
}

/** Newest first, each with the fields it changed against the one before; version 0 (the file) last. */
export async function brandConfigVersions(
  deps: BrandConfigDeps,
  brand: ScopedBrand,
): Promise<BrandConfigVersion[]> {
  const rows = await queryRows<VersionRow>(
    deps.db,
    sql`SELECT * FROM brand_config_versions WHERE brand_id = ${brand.id} ORDER BY version`,
  );
  if (rows.length === 0) {
    return [{ version: 0, at: null, staffEmail: null, note: null, restoredFrom: null, changed: [] }];
  }
  return rows
    .map((row, index) => ({
      version: Number(row.version),
      at: isoOf(row.created_at),
      staffEmail: row.staff_email,
      note: row.note,
      restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
      changed: index === 0 ? [] : changedPaths(rows[index - 1]?.config, row.config),
    }))
    .reverse();
}

/** One version's configuration, or null when the brand has no such version. */
async function versionConfig(deps: BrandConfigDeps, brand: ScopedBrand, version: number) {
  const [row] = await queryRows<{ config: BrandConfig }>(
    deps.db,
    sql`SELECT config FROM brand_config_versions WHERE brand_id = ${brand.id} AND version = ${version}`,
  );
  if (row) return row.config;
  // Nothing saved yet: version 0 is the file itself.
  if (version === 0 && !(await newestRow(deps.db, brand.id)))
    return deps.brandConfigs.readShipped(brand.short);
  return null;
}

type Change = {
  config: BrandConfig;
  expectedVersion?: number | undefined;
  note?: string | undefined;
  restoredFrom?: number;
};

/**
 * Saves `change.config` (already checked against the schema) as the brand's next version, under the
 * brand row's lock so that two saves get two versions; refuses with 409 when `expectedVersion` is not the
 * current one (a save from a form loaded before another save).
 */
export async function saveBrandConfig(
  deps: BrandConfigDeps,
  actor: Actor,
  brand: ScopedBrand,
  change: Change,
): Promise<BrandConfigState> {
  const shipped = await deps.brandConfigs.readShipped(brand.short).catch(() => null);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM brands WHERE id = ${brand.id} FOR UPDATE`);
    const newest = await newestRow(tx, brand.id);
    const current = newest ? Number(newest.version) : 0;
    if (change.expectedVersion !== undefined && change.expectedVersion !== current) {
      throw new HttpProblem(409, 'edit-conflict', `version ${current}, not ${change.expectedVersion}`);
    }
    const before = newest?.config ?? shipped;
    if (!newest && shipped) {
      // The file as it was until now stays in the history, so that a return to it is one restore away.
      await tx.execute(
        sql`INSERT INTO brand_config_versions (brand_id, version, config)
            VALUES (${brand.id}, 0, ${JSON.stringify(shipped)}::jsonb)`,
      );
    }
    const version = current + 1;
    await tx.execute(
      sql`INSERT INTO brand_config_versions (brand_id, version, config, staff_id, staff_email, note, restored_from)
          VALUES (${brand.id}, ${version}, ${JSON.stringify(change.config)}::jsonb, ${actor.staff.member.id},
            ${actor.staff.member.email}, ${change.note || null}, ${change.restoredFrom ?? null})`,
    );
    await recordAudit(tx, actor, {
      action: change.restoredFrom === undefined ? 'brand.config-saved' : 'brand.config-restored',
      subject: `brand:${brand.short}`,
      before: before === null ? null : { version: current, config: before },
      after: {
        version,
        config: change.config,
        changed: before === null ? [] : changedPaths(before, change.config),
        ...(change.restoredFrom === undefined ? {} : { restoredFrom: change.restoredFrom }),
      },
      note: change.note || null,
    });
    await announceShopChange(tx);
  });
  // This process at once; the others when their watch sees the announcement.
  deps.brandConfigs.clear();
  return currentBrandConfig(deps, brand);
}

/** A new version equal to `version`'s configuration; 404 when the brand has no such version. */
export async function restoreBrandConfig(
  deps: BrandConfigDeps,
  actor: Actor,
  brand: ScopedBrand,
  version: number,
  note: string | undefined,
  locale: Locale,
): Promise<BrandConfigState> {
  const config = await versionConfig(deps, brand, version);
  if (!config) throw new HttpProblem(404, 'not-found', `version ${version}`);
  // A version saved under an older schema may no longer be one the shop can read: refused, not restored.
  const checked = brandConfigSchema.safeParse(config);
  if (!checked.success) {
    const { detail, errors } = describeIssues(checked.error.issues, locale);
    throw new HttpProblem(422, 'validation-error', detail, errors);
  }
  return saveBrandConfig(deps, actor, brand, { config, note, restoredFrom: version });
}
