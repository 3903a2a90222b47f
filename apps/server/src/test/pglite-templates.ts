import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';
import { seedDemoCatalogue } from '#src/seed/demo-catalogue.ts';

/**
 * Embedded test databases start from a dump made once per test run (vitest's global set-up) instead
 * of each test file creating, migrating and seeding its own: loading a dump takes about 0.9 s, the
 * three steps about 5 s, and some 60 test files do it. The dumps are the same migrations and the same
 * (deterministic) demo seed the test would have run, so what a test sees does not change.
 */
const directoryVariable = 'SHOP_TEST_PGLITE_TEMPLATES';

export type Template = 'migrated' | 'demo-catalogue';

/** The template to start an embedded database from, when a test run made them. */
export function pgliteTemplate(template: Template): Blob | undefined {
  const directory = process.env[directoryVariable];
  if (!directory) return undefined;
  return new Blob([readFileSync(path.join(directory, `${template}.tar`))]);
}

/** Vitest global set-up: writes both templates and tells the test processes where (by environment). */
export default async function makePgliteTemplates(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => {};
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-pglite-templates-'));
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await handle.migrate();
    await writeDump(handle, path.join(directory, 'migrated.tar'));
    await seedDemoCatalogue(handle.db, {});
    await writeDump(handle, path.join(directory, 'demo-catalogue.tar'));
  } finally {
    await handle.close();
  }
  process.env[directoryVariable] = directory;
  return () => rmSync(directory, { recursive: true, force: true });
}

async function writeDump(handle: DatabaseHandle, file: string): Promise<void> {
  const client = (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}
